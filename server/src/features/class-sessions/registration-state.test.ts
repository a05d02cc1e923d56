import { describe, expect, it } from 'vitest';
import { registrationState, type SessionWindows } from './registration-state.ts';

const at = (iso: string) => new Date(iso);
const session: SessionWindows = {
  isActive: true,
  waitlistActive: true,
  sessionEndDate: '2026-06-30',
  priorityRegistrationStartDate: at('2026-02-01T17:00:00Z'),
  priorityRegistrationEndDate: at('2026-02-07T17:00:00Z'),
  registrationStartDate: at('2026-02-10T17:00:00Z'),
  registrationEndDate: at('2026-03-01T17:00:00Z'),
};
const state = (now: string, seats = 5, s: SessionWindows = session) =>
  registrationState(s, seats, at(now), now.slice(0, 10));

describe('registration state (docs/architecture.md, Registration domain)', () => {
  it('is Upcoming before the priority window opens and in the gap before general registration', () => {
    expect(state('2026-01-15T12:00:00Z')).toBe('Upcoming');
    expect(state('2026-02-08T12:00:00Z')).toBe('Upcoming');
  });
  it('is PriorityOpen, then Open, inside the windows, and Full when no seat is left', () => {
    expect(state('2026-02-03T12:00:00Z')).toBe('PriorityOpen');
    expect(state('2026-02-15T12:00:00Z')).toBe('Open');
    expect(state('2026-02-15T12:00:00Z', 0)).toBe('Full');
    expect(state('2026-02-03T12:00:00Z', 0)).toBe('Full');
  });
  it('is Closed after both windows, when inactive, or once the session has ended', () => {
    expect(state('2026-03-05T12:00:00Z')).toBe('Closed');
    expect(state('2026-02-15T12:00:00Z', 5, { ...session, isActive: false })).toBe('Closed');
    expect(state('2026-07-01T12:00:00Z')).toBe('Closed');
  });
  it('takes only waitlist sign-ups when no window is set', () => {
    const noWindows = {
      ...session,
      priorityRegistrationStartDate: null,
      priorityRegistrationEndDate: null,
      registrationStartDate: null,
      registrationEndDate: null,
    };
    expect(state('2026-02-15T12:00:00Z', 5, noWindows)).toBe('WaitlistOnly');
    expect(state('2026-02-15T12:00:00Z', 5, { ...noWindows, waitlistActive: false })).toBe('Closed');
  });
});
