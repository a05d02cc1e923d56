import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { WithdrawDialog } from './withdraw-dialog.tsx';
import { fetchMock, MAYA_HERE, quote, serve } from './withdraw-dialog-fixtures.ts';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('withdrawing a child in Spanish (issue 14)', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  function renderDialog(supplyFee?: number) {
    const onClose = vi.fn();
    renderPage(
      <WithdrawDialog
        enrollment={MAYA_HERE}
        onClose={onClose}
        onWithdrawn={() => {}}
        supplyFee={supplyFee}
      />,
      { path: '/dashboard/sessions/2' },
    );
    return { dialog: screen.getByRole('dialog', { name: 'Dar de baja a Maya' }), onClose };
  }

  it('shows the refund, the dates and the policy in Spanish, and confirms with the amount', async () => {
    serve(
      [
        jsonReply(
          200,
          quote({
            policySentences: [
              ...quote().policySentences,
              'The supply fee ($40.00) is refunded only in the full-refund period.',
            ],
          }),
        ),
      ],
      [],
    );
    const { dialog, onClose } = renderDialog(4_000);
    const table = await within(dialog).findByRole('table', { name: 'Su reembolso' });
    expect(within(table).getByRole('row', { name: /Costo de inscripción \(completo\)/ })).toHaveTextContent(
      '$270.00',
    );
    expect(within(table).getByRole('row', { name: /Cuota de materiales/ })).toHaveTextContent('$40.00');
    expect(within(table).getByRole('row', { name: /Su reembolso/ })).toHaveTextContent('$310.00');
    expect(dialog).toHaveTextContent(
      'Si da de baja a Maya hoy (sábado, 20 de diciembre de 2098), Maya deja su lugar en Winter Morning Session',
    );
    expect(dialog).toHaveTextContent(
      'Hoy está dentro del periodo de reembolso completo, que termina el lunes, 29 de diciembre de 2098.',
    );
    const policy = within(dialog).getByRole('heading', {
      name: 'Política de reembolso de Winter Morning Session',
    }).nextElementSibling as HTMLElement;
    expect(
      within(policy)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Si da de baja a su hijo o hija a más tardar el lunes, 29 de diciembre de 2098 (14 días antes del primer día), le reembolsamos todo lo que pagó.',
      'Después de esa fecha, le reembolsamos el 50% del costo de inscripción hasta el último día.',
      'La cuota de materiales ($40.00) solo se reembolsa durante el periodo de reembolso completo.',
    ]);
    expect(dialog).toHaveTextContent(
      'Le devolvemos $310.00 a la tarjeta con la que pagó, normalmente en un plazo de 5 a 10 días hábiles.',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Dar de baja a Maya y reembolsar $310.00' }),
    ).toBeEnabled();
    expect(dialog).not.toHaveTextContent(/Withdraw|refund policy|After that/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says in Spanish that the child is withdrawn and the refund is made', async () => {
    act(() => notifications.clean());
    serve(
      [jsonReply(200, quote())],
      [
        jsonReply(200, {
          enrollmentId: MAYA_HERE.id,
          refund: 31_000,
          refundStatus: 'Succeeded',
          message:
            'Maya is withdrawn. We have refunded $310.00; it usually shows on your statement within 5–10 business days.',
        }),
      ],
    );
    const { dialog } = renderDialog(4_000);
    fireEvent.click(
      await within(dialog).findByRole('button', { name: 'Dar de baja a Maya y reembolsar $310.00' }),
    );
    expect(
      await screen.findByText(
        'Dimos de baja a Maya. Le reembolsamos $310.00; normalmente aparece en su estado de cuenta en 5 a 10 días hábiles.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Maya is withdrawn/)).not.toBeInTheDocument();
  });

  it('says in Spanish that the sibling discount comes off the refund, and only as far as the refund goes', async () => {
    serve(
      [
        jsonReply(
          200,
          quote({
            window: 'partial',
            registrationRefund: 1_000,
            supplyFeeRefund: 0,
            policyTotal: 1_000,
            siblingDiscounts: [
              { firstNames: ['Theo'], sessionName: 'Spring Morning Session', discount: 3_000 },
            ],
            siblingDiscountKept: 1_000,
            refund: 0,
          }),
        ),
      ],
      [],
    );
    const { dialog } = renderDialog(4_000);
    expect(
      await within(dialog).findByRole('row', {
        name: /Menos el descuento por hermanos que termina con el lugar de Maya/,
      }),
    ).toHaveTextContent('−$10.00');
    expect(dialog).toHaveTextContent(
      'Theo recibió el descuento por hermanos en Spring Morning Session ($30.00 menos) porque Maya tenía un lugar en el programa. Al retirar a Maya, ningún lugar de un hermano o hermana da ese descuento, así que se descuenta de este reembolso: $10.00, todo el reembolso. No le cobramos el resto.',
    );
  });

  it('says the supply fee rule without its amount when the page does not give it', async () => {
    serve(
      [
        jsonReply(
          200,
          quote({
            window: 'partial',
            registrationRefund: 13_500,
            supplyFeeRefund: 0,
            policyTotal: 13_500,
            refund: 13_500,
            policySentences: [
              ...quote().policySentences,
              'The supply fee ($40.00) is refunded only in the full-refund period.',
            ],
          }),
        ),
      ],
      [],
    );
    const { dialog } = renderDialog();
    expect(
      await within(dialog).findByRole('row', { name: /Costo de inscripción: 50% de \$270\.00/ }),
    ).toHaveTextContent('$135.00');
    expect(within(dialog).getByRole('row', { name: /Cuota de materiales/ })).toHaveTextContent(
      'No se reembolsa',
    );
    expect(dialog).toHaveTextContent(
      'El periodo de reembolso completo terminó el lunes, 29 de diciembre de 2098.',
    );
    expect(dialog).toHaveTextContent(
      'La cuota de materiales solo se reembolsa durante el periodo de reembolso completo.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });
});
