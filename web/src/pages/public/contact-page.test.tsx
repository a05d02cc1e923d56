import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
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

  it('is the schedule-a-tour form with ?tour=true', async () => {
    fetchMock.mockResolvedValue(jsonReply(204));
    renderPage(<ContactPage />, { path: '/contact?tour=true', pattern: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule a Tour' })).toBeInTheDocument();
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Request a tour' }));

    expect(
      await screen.findByText('Thank you! We will be in touch within one business day to set up your tour.'),
    ).toBeInTheDocument();
    expect(sentBody()).toMatchObject({ tour: true });
  });
});
