import { describe, expect, it } from 'vitest';
import { classSessionFixture as session } from '../testing/class-session-fixture.ts';
import {
  formatDateRange,
  formatDay,
  registrationWindowLines,
  seatsLeftText,
  sessionActions,
  sortByStartDate,
} from './format.ts';

const now = new Date('2026-01-02T18:00:00Z');

describe('dates', () => {
  it('shows a calendar date as the same day everywhere', () => {
    expect(formatDay('2026-02-02', { now })).toBe('Feb 2');
    expect(formatDay('2026-01-01', { withYear: true })).toBe('Jan 1, 2026');
  });

  it('shows an instant in the center’s time zone', () => {
    // 07:59 UTC on Jan 10 is still Jan 9 in Redwood City.
    expect(formatDay('2026-01-10T07:59:00Z', { now })).toBe('Jan 9');
  });

  it('writes a range with the year once', () => {
    expect(formatDateRange('2026-02-02', '2026-05-29')).toBe('Feb 2 – May 29, 2026');
    expect(formatDateRange('2026-12-01', '2027-01-15')).toBe('Dec 1, 2026 – Jan 15, 2027');
  });
});

describe('registration windows', () => {
  it('describes the priority window and when general registration opens', () => {
    expect(registrationWindowLines(session(), now)).toEqual([
      'Priority registration: Jan 5 – Jan 9 for returning families',
      'General registration opens Jan 12',
    ]);
  });
});

describe('sessionActions', () => {
  it('offers Enroll Now while registration is open', () => {
    expect(sessionActions(session({ registrationState: 'Open' }), now)).toMatchObject({
      enroll: true,
      waitlist: false,
    });
    expect(sessionActions(session({ registrationState: 'PriorityOpen' }), now)).toMatchObject({
      enroll: true,
    });
  });

  it('says when registration opens before it does', () => {
    expect(sessionActions(session(), now)).toEqual({
      enroll: false,
      waitlist: false,
      status: 'Registration opens Jan 5',
    });
  });

  it('offers the waitlist for a full session only while it has room', () => {
    expect(sessionActions(session({ registrationState: 'Full', seatsLeft: 0 }), now).waitlist).toBe(true);
    expect(sessionActions(session({ registrationState: 'Full', waitlistSpotsLeft: 0 }), now).waitlist).toBe(
      false,
    );
    expect(
      sessionActions(session({ registrationState: 'WaitlistOnly', waitlistActive: false }), now).waitlist,
    ).toBe(false);
  });
});

describe('seatsLeftText', () => {
  it('draws attention when few seats are left', () => {
    expect(seatsLeftText(session({ registrationState: 'Open', seatsLeft: 2 }))).toBe('Only 2 seats left');
    expect(seatsLeftText(session({ registrationState: 'Open', seatsLeft: 1 }))).toBe('Only 1 seat left');
    expect(seatsLeftText(session({ registrationState: 'Open', seatsLeft: 9 }))).toBe('9 seats left');
  });
});

describe('sortByStartDate', () => {
  it('puts the earliest session first', () => {
    const later = session({ id: 2, sessionStartDate: '2026-06-15' });
    const sooner = session({ id: 3, sessionStartDate: '2026-02-02' });
    expect(sortByStartDate([later, sooner]).map((s) => s.id)).toEqual([3, 2]);
  });
});
