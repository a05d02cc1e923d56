import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../content/site.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import ContactPage from './contact-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function type(label: RegExp, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function fillRequired() {
  type(/^first name/i, 'Ana');
  type(/^last name/i, 'Lee');
  type(/^email/i, 'ana@example.com');
  type(/^message/i, 'We would like to know more.');
}

function sentBody(): Record<string, unknown> {
  const init = fetchMock.mock.calls.at(-1)?.[1];
  return JSON.parse(String(init?.body));
}

describe('contact page', () => {
  it('focuses the first invalid field and says what is wrong when submitted empty', async () => {
    renderPage(<ContactPage />, { path: '/contact' });
    expect(screen.getByText(/^Would you like to visit\?/)).toHaveTextContent(
      'Would you like to visit? Schedule a tour.',
      {
        normalizeWhitespace: false,
      },
    );
    expect(screen.getByRole('link', { name: 'Schedule a tour' })).toHaveAttribute(
      'href',
      '/contact?tour=true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const firstName = screen.getByLabelText(/^first name/i);
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(/Please specify your first name/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the server’s field messages beside the fields and focuses the first', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(400, {
        error: 'Bad Request',
        message: 'Invalid input',
        fields: { message: 'Too short', email: 'We cannot deliver mail to this address' },
        requestId: 'r1',
      }),
    );
    renderPage(<ContactPage />, { path: '/contact' });
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const email = screen.getByLabelText(/^email/i);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('We cannot deliver mail to this address');
    expect(screen.getByLabelText(/^message/i)).toHaveAccessibleDescription('Too short');
    expect(email).toHaveValue('ana@example.com');
  });

  it('sends the form, thanks the visitor and clears the form', async () => {
    fetchMock.mockResolvedValue(jsonReply(204));
    renderPage(<ContactPage />, { path: '/contact' });
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(
      await screen.findByText('Thank you! We received your message and will reply within one business day.'),
    ).toBeInTheDocument();
    expect(sentBody()).toMatchObject({ firstName: 'Ana', email: 'ana@example.com', tour: false });
    await waitFor(() => expect(screen.getByLabelText(/^first name/i)).toHaveValue(''));
  });

  it('keeps what was typed and says so when sending fails', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(500, { error: 'Internal Server Error', message: 'x', requestId: 'r' }),
    );
    renderPage(<ContactPage />, { path: '/contact' });
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText(/Sorry, we could not send your message/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^first name/i)).toHaveValue('Ana');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('is the schedule-a-tour form with ?tour=true: it offers the free times by day and books the chosen one', async () => {
    const slotId = '6f1c2a4e-9d3b-4b8e-8f7a-2c1d0e9b8a71';
    fetchMock.mockImplementation(async (url, init) =>
      String(url).endsWith('/api/Contact/TourSlots')
        ? jsonReply(200, {
            timeZone: 'America/Los_Angeles',
            items: [{ id: slotId, startsAt: '2026-11-23T18:00:00.000Z', minutes: 45 }],
          })
        : init?.method === 'POST'
          ? jsonReply(204)
          : jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' }),
    );
    renderPage(<ContactPage />, { path: '/contact?tour=true', pattern: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule a Tour' })).toBeInTheDocument();
    expect(screen.getByText(/^Just have a question\?/)).toHaveTextContent(
      'Just have a question? Send us a message instead.',
      { normalizeWhitespace: false },
    );
    expect(screen.getByRole('link', { name: 'Send us a message instead' })).toHaveAttribute(
      'href',
      '/contact',
    );
    const times = await screen.findByRole('group', { name: 'Monday, November 23' });
    expect(screen.getByRole('radio', { name: 'None of these times work — we will call you' })).toBeChecked();
    fireEvent.click(within(times).getByRole('radio', { name: '10:00 AM · 45 minutes' }));
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Request a tour' }));

    expect(
      await screen.findByText(
        'Thank you! Your tour is booked for Monday, November 23 at 10:00 AM. We have emailed you the details.',
      ),
    ).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ tour: true, tourSlotId: slotId });
  });

  it('tells the family by the time field when it was just taken, and reads the free times again', async () => {
    const slotId = '6f1c2a4e-9d3b-4b8e-8f7a-2c1d0e9b8a71';
    let lists = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/api/Contact/TourSlots')) {
        lists += 1;
        return jsonReply(200, {
          timeZone: 'America/Los_Angeles',
          items: lists === 1 ? [{ id: slotId, startsAt: '2026-11-23T18:00:00.000Z', minutes: 45 }] : [],
        });
      }
      expect(init?.method).toBe('POST');
      return jsonReply(409, {
        error: 'Conflict',
        code: 'messages.tours.slotTaken',
        message: 'That tour time was just taken.',
        fields: {
          tourSlotId:
            'That tour time was just taken or is no longer offered. Please choose another time below.',
        },
        requestId: 'r2',
      });
    });
    renderPage(<ContactPage />, { path: '/contact?tour=true', pattern: '/contact' });
    fireEvent.click(await screen.findByRole('radio', { name: '10:00 AM · 45 minutes' }));
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Request a tour' }));

    expect(
      await screen.findByText(
        'That tour time was just taken or is no longer offered. Please choose another time below.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Choose a time for your tour' })).toHaveAccessibleDescription(
        /No tour times are open right now/,
      ),
    );
    expect(lists).toBe(2);
    expect(
      screen.getByRole('radio', { name: 'None of these times work — we will call you' }),
    ).toBeInTheDocument();
  });
});

describe('contact page in Spanish (issue 14)', () => {
  beforeEach(() => {
    act(() => notifications.clean());
  });
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  function fillRequiredInSpanish() {
    type(/^nombre(?! de)/i, 'Ana');
    type(/^apellido/i, 'Lee');
    type(/^correo electrónico/i, 'ana@example.com');
    type(/^mensaje/i, 'Queremos saber más.');
  }

  it('speaks Spanish, and thanks the family in Spanish', async () => {
    await i18n.changeLanguage('es');
    fetchMock.mockResolvedValue(jsonReply(204));
    renderPage(<ContactPage />, { path: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'Contáctenos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agende una visita' })).toHaveAttribute(
      'href',
      '/es/contact?tour=true',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Visítenos o comuníquese con nosotros' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^teléfono \(opcional\)/i)).toBeInTheDocument();
    expect(screen.queryByText('Visit or reach us')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^first name/i)).not.toBeInTheDocument();

    fillRequiredInSpanish();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(
      await screen.findByText(
        '¡Gracias! Recibimos su mensaje y le responderemos en un plazo de un día hábil.',
      ),
    ).toBeInTheDocument();
  });

  it('says what to fix by each field in Spanish, with focus on the first', async () => {
    await i18n.changeLanguage('es');
    renderPage(<ContactPage />, { path: '/contact' });
    type(/^correo electrónico/i, 'ana@');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));

    const firstName = screen.getByLabelText(/^nombre(?! de)/i);
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveAccessibleDescription(/Escriba su nombre/);
    expect(screen.getByLabelText(/^correo electrónico/i)).toHaveAccessibleDescription(
      /Escriba un correo electrónico válido/,
    );
    expect(screen.getByLabelText(/^mensaje/i)).toHaveAccessibleDescription(
      /Cuéntenos un poco sobre lo que busca/,
    );
    expect(
      screen.queryByText('Please tell us a little about what you are looking for'),
    ).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says in Spanish when sending fails', async () => {
    await i18n.changeLanguage('es');
    fetchMock.mockResolvedValue(
      jsonReply(500, { error: 'Internal Server Error', message: 'x', requestId: 'r' }),
    );
    renderPage(<ContactPage />, { path: '/contact' });
    fillRequiredInSpanish();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));

    expect(
      await screen.findByText(
        `Lo sentimos, no pudimos enviar su mensaje. Inténtelo de nuevo o escríbanos a ${site.email}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Mensaje no enviado')).toBeInTheDocument();
    expect(screen.queryByText(/Sorry, we could not send/)).not.toBeInTheDocument();
  });

  it('is the schedule-a-tour form in Spanish with ?tour=true', async () => {
    await i18n.changeLanguage('es');
    renderPage(<ContactPage />, { path: '/contact?tour=true', pattern: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'Agende una visita' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar una visita' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mejor envíenos un mensaje' })).toHaveAttribute(
      'href',
      '/es/contact',
    );
    expect(screen.queryByText('Schedule a Tour')).not.toBeInTheDocument();
  });
});
