import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { errorReply, jsonReply, renderPage } from '../testing/render-page.tsx';
import { FamilyDataSection } from './family-data-section.tsx';

const fetchMock = vi.fn<typeof fetch>();
const MONEY =
  'Some money is still on its way (a payment in progress or a refund). You can close your account as soon as it has gone through.';

/** POST /api/Family/Close: a wrong password (field), then a refusal while money is on its way. */
function serve() {
  let attempt = 0;
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/Family/Close' && init?.method === 'POST') {
      attempt += 1;
      return attempt === 1
        ? errorReply(init, 400, 'family.close.wrongPassword', {
            fields: { password: 'family.close.wrongPasswordField' },
          })
        : errorReply(init, 409, 'family.close.moneyPending');
    }
    return jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('your family’s data', () => {
  it('asks for the password before closing the account, by its field', async () => {
    serve();
    renderPage(<FamilyDataSection />, { path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Your family’s data' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close our account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close our account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close our account' }));
    const password = within(dialog).getByLabelText('Your password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription('Type your password to confirm');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('gives the center’s reason in the dialog’s alert, and opens again empty after “Keep my account”', async () => {
    serve();
    renderPage(<FamilyDataSection />, { path: '/dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Close our account' }));
    let dialog = await screen.findByRole('dialog', { name: 'Close our account' });
    const submit = within(dialog).getByRole('button', { name: 'Close our account' });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'not-it' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Your password')).toHaveAccessibleDescription(
        'That password is not right',
      ),
    );
    fireEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MONEY);

    fireEvent.click(within(dialog).getByRole('button', { name: /^keep/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Close our account' }));
    dialog = await screen.findByRole('dialog', { name: 'Close our account' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveValue('');
    expect(within(dialog).getByLabelText('Your password')).not.toHaveAccessibleDescription(
      'That password is not right',
    );
  });
});

describe('your family’s data in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish, in the dialog and by the password field, and gives the center’s reason in Spanish', async () => {
    await i18n.changeLanguage('es');
    serve();
    renderPage(<FamilyDataSection />, { path: '/dashboard' });

    expect(screen.getByRole('heading', { name: 'Los datos de su familia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar los datos de mi familia' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar mi cuenta' });
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Conservar mi cuenta' })).toBeInTheDocument();

    const submit = within(dialog).getByRole('button', { name: 'Cerrar mi cuenta' });
    fireEvent.click(submit);
    const password = within(dialog).getByLabelText('Su contraseña');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription('Escriba su contraseña para confirmar');

    fireEvent.change(password, { target: { value: 'not-it' } });
    fireEvent.click(submit);
    await waitFor(() => expect(password).toHaveAccessibleDescription('Esa contraseña no es correcta'));

    fireEvent.click(submit);
    expect(
      await within(dialog).findByText(
        'Todavía hay dinero en camino (un pago en proceso o un reembolso). Podrá cerrar su cuenta en cuanto se complete.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(MONEY)).not.toBeInTheDocument();
    expect(screen.queryByText('Your password')).not.toBeInTheDocument();
  });
});
