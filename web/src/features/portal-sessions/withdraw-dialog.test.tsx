import type { WithdrawalQuote } from '@lc/contract';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import MySessionPage from '../../pages/portal/my-session-page.tsx';
import { classSessionFixture } from '../testing/class-session-fixture.ts';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { enrollment, sessionSummary } from './test-fixtures.ts';
import { WithdrawDialog } from './withdraw-dialog.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const SESSION = classSessionFixture({
  id: 2,
  name: 'Winter Morning Session',
  sessionStartDate: '2099-01-12',
  sessionEndDate: '2099-03-27',
});
const MAYA_HERE = enrollment({ classSession: sessionSummary({ id: 2 }) });
const QUOTE_PATH = `/api/ClassSessionEnrollment/${MAYA_HERE.id}/Withdrawal`;
const WITHDRAW_PATH = `/api/ClassSessionEnrollment/${MAYA_HERE.id}/Withdraw`;

function quote(overrides: Partial<WithdrawalQuote> = {}): WithdrawalQuote {
  return {
    enrollmentId: MAYA_HERE.id,
    child: { id: MAYA_HERE.studentId, firstName: 'Maya', fullName: 'Maya Avery' },
    classSession: {
      id: 2,
      name: 'Winter Morning Session',
      sessionStartDate: '2099-01-12',
      sessionEndDate: '2099-03-27',
    },
    today: '2098-12-20',
    policy: { refundFullDaysBefore: 14, refundPercentAfter: 50, supplyFeeRefundUntil: null },
    policySentences: [
      'Withdraw by Monday, December 29, 2098 (14 days before the first day) and we refund everything you paid.',
      'After that, we refund 50% of the registration until the last day.',
    ],
    window: 'full',
    fullRefundUntil: '2098-12-29',
    registrationShare: 27_000,
    registrationRefund: 27_000,
    supplyFeeRefund: 4_000,
    policyTotal: 31_000,
    refundableOnPayment: 65_000,
    siblingDiscounts: [],
    siblingDiscountKept: 0,
    refund: 31_000,
    capped: false,
    refundMethod: 'card',
    ...overrides,
  };
}

/** Serves the page's reads, and `quotes` / `withdraws` in turn for the dialog's calls; records the POST bodies. */
function serve(quotes: Response[], withdraws: Response[]) {
  const posted: unknown[] = [];
  let enrollmentReads = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/ClassSession/2') return jsonReply(200, SESSION);
    if (key === 'GET /api/ClassSessionEnrollment') {
      enrollmentReads++;
      return jsonReply(200, [enrollmentReads === 1 ? MAYA_HERE : { ...MAYA_HERE, status: 'Withdrawn' }]);
    }
    if (key === 'GET /api/Announcement/ClassSession/2' || key === 'GET /api/ClassSession/2/Resources')
      return jsonReply(200, []);
    if (key === `GET ${QUOTE_PATH}`) return quotes.shift()!;
    if (key === `POST ${WITHDRAW_PATH}`) {
      posted.push(JSON.parse(String(init?.body)));
      return withdraws.shift()!;
    }
    return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
  return { posted, enrollmentReads: () => enrollmentReads };
}

async function openDialog() {
  renderPage(<MySessionPage />, {
    path: '/dashboard/sessions/2',
    pattern: '/dashboard/sessions/:classSessionId',
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Withdraw Maya' }));
  return screen.findByRole('dialog', { name: 'Withdraw Maya' });
}

describe('withdrawing a child in the portal', () => {
  it('shows the exact refund and the policy before confirming, then withdraws with that amount and refreshes', async () => {
    const calls = serve(
      [jsonReply(200, quote())],
      [
        jsonReply(200, {
          enrollmentId: MAYA_HERE.id,
          refund: 31_000,
          refundStatus: 'Succeeded',
          message: 'Maya is withdrawn. We have refunded $310.00.',
        }),
      ],
    );
    const dialog = await openDialog();
    const table = await within(dialog).findByRole('table', { name: 'Your refund' });
    expect(within(table).getByRole('row', { name: /Registration, in full/ })).toHaveTextContent('$270.00');
    expect(within(table).getByRole('row', { name: /Supply fee/ })).toHaveTextContent('$40.00');
    expect(within(table).getByRole('row', { name: /Your refund/ })).toHaveTextContent('$310.00');
    expect(dialog).toHaveTextContent('After that, we refund 50% of the registration until the last day.');
    expect(dialog).toHaveTextContent('$310.00 goes back to the card you paid with');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw Maya and refund $310.00' }));
    expect(await screen.findByText('Maya is withdrawn. We have refunded $310.00.')).toBeInTheDocument();
    expect(calls.posted).toEqual([
      { expectedRefund: 31_000, idempotencyKey: expect.stringMatching(/^[\w-]{8,}$/) },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.enrollmentReads()).toBe(2));
    expect(screen.queryByRole('button', { name: 'Withdraw Maya' })).toBeNull();
  });

  it('a free place says there is nothing to refund, without a breakdown', async () => {
    serve(
      [
        jsonReply(
          200,
          quote({
            window: 'partial',
            registrationShare: 0,
            registrationRefund: 0,
            supplyFeeRefund: 0,
            policyTotal: 0,
            refundableOnPayment: 0,
            refund: 0,
            refundMethod: 'none',
          }),
        ),
      ],
      [],
    );
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText('This place was free of charge, so there is nothing to refund.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: 'Your refund' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Withdraw Maya with no refund' })).toBeInTheDocument();
  });

  it('a refund that changed meanwhile is said in the dialog, the new one is shown, and the retry keeps its key', async () => {
    const calls = serve(
      [
        jsonReply(200, quote()),
        jsonReply(
          200,
          quote({
            window: 'partial',
            registrationRefund: 13_500,
            supplyFeeRefund: 0,
            policyTotal: 13_500,
            refund: 13_500,
          }),
        ),
      ],
      [
        jsonReply(409, {
          error: 'Conflict',
          message: 'The refund for withdrawing Maya today is $135.00, not the $310.00 you were shown.',
          fields: { expectedRefund: 'The refund is now $135.00.' },
          requestId: 'r',
        }),
        jsonReply(200, {
          enrollmentId: MAYA_HERE.id,
          refund: 13_500,
          refundStatus: 'Succeeded',
          message: 'Done.',
        }),
      ],
    );
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Withdraw Maya and refund $310.00' }));
    const again = await within(dialog).findByRole('button', { name: 'Withdraw Maya and refund $135.00' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('is $135.00, not the $310.00 you were shown');
    expect(within(dialog).getByRole('row', { name: /Registration, 50% of \$270\.00/ })).toHaveTextContent(
      '$135.00',
    );
    fireEvent.click(again);
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    const [first, second] = calls.posted as Array<{ expectedRefund: number; idempotencyKey: string }>;
    expect([first!.expectedRefund, second!.expectedRefund]).toEqual([31_000, 13_500]);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });

  it('says before confirming that a brother’s sibling discount this place earned comes off the refund (decision 019)', async () => {
    const calls = serve(
      [
        jsonReply(
          200,
          quote({
            siblingDiscounts: [
              { firstNames: ['Theo'], sessionName: 'Spring Morning Session', discount: 3_000 },
            ],
            siblingDiscountKept: 3_000,
            refund: 28_000,
          }),
        ),
      ],
      [],
    );
    const dialog = await openDialog();
    const table = await within(dialog).findByRole('table', { name: 'Your refund' });
    expect(
      within(table).getByRole('row', { name: /Less the sibling discount that ends with Maya’s place/ }),
    ).toHaveTextContent('−$30.00');
    expect(within(table).getByRole('row', { name: /Your refund/ })).toHaveTextContent('$280.00');
    expect(dialog).toHaveTextContent(
      'Theo got the sibling discount in Spring Morning Session ($30.00 off) because Maya had a place in the program. With Maya withdrawn no brother’s or sister’s place earns it any more, so it comes off this refund.',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Withdraw Maya and refund $280.00' }),
    ).toBeInTheDocument();
    expect(calls.posted).toEqual([]);
  });

  it('a place that cannot be withdrawn any more says why, with no confirm button', async () => {
    serve(
      [
        jsonReply(409, {
          error: 'Conflict',
          message: 'Maya was already withdrawn from Winter Morning Session on Friday, December 19, 2098.',
          requestId: 'r',
        }),
      ],
      [],
    );
    const dialog = await openDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Maya was already withdrawn');
    expect(within(dialog).queryByRole('button', { name: /^Withdraw Maya/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

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
