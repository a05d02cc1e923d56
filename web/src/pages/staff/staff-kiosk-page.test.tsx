/**
 * The door kiosk (issue 21 item 16): after a pickup the "All set" screen goes back to scanning by itself
 * after a few seconds (announced politely), or at once on a key press; starting kiosk mode again in a browser
 * that already is a tablet sends the token it keeps, so the server reuses that tablet.
 */
import type { DoorScan } from '@lc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DONE_AFTER_MS, KIOSK_TOKEN_KEY } from '../../features/kiosk/kiosk-parts.ts';
import { renderPage } from '../../features/testing/render-page.tsx';
import StaffKioskPage from './staff-kiosk-page.tsx';

vi.mock('../../features/kiosk/qr-camera', () => ({ default: () => <p>camera</p> }));
vi.mock('../../api/passes', () => ({
  kioskMe: vi.fn(),
  kioskScan: vi.fn(),
  kioskCheckIn: vi.fn(),
  kioskCheckOut: vi.fn(),
  enrollKiosk: vi.fn(),
  revokeKiosk: vi.fn(),
}));
vi.mock('../../lib/auth-token', async (original) => ({
  ...(await original<typeof import('../../lib/auth-token')>()),
  currentRole: () => 'Admin',
  isStaffRole: () => true,
}));
vi.mock('../../layout/require-auth', () => ({ useLoginRedirect: () => null }));
vi.mock('../../api/auth', async (original) => ({
  ...(await original<typeof import('../../api/auth')>()),
  login: vi.fn(),
  logOut: vi.fn(async () => {}),
}));

const passes = await import('../../api/passes');
const auth = await import('../../api/auth');
const { ApiError } = await import('../../api/client');

const SCAN: DoorScan = {
  holderName: 'Rosa Rivera',
  relationship: 'Grandparent',
  photo: null,
  pinLocked: false,
  children: [
    {
      studentId: 'a0a0a0a0-0000-4000-8000-000000000001',
      classSessionId: 7,
      firstName: 'Ava',
      lastName: 'Rivera',
      sessionName: 'Acorn Room',
      allergies: [],
      state: 'In',
      lastEvent: null,
    },
  ],
};

const SCANNING = 'Welcome! Please scan your pickup pass';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  vi.mocked(passes.kioskMe).mockResolvedValue({ id: 'k1', name: 'Front door' });
  vi.mocked(passes.kioskScan).mockResolvedValue(SCAN);
  vi.mocked(passes.kioskCheckOut).mockResolvedValue({
    results: [
      {
        studentId: SCAN.children[0]!.studentId,
        classSessionId: 7,
        firstName: 'Ava',
        outcome: 'done',
        reason: null,
        at: '2026-11-20T20:30:00.000Z',
      },
    ],
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

/** In kiosk mode, a pickup with Rosa's pass and PIN, up to the "All set" screen. */
async function pickUp() {
  localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-token');
  renderPage(<StaffKioskPage />, { path: '/staff/kiosk' });
  fireEvent.change(await screen.findByLabelText('No phone? Type the pass code'), {
    target: { value: 'K7Q2 M9XD ABCD EFGH JKMN PQ' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Look up pass' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Pick up' }));
  fireEvent.change(await screen.findByLabelText('PIN'), { target: { value: '2468' } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
  expect(await screen.findByRole('heading', { name: 'All set. See you next time!' })).toBeInTheDocument();
}

describe('the door kiosk after a pickup', () => {
  it('returns to scanning by itself a few seconds after “All set”, saying so politely', async () => {
    await pickUp();
    const note = screen.getByText(/Back to scanning in a few seconds/);
    expect(note).toHaveAttribute('aria-live', 'polite');
    await act(async () => {
      vi.advanceTimersByTime(DONE_AFTER_MS - 2000);
    });
    expect(screen.queryByRole('heading', { name: SCANNING })).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2500);
    });
    expect(screen.getByRole('heading', { name: SCANNING })).toBeInTheDocument();
    expect(DONE_AFTER_MS).toBeLessThanOrEqual(10_000);
  }, 20_000);

  it('returns to scanning at once on a key press', async () => {
    await pickUp();
    fireEvent.keyDown(document.body, { key: ' ' });
    await waitFor(() => expect(screen.getByRole('heading', { name: SCANNING })).toBeInTheDocument());
  }, 20_000);
});

describe('starting kiosk mode', () => {
  it('sends the kiosk token this browser keeps, so the server reuses that tablet', async () => {
    vi.mocked(passes.enrollKiosk).mockResolvedValue({
      kiosk: {
        id: 'k1',
        name: 'Front door',
        created: '2026-11-20T16:00:00.000Z',
        createdBy: 'Dana Director',
        lastSeenAt: null,
        revokedAt: null,
      },
      token: 'kiosk-token',
    });
    renderPage(<StaffKioskPage />, { path: '/staff/kiosk' });
    // Another tab made this browser a tablet while the set-up screen was open here.
    localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-token');
    fireEvent.click(await screen.findByRole('button', { name: 'Start kiosk mode' }));
    await waitFor(() => expect(passes.enrollKiosk).toHaveBeenCalledWith('Front door', 'kiosk-token'));
  });
});

describe('the door kiosk’s forms on a failure', () => {
  it('says a short code by its field, a short PIN and a refused one by the PIN (emptied), with focus', async () => {
    vi.mocked(passes.kioskCheckOut).mockRejectedValueOnce(
      new ApiError(400, { message: 'That PIN is not right.' } as never),
    );
    localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-token');
    renderPage(<StaffKioskPage />, { path: '/staff/kiosk' });
    const code = await screen.findByLabelText('No phone? Type the pass code');
    fireEvent.change(code, { target: { value: 'K7Q2 M9XD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up pass' }));
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(/Type all the letters and numbers under the QR code/);
    expect(passes.kioskScan).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: 'K7Q2 M9XD ABCD EFGH JKMN PQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up pass' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pick up' }));
    const pin = await screen.findByLabelText('PIN');
    fireEvent.change(pin, { target: { value: '2x4' } });
    expect(pin).toHaveValue('24');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
    await waitFor(() => expect(pin).toHaveAccessibleDescription('Enter the 4 to 6 digits of your PIN'));
    expect(pin).toHaveFocus();
    expect(passes.kioskCheckOut).not.toHaveBeenCalled();

    fireEvent.change(pin, { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
    await waitFor(() => expect(pin).toHaveAccessibleDescription('That PIN is not right.'));
    expect(pin).toHaveValue('');
    expect(pin).toHaveFocus();
  });

  it('says a set-up refusal by the tablet’s name with focus, the server’s word or a generic one', async () => {
    vi.mocked(passes.enrollKiosk)
      .mockRejectedValueOnce(
        new ApiError(400, {
          message: 'Check the name.',
          fields: { name: 'Give the tablet a name.' },
        } as never),
      )
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPage(<StaffKioskPage />, { path: '/staff/kiosk' });
    const name = await screen.findByRole('textbox', { name: /^Name of this tablet/ });
    fireEvent.click(screen.getByRole('button', { name: 'Start kiosk mode' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Give the tablet a name\./));
    expect(name).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Start kiosk mode' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        /Something went wrong\. Please try again, or ask a staff member\./,
      ),
    );
  });

  it('leaves kiosk mode after a staff login; a refused login is said by the password', async () => {
    vi.mocked(auth.login)
      .mockRejectedValueOnce(new ApiError(401, { message: 'The email or password is incorrect.' } as never))
      .mockResolvedValueOnce('staff-token');
    localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-token');
    renderPage(<StaffKioskPage />, { path: '/staff/kiosk' });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave kiosk mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave kiosk mode' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Staff email' }), {
      target: { value: 'elena@center.example' },
    });
    const password = within(dialog).getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    const leave = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Leave kiosk mode' }));
    leave();
    await waitFor(() => expect(password).toHaveAccessibleDescription('The email or password is incorrect.'));
    expect(auth.login).toHaveBeenCalledWith({ emailAddress: 'elena@center.example', password: 'wrong' });

    leave();
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(passes.revokeKiosk).toHaveBeenCalledWith('k1');
    expect(localStorage.getItem(KIOSK_TOKEN_KEY)).toBeNull();
  });
});
