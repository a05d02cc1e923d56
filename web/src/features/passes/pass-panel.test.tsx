import {
  apiErrorSentence,
  type PassCard,
  type PassState,
  PIN_MESSAGE,
  type PickupPass,
  type Trustee,
} from '@lc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearToken, setToken } from '../../lib/auth-token.ts';
import { errorReply, jsonReply, renderPage, requestedLanguage } from '../testing/render-page.tsx';
import { PassPanel } from './pass-panel.tsx';

const fetchMock = vi.fn<typeof fetch>();

const ROSE: Trustee = {
  id: '0b8e7d6c-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
  isActive: true,
  type: 'Trustee',
  firstName: 'Rose',
  lastName: 'Lee',
  fullName: 'Rose Lee',
  homePhone: null,
  cellPhone: '+16505550101',
  emailAddress: 'rose@example.com',
  relationship: 'Grandparent',
  canPickup: true,
  receiveSMS: false,
  receiveEmail: false,
  studentIds: [],
};
const PASS_URL = `/api/Student/Trustees/${ROSE.id}/Pass`;

const ACTIVE: PickupPass = {
  id: '5d2c1b0a-9e8f-4d7c-8b6a-5f4e3d2c1b0a',
  isActive: true,
  imageUrl: null,
  data: null,
  applePassUrl: null,
  applePassAuthenticationToken: null,
  applePassIdenitifier: null,
  applePassSerialNumber: null,
  googlePassUrl: null,
  trusteeId: ROSE.id,
  holderName: 'Rose Lee',
  status: 'Active',
  statusReason: null,
  created: '2026-11-20T18:00:00.000Z',
  expiresAt: '2027-11-20T18:00:00.000Z',
  revokedAt: null,
};

const CARD: PassCard = {
  holderName: 'Rose Lee',
  relationship: 'Grandparent',
  children: ['Mia', 'Sam'],
  status: 'Active',
  statusReason: null,
  expiresAt: ACTIVE.expiresAt,
  code: 'K7Q2 M9XD RT4V NB8P J6HC 3WZF Y1',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h4v4H0z"/></svg>',
  appleWalletUrl: null,
  googleWalletUrl: null,
};

const state = (pass: PickupPass | null, cannotIssue: string | null = null): PassState => ({
  pass,
  cannotIssue,
  wallets: { apple: false, google: false },
});

/** Answers "METHOD url" → reply; anything else is a 404. */
function serve(replies: Record<string, (init?: RequestInit) => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const reply = replies[`${init?.method ?? 'GET'} ${String(input)}`];
    return reply ? reply(init) : jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

const calls = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u) === url && (init?.method ?? 'GET') === method);

function renderPanel(trustee: Trustee = ROSE) {
  return renderPage(<PassPanel trustee={trustee} childNames={['Mia', 'Sam']} />, { path: '/contact' });
}

function type(label: RegExp, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

/** A signed-in parent's token (only the claims the panel reads; the signature is not checked here). */
function tokenFor(email: string): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const payload = btoa(JSON.stringify({ sub: '1', email, given_name: 'Rose', exp })).replace(/=+$/, '');
  return `header.${payload}.signature`;
}

/** The PIN fields' messages as an English page shows them. */
const PIN_SAID = 'Choose a PIN of 4 to 6 digits';
const MISMATCH_SAID = 'The two PINs are not the same. Please type the PIN again.';

describe('pickup pass panel', () => {
  it('issues a pass: the PIN is checked by its field, focus moves there, then the pass is Active', async () => {
    // The server refuses the PIN as it does, in the language the page asked for.
    let answer = (init?: RequestInit): Response =>
      errorReply(init, 400, 'request.invalidFields', { fields: { pin: PIN_MESSAGE } });
    serve({
      [`GET ${PASS_URL}`]: () => jsonReply(200, state(null)),
      [`POST ${PASS_URL}`]: (init) => answer(init),
    });
    renderPanel();

    expect(
      await screen.findByText(
        'A pickup pass lets Rose check Mia and Sam in and out at our door with their phone. They’ll also need a PIN you choose together.',
      ),
    ).toBeInTheDocument();
    const pin = screen.getByLabelText(/^PIN \(4 to 6 digits\)/);
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAttribute('autocomplete', 'off');
    // Masked (issue 21): the digits are not shown to whoever looks at the screen, in either field.
    expect(pin).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(/^Type the PIN again/)).toHaveAttribute('type', 'password');

    // Too short: refused here, by the field, without a call.
    type(/^PIN \(4 to 6 digits\)/, '12');
    type(/^Type the PIN again/, '12');
    fireEvent.click(screen.getByRole('button', { name: 'Issue pass' }));
    await waitFor(() => expect(pin).toHaveFocus());
    expect(pin).toHaveAccessibleDescription(PIN_SAID);
    expect(calls('POST', PASS_URL)).toHaveLength(0);

    // The two PINs differ: the second field says so.
    type(/^PIN \(4 to 6 digits\)/, '2468');
    type(/^Type the PIN again/, '2469');
    fireEvent.click(screen.getByRole('button', { name: 'Issue pass' }));
    const confirm = screen.getByLabelText(/^Type the PIN again/);
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveAccessibleDescription(MISMATCH_SAID);

    // The server refuses the PIN: its message goes by the PIN field, which gets focus.
    type(/^Type the PIN again/, '2468');
    fireEvent.click(screen.getByRole('button', { name: 'Issue pass' }));
    await waitFor(() => expect(calls('POST', PASS_URL)).toHaveLength(1));
    await waitFor(() => expect(pin).toHaveFocus());
    expect(pin).toHaveAccessibleDescription(PIN_SAID);
    expect(JSON.parse(String(calls('POST', PASS_URL)[0]![1]!.body))).toEqual({ pin: '2468' });

    answer = () => jsonReply(201, ACTIVE);
    fireEvent.click(screen.getByRole('button', { name: 'Issue pass' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Valid until November 20, 2027')).toBeInTheDocument();
    expect(
      await screen.findByText('Rose’s pickup pass is ready. We’ve emailed Rose a link to it.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^PIN \(4 to 6 digits\)/)).not.toBeInTheDocument();
  });

  it('shows the card: the QR code as an image named for the holder, and the code to type', async () => {
    serve({
      [`GET ${PASS_URL}`]: () => jsonReply(200, state(ACTIVE)),
      [`GET ${PASS_URL}/Card`]: () => jsonReply(200, CARD),
    });
    renderPanel();

    const show = await screen.findByRole('button', { name: 'Show pass' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(show);

    const qr = await screen.findByRole('img', { name: 'QR code for Rose Lee’s pickup pass' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(screen.getByRole('heading', { name: 'Rose Lee’s pickup pass' })).toBeInTheDocument();
    expect(screen.getByText('Code for our staff to type').nextElementSibling).toHaveTextContent(CARD.code);
    expect(screen.getByText('Mia and Sam')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide pass' })).toHaveAttribute('aria-expanded', 'true');
    // No wallet is set up here, so no wallet buttons.
    expect(screen.queryByRole('link', { name: /wallet/i })).not.toBeInTheDocument();
  });

  it('turns the pass off after a confirmation naming the adult', async () => {
    serve({
      [`GET ${PASS_URL}`]: () => jsonReply(200, state(ACTIVE)),
      [`DELETE ${PASS_URL}`]: (init) =>
        jsonReply(200, {
          ...ACTIVE,
          isActive: false,
          status: 'Revoked',
          statusReason: apiErrorSentence('passes.status.revoked', undefined, requestedLanguage(init)),
          revokedAt: '2026-11-21T18:00:00.000Z',
        }),
    });
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: 'Turn off pass' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Turn off Rose Lee’s pickup pass? It stops working at our door right away.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off pass' }));

    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(calls('DELETE', PASS_URL)).toHaveLength(1);
    expect(screen.getByText('Turned off on November 21, 2026')).toBeInTheDocument();
    // A new pass can be issued straight away.
    expect(screen.getByRole('button', { name: 'Issue pass' })).toBeInTheDocument();
  });

  it('speaks to the parent about their own pass, and says why a pass cannot be issued', async () => {
    serve({
      // The server says why in the language the page asked for.
      [`GET ${PASS_URL}`]: (init) =>
        jsonReply(
          200,
          state(null, apiErrorSentence('passes.issue.cannotPickUp', undefined, requestedLanguage(init))),
        ),
    });
    setToken(tokenFor('rose@example.com'));
    renderPanel({ ...ROSE, type: 'Parent' });

    expect(
      await screen.findByText(
        /^A pickup pass lets you check Mia and Sam in and out at our door with your phone\./,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Tick “Can pick up” for this contact before issuing a pickup pass.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue pass' })).not.toBeInTheDocument();
  });

  it('speaks about the other parent’s own pass by name in a shared family', async () => {
    serve({ [`GET ${PASS_URL}`]: () => jsonReply(200, state(null, null)) });
    setToken(tokenFor('imani@families.example'));
    renderPanel({ ...ROSE, type: 'Parent' });
    expect(await screen.findByText(/lets Rose check Mia and Sam in and out/)).toBeInTheDocument();
    expect(screen.queryByText(/lets you check/)).not.toBeInTheDocument();
  });
});

describe('pickup pass panel in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('issues a pass in Spanish: the PIN by its field, then the pass, its date and the toast', async () => {
    await i18n.changeLanguage('es');
    // The server refuses the PIN as it does, in the language the page asked for.
    let answer = (init?: RequestInit): Response =>
      errorReply(init, 400, 'request.invalidFields', { fields: { pin: PIN_MESSAGE } });
    serve({
      [`GET ${PASS_URL}`]: () => jsonReply(200, state(null)),
      [`POST ${PASS_URL}`]: (init) => answer(init),
    });
    renderPanel();

    expect(await screen.findByRole('heading', { name: 'Pase para recoger' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Con un pase para recoger, Rose registra la llegada y la salida de Mia y Sam en nuestra puerta con su teléfono. También necesitará un PIN que ustedes elijan juntos.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Elija el PIN junto con Rose: lo escribirá al recoger a los niños. Nunca enviamos el PIN por correo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Crear el pase para recoger de Rose Lee' })).toBeInTheDocument();

    const pin = screen.getByLabelText(/^PIN \(de 4 a 6 dígitos\)/);
    type(/^PIN \(de 4 a 6 dígitos\)/, '12');
    type(/^Escriba el PIN otra vez/, '12');
    fireEvent.click(screen.getByRole('button', { name: 'Crear pase' }));
    await waitFor(() => expect(pin).toHaveFocus());
    expect(pin).toHaveAccessibleDescription('Elija un PIN de 4 a 6 dígitos');

    type(/^PIN \(de 4 a 6 dígitos\)/, '2468');
    type(/^Escriba el PIN otra vez/, '2469');
    fireEvent.click(screen.getByRole('button', { name: 'Crear pase' }));
    const confirm = screen.getByLabelText(/^Escriba el PIN otra vez/);
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveAccessibleDescription('Los dos PIN no son iguales. Escriba el PIN otra vez.');

    // The server's refusal (the contract's English) is shown in Spanish too.
    type(/^Escriba el PIN otra vez/, '2468');
    fireEvent.click(screen.getByRole('button', { name: 'Crear pase' }));
    await waitFor(() => expect(calls('POST', PASS_URL)).toHaveLength(1));
    await waitFor(() => expect(pin).toHaveAccessibleDescription('Elija un PIN de 4 a 6 dígitos'));
    expect(screen.queryByText(PIN_SAID)).not.toBeInTheDocument();

    answer = () => jsonReply(201, ACTIVE);
    fireEvent.click(screen.getByRole('button', { name: 'Crear pase' }));
    expect(await screen.findByText('Activo')).toBeInTheDocument();
    expect(screen.getByText('Válido hasta el 20 de noviembre de 2027')).toBeInTheDocument();
    expect(screen.getByText('Pase de Rose')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'El pase para recoger de Rose está listo. Le enviamos a Rose un enlace al pase por correo.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByText(/Valid until/)).not.toBeInTheDocument();
  });

  it('shows the card in Spanish, and turns the pass off after a Spanish confirmation', async () => {
    await i18n.changeLanguage('es');
    serve({
      [`GET ${PASS_URL}`]: () => jsonReply(200, state(ACTIVE)),
      [`GET ${PASS_URL}/Card`]: () => jsonReply(200, CARD),
      [`DELETE ${PASS_URL}`]: (init) =>
        jsonReply(200, {
          ...ACTIVE,
          isActive: false,
          status: 'Revoked',
          statusReason: apiErrorSentence('passes.status.revoked', undefined, requestedLanguage(init)),
          revokedAt: '2026-11-21T18:00:00.000Z',
        }),
    });
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: 'Ver el pase' }));
    expect(
      await screen.findByRole('img', { name: 'Código QR: Pase para recoger de Rose Lee' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pase para recoger de Rose Lee' })).toBeInTheDocument();
    expect(screen.getByText('Abuelo o abuela')).toBeInTheDocument();
    expect(screen.getByText('Puede recoger a').nextElementSibling).toHaveTextContent('Mia y Sam');
    expect(screen.getByText('Código para que lo escriba nuestro personal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ocultar el pase' })).toHaveAttribute('aria-expanded', 'true');

    // The photo: uploading without choosing one is refused in Spanish.
    expect(screen.getByText('Foto')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Subir foto' }));
    expect(await screen.findByText('Elija una foto para subir.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Desactivar el pase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar el pase para recoger' });
    expect(dialog).toHaveTextContent(
      '¿Desactivar el pase para recoger de Rose Lee? Deja de funcionar en nuestra puerta de inmediato.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar el pase' }));
    expect(await screen.findByText('Desactivado')).toBeInTheDocument();
    expect(screen.getByText('Desactivado el 21 de noviembre de 2026')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'El pase para recoger de Rose está desactivado. Ya no funciona en nuestra puerta.',
      ),
    ).toBeInTheDocument();
  });

  it('says in Spanish why a pass cannot be issued, for the parent’s own pass', async () => {
    await i18n.changeLanguage('es');
    serve({
      // The server says why in the language the page asked for.
      [`GET ${PASS_URL}`]: (init) =>
        jsonReply(
          200,
          state(null, apiErrorSentence('passes.issue.cannotPickUp', undefined, requestedLanguage(init))),
        ),
    });
    setToken(tokenFor('rose@example.com'));
    renderPanel({ ...ROSE, type: 'Parent' });

    expect(
      await screen.findByText(
        /^Con un pase para recoger, usted registra la llegada y la salida de Mia y Sam/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Marque “Puede recoger” en este contacto antes de crearle un pase para recoger.'),
    ).toBeInTheDocument();
  });
});
