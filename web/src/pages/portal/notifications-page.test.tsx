import type { NotificationSettingsView } from '@lc/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import StaffNotificationsPage from '../staff/staff-notifications-page.tsx';
import NotificationsPage from './notifications-page.tsx';

/**
 * The notification settings (issue 25): email and texts (texts only with a mobile number, given on the page),
 * quiet hours "Quiet from" and "Quiet until", checked by the contract's schema and saved with PUT.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const SETTINGS: NotificationSettingsView = {
  email: true,
  sms: false,
  quietFrom: '20:00',
  quietUntil: '07:00',
  smsNumber: null,
};

function serve(settings: NotificationSettingsView, put: (init?: RequestInit) => Response) {
  fetchMock.mockImplementation(async (_url, init) =>
    init?.method === 'PUT' ? put(init) : jsonReply(200, settings),
  );
}
const saved = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('the notification settings', () => {
  it('turns texts off without a mobile number, saying where to give one, and explains batching', async () => {
    serve(SETTINGS, (init) => jsonReply(200, JSON.parse(String(init?.body))));
    renderPage(<NotificationsPage />, { path: '/dashboard/notifications' });
    const texts = await screen.findByRole('switch', { name: /^Text me about new messages/ });
    expect(texts).toBeDisabled();
    expect(texts).toHaveAccessibleDescription('Add your mobile number above to get texts.');
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('');
    expect(screen.getByRole('switch', { name: /^Email me about new messages/ })).toBeChecked();
    expect(
      screen.getByText(
        'Several messages arriving together come as one email. Nothing is sent during your quiet hours; it waits until they end.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Quiet from')).toHaveValue('20:00');
    expect(screen.getByLabelText('Quiet until')).toHaveValue('07:00');
  });

  it('offers texts to the number on the account and saves the choices', async () => {
    serve({ ...SETTINGS, smsNumber: '+14155550132' }, (init) =>
      jsonReply(200, { ...JSON.parse(String(init?.body)), smsNumber: '+14155550132' }),
    );
    renderPage(<NotificationsPage />, { path: '/dashboard/notifications' });
    const texts = await screen.findByRole('switch', { name: /^Text me about new messages/ });
    expect(texts).toBeEnabled();
    expect(texts).toHaveAccessibleDescription('Texts go to (415) 555-0132.');
    fireEvent.click(texts);
    fireEvent.click(screen.getByRole('switch', { name: /^Email me about new messages/ }));
    fireEvent.change(screen.getByLabelText('Quiet from'), { target: { value: '21:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
    expect(saved()).toEqual([
      { email: false, sms: true, quietFrom: '21:30', quietUntil: '07:00', smsNumber: '+14155550132' },
    ]);
  });

  it('takes a mobile number as people type it, and texts can then be turned on', async () => {
    serve(SETTINGS, (init) => jsonReply(200, JSON.parse(String(init?.body))));
    renderPage(<NotificationsPage />, { path: '/dashboard/notifications' });
    const number = await screen.findByRole('textbox', { name: 'Mobile number' });
    fireEvent.change(number, { target: { value: '(650) 555-0188' } });
    const texts = screen.getByRole('switch', { name: /^Text me about new messages/ });
    expect(texts).toBeEnabled();
    expect(texts).toHaveAccessibleDescription('Texts go to (650) 555-0188.');
    fireEvent.click(texts);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
    expect(saved()).toEqual([
      { email: true, sms: true, quietFrom: '20:00', quietUntil: '07:00', smsNumber: '+16505550188' },
    ]);
  });

  it('puts a time it cannot read by its field with focus, and the server’s refusal of texts by the switch', async () => {
    serve({ ...SETTINGS, smsNumber: '+14155550132' }, (init) =>
      errorReply(init, 400, 'request.invalidFields', {
        fields: { sms: 'messages.conversations.smsNeedsNumber' },
      }),
    );
    renderPage(<NotificationsPage />, { path: '/dashboard/notifications' });
    const until = await screen.findByLabelText('Quiet until');
    fireEvent.change(until, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a time like 20:00.')).toBeVisible();
    await waitFor(() => expect(until).toHaveFocus());
    expect(saved()).toHaveLength(0);

    fireEvent.change(until, { target: { value: '06:45' } });
    fireEvent.click(screen.getByRole('switch', { name: /^Text me about new messages/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add your mobile number before choosing text messages.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /^Text me about new messages/ })).toHaveFocus(),
    );
  });

  it('speaks Spanish on the staff’s page', async () => {
    await act(() => i18n.changeLanguage('es'));
    serve(SETTINGS, () => jsonReply(200, SETTINGS));
    renderPage(<StaffNotificationsPage />, { path: '/staff/notifications' });
    const texts = await screen.findByRole('switch', {
      name: /^Avisarme por mensaje de texto/,
    });
    expect(texts).toBeDisabled();
    expect(texts).toHaveAccessibleDescription(
      'Añada su número de celular arriba para recibir mensajes de texto.',
    );
    expect(screen.getByRole('textbox', { name: 'Número de celular' })).toHaveValue('');
    expect(screen.getByLabelText('Silencio desde')).toHaveValue('20:00');
    expect(screen.getByRole('link', { name: '← Volver a los mensajes' })).toHaveAttribute(
      'href',
      '/staff/messages',
    );
  });
});
