import { apiErrorSentence, type PassCard } from '@lc/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage, requestedLanguage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import PassPage from './pass-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const CODE = 'K7Q2M9XDRT4VNB8PJ6HC3WZFY1';
const CARD: PassCard = {
  holderName: 'Rosa Rivera',
  relationship: 'Grandparent',
  children: ['Maya', 'Leo'],
  status: 'Active',
  statusReason: null,
  expiresAt: '2027-09-01T06:59:00.000Z',
  code: 'K7Q2 M9XD RT4V NB8P J6HC 3WZF Y1',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h4v4H0z"/></svg>',
  appleWalletUrl: null,
  googleWalletUrl: 'https://pay.google.com/gp/v/save/abc',
};
/** The server's 404 for an unknown code, in the language the request asked for (passes/pass-cards.ts). */
const notFound = (init?: RequestInit) =>
  errorReply(init, 404, 'passes.holder.unknownCode', { fields: { code: 'passes.holder.unknownCodeField' } });

/** POST /api/passes/card answers the card for CODE (spaces and case aside) and 404 for anything else. */
function serve(card: PassCard | ((init?: RequestInit) => PassCard) = CARD) {
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/passes/card' && init?.method === 'POST') {
      const { code } = JSON.parse(String(init.body)) as { code: string };
      return code.replace(/\s+/g, '').toUpperCase() === CODE
        ? jsonReply(200, typeof card === 'function' ? card(init) : card)
        : notFound(init);
    }
    return jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

const sentCodes = () =>
  fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { code: string }).code);

function renderAt(path: string) {
  return renderPage(<PassPage />, { path, pattern: '/pass' });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the holder’s pass page', () => {
  it('opens the pass from the link’s fragment, takes the code out of the address, and keeps it for a reload', async () => {
    serve();
    const { router } = renderAt(`/pass#${CODE}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rosa Rivera’s pickup pass' }),
    ).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.pathname).toBe('/pass');
    expect(sentCodes()).toEqual([CODE]);
    expect(window.sessionStorage.getItem('pickupPassCode')).toBe(CODE);
    expect(screen.getByRole('img', { name: 'QR code for Rosa Rivera’s pickup pass' })).toBeInTheDocument();
    expect(screen.getByText('Maya and Leo')).toBeInTheDocument();
    expect(screen.getByText('Code for our staff to type').nextElementSibling).toHaveTextContent(CARD.code);
    expect(
      screen.getByText(
        'At the door, hold the QR code up to the tablet. For pickup you’ll also be asked for your PIN.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Save to Google Wallet/ })).toHaveAttribute(
      'href',
      CARD.googleWalletUrl,
    );
    await waitFor(() =>
      expect(document.title).toBe('Rosa Rivera’s pickup pass · Bright Oak Learning Center'),
    );
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('shows the pass again after a reload, from this tab’s storage', async () => {
    serve();
    window.sessionStorage.setItem('pickupPassCode', CODE);
    renderAt('/pass');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rosa Rivera’s pickup pass' }),
    ).toBeInTheDocument();
    expect(sentCodes()).toEqual([CODE]);
  });

  it('says why a pass that was turned off does not work, without its QR code', async () => {
    serve({ ...CARD, status: 'Revoked', statusReason: 'This pass has been turned off by the family.' });
    renderAt(`/pass#${CODE}`);

    expect(await screen.findByText('This pass has been turned off by the family.')).toBeInTheDocument();
    expect(screen.getByText('This pass does not work at our door right now')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('asks for the code when the link’s code opens nothing, with the reason by the field, then opens the typed one', async () => {
    serve();
    const { router } = renderAt('/pass#NOT-A-REAL-CODE-AT-ALL-1234');

    const field = await screen.findByRole('textbox', { name: /^Pass code/ });
    expect(router.state.location.hash).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: 'Open your pickup pass' })).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveAccessibleDescription(/We could not find a pass with that code/));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(window.sessionStorage.getItem('pickupPassCode')).toBeNull();

    fireEvent.input(field, { target: { value: 'k7q2 m9xd rt4v nb8p j6hc 3wzf y1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open my pass' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Rosa Rivera’s pickup pass' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(window.sessionStorage.getItem('pickupPassCode')).toBe('k7q2 m9xd rt4v nb8p j6hc 3wzf y1');
  });

  it('without a code, asks for it and explains a missing one by the field', async () => {
    serve();
    renderAt('/pass');

    const field = await screen.findByRole('textbox', { name: /^Pass code/ });
    fireEvent.click(screen.getByRole('button', { name: 'Open my pass' }));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(/Enter the code printed on the pass/);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.input(field, { target: { value: 'ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open my pass' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/We could not find a pass with that code/));
    await waitFor(() => expect(field).toHaveFocus());
  });
  it('says how long to wait after too many tries, in an alert that goes once a code is sent again', async () => {
    const wait = 'Too many tries. Please wait 10 minutes and try again.';
    fetchMock.mockResolvedValueOnce(
      jsonReply(429, { error: 'Too Many Requests', message: wait, requestId: 'r' }),
    );
    renderAt('/pass');
    const field = await screen.findByRole('textbox', { name: /^Pass code/ });
    fireEvent.input(field, { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Open my pass' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);
    expect(field).not.toHaveAttribute('aria-invalid', 'true');

    serve();
    fireEvent.click(screen.getByRole('button', { name: 'Open my pass' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rosa Rivera’s pickup pass' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the holder’s pass page in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the pass in Spanish, with its date and the wallet button', async () => {
    await i18n.changeLanguage('es');
    serve();
    renderAt(`/pass#${CODE}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pase para recoger de Rosa Rivera' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Código QR: Pase para recoger de Rosa Rivera' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Maya y Leo')).toBeInTheDocument();
    expect(screen.getByText('Válido hasta').nextElementSibling).toHaveTextContent('31 de agosto de 2027');
    expect(screen.getByRole('heading', { name: 'Cómo usar su pase' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Guardar en Google Wallet/ })).toHaveAttribute(
      'href',
      CARD.googleWalletUrl,
    );
    await waitFor(() =>
      expect(document.title).toBe('Pase para recoger de Rosa Rivera · Bright Oak Learning Center'),
    );
    expect(screen.queryByText('Maya and Leo')).not.toBeInTheDocument();
  });

  it('says in Spanish why a pass that was turned off does not work', async () => {
    await i18n.changeLanguage('es');
    // The server writes the reason in the language the page asks for (Accept-Language).
    serve((init) => ({
      ...CARD,
      status: 'Revoked',
      statusReason: apiErrorSentence('passes.status.revoked', undefined, requestedLanguage(init)),
    }));
    renderAt(`/pass#${CODE}`);

    expect(await screen.findByText('La familia desactivó este pase.')).toBeInTheDocument();
    expect(screen.getByText('Por ahora este pase no funciona en nuestra puerta')).toBeInTheDocument();
    expect(screen.getByText('Era válido hasta')).toBeInTheDocument();
    expect(screen.getByText('¿Tiene preguntas? Llámenos al (650) 555-0148.')).toBeInTheDocument();
  });

  it('asks for the code in Spanish, with the reasons by the field', async () => {
    await i18n.changeLanguage('es');
    serve();
    renderAt('/pass');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abra su pase para recoger' }),
    ).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /^Código del pase/ });
    fireEvent.click(screen.getByRole('button', { name: 'Abrir mi pase' }));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(/Escriba el código que aparece en el pase/);

    fireEvent.input(field, { target: { value: 'ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abrir mi pase' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/No encontramos un pase con ese código/));
    expect(screen.queryByText(/We could not find a pass/)).not.toBeInTheDocument();
  });

  it('says in Spanish when the pass cannot be opened for another reason', async () => {
    await i18n.changeLanguage('es');
    fetchMock.mockResolvedValue(jsonReply(500, { error: 'x', message: 'x', requestId: 'r' }));
    renderAt(`/pass#${CODE}`);

    expect(
      await screen.findByText(
        'No pudimos abrir el pase en este momento. Revise su conexión e inténtelo de nuevo, o llámenos al (650) 555-0148.',
      ),
    ).toBeInTheDocument();
  });
});
