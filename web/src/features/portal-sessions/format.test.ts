import { describe, expect, it } from 'vitest';
import { formatDateRange, formatDay } from '../class-sessions/format.ts';
import {
  formatDeadline,
  formatPortalDateRange,
  formatPortalDay,
  groupBySession,
  joinNames,
  openWaitlistPlaces,
  safeHref,
  splitSessionGroups,
  totalPaidIn,
} from './format.ts';
import { enrollment, MAYA, payment, sessionSummary, THEO, waitlistPlace } from './test-fixtures.ts';

describe('groupBySession', () => {
  it('keeps the enrollment that holds a seat over an older cancelled checkout for the same child', () => {
    const session = sessionSummary();
    const groups = groupBySession([
      enrollment({ id: 'old', classSession: session, status: 'Cancelled', created: '2026-01-05T10:00:00Z' }),
      enrollment({ id: 'new', classSession: session, status: 'Enrolled', created: '2026-01-04T10:00:00Z' }),
      enrollment({ id: 'theo', classSession: session, student: THEO, status: 'PendingPayment' }),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.enrollments.map((e) => e.id)).toEqual(['new', 'theo']);
    expect(groups[0]?.active).toBe(true);
  });
});

describe('splitSessionGroups', () => {
  it('puts running and upcoming sessions first (next first), ended and all-cancelled ones after', () => {
    const later = sessionSummary({
      id: 1,
      name: 'Spring',
      sessionStartDate: '2026-04-01',
      sessionEndDate: '2026-06-01',
    });
    const sooner = sessionSummary({
      id: 2,
      name: 'Winter',
      sessionStartDate: '2026-01-10',
      sessionEndDate: '2026-03-01',
    });
    const ended = sessionSummary({
      id: 3,
      name: 'Fall',
      sessionStartDate: '2025-09-01',
      sessionEndDate: '2025-12-01',
    });
    const cancelled = sessionSummary({
      id: 4,
      name: 'Camp',
      sessionStartDate: '2026-07-01',
      sessionEndDate: '2026-07-30',
    });
    const { current, past } = splitSessionGroups(
      groupBySession([
        enrollment({ classSession: later }),
        enrollment({ classSession: ended }),
        enrollment({ classSession: sooner, status: 'PendingPayment' }),
        enrollment({ classSession: cancelled, status: 'Cancelled' }),
      ]),
      '2026-01-20',
    );
    expect(current.map((g) => g.session.name)).toEqual(['Winter', 'Spring']);
    expect(past.map((g) => g.session.name)).toEqual(['Camp', 'Fall']);
  });

  it('counts a session ending today as current', () => {
    const today = sessionSummary({ sessionEndDate: '2026-03-01' });
    const { current } = splitSessionGroups(
      groupBySession([enrollment({ classSession: today })]),
      '2026-03-01',
    );
    expect(current).toHaveLength(1);
  });
});

describe('openWaitlistPlaces', () => {
  it('lists offered places before waiting ones and leaves out closed places', () => {
    const places = openWaitlistPlaces([
      waitlistPlace({ id: 'w2', position: 2 }),
      waitlistPlace({ id: 'gone', status: 'Expired', position: null }),
      waitlistPlace({ id: 'offer', status: 'Offered', position: null, expires: '2026-01-09T01:00:00Z' }),
      waitlistPlace({ id: 'w1', position: 1, student: THEO }),
    ]);
    expect(places.map((p) => p.id)).toEqual(['offer', 'w1', 'w2']);
  });
});

describe('formatDeadline', () => {
  const now = new Date('2026-01-08T18:00:00Z'); // 10:00 am in California
  it('says "today" for a deadline later the same day in the center’s time zone', () => {
    expect(formatDeadline('2026-01-08T23:45:00Z', now)).toBe('3:45 pm today');
  });
  it('names the day for a later deadline, and the year only when it is not this year', () => {
    expect(formatDeadline('2026-01-10T01:00:00Z', now)).toBe('Fri, Jan 9 at 5:00 pm');
    expect(formatDeadline('2027-01-10T01:00:00Z', now)).toBe('Sat, Jan 9, 2027 at 5:00 pm');
  });
});

describe('totalPaidIn', () => {
  it('adds only paid payments made in that year, in cents', () => {
    const total = totalPaidIn(
      [
        payment({ id: 'a', finalAmount: 1000, created: '2026-03-01T12:00:00Z' }),
        payment({ id: 'b', finalAmount: 500, created: '2026-04-01T12:00:00Z', status: 'Refunded' }),
        payment({ id: 'c', finalAmount: 700, created: '2026-05-01T12:00:00Z', status: 'Pending' }),
        payment({ id: 'd', finalAmount: 900, created: '2025-05-01T12:00:00Z' }),
      ],
      2026,
    );
    expect(total).toEqual({ cents: 1000, count: 1 });
  });
});

describe('safeHref', () => {
  it('allows site paths and http(s) addresses, and refuses script and protocol-relative ones', () => {
    expect(safeHref('/resources/a.pdf')).toBe('/resources/a.pdf');
    expect(safeHref('https://example.org/x')).toBe('https://example.org/x');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example/x')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});

it('joins names the way people write them', () => {
  expect(joinNames([MAYA.firstName])).toBe('Maya');
  expect(joinNames(['Maya', 'Theo', 'Ana'])).toBe('Maya, Theo and Ana');
});

describe('in Spanish (issue 14)', () => {
  const now = new Date('2026-01-08T18:00:00Z'); // 10:00 am in California
  // Intl may put a no-break space before "p.m."; people read a space.
  const spaced = (text: string) => text.replace(/\s/g, ' ');

  it('says a deadline the way a Spanish speaker does, "a la una" but "a las cinco"', () => {
    expect(spaced(formatDeadline('2026-01-08T23:45:00Z', now, 'es-US'))).toBe('hoy a las 3:45 p.m.');
    expect(spaced(formatDeadline('2026-01-08T21:00:00Z', now, 'es-US'))).toBe('hoy a la 1:00 p.m.');
    expect(spaced(formatDeadline('2026-01-10T01:00:00Z', now, 'es-US'))).toBe(
      'el vie, 9 de ene a las 5:00 p.m.',
    );
    expect(spaced(formatDeadline('2027-01-10T01:00:00Z', now, 'es-US'))).toBe(
      'el sáb, 9 de ene de 2027 a las 5:00 p.m.',
    );
  });

  it('writes days and date ranges in Spanish, and English exactly as class-sessions does', () => {
    expect(formatPortalDay('2026-01-12', { withYear: true, locale: 'es-US' })).toBe('12 ene 2026');
    expect(formatPortalDay('2026-11-21T01:00:00Z', { withYear: true, locale: 'es-US' })).toBe('20 nov 2026');
    expect(formatPortalDateRange('2099-01-12', '2099-03-27', 'es-US')).toBe('12 ene – 27 mar 2099');
    expect(formatPortalDateRange('2098-12-08', '2099-03-27', 'es-US')).toBe('8 dic 2098 – 27 mar 2099');
    expect(formatPortalDay('2099-01-12')).toBe(formatDay('2099-01-12'));
    expect(formatPortalDay('2026-11-21T01:00:00Z', { withYear: true })).toBe('Nov 20, 2026');
    expect(formatPortalDateRange('2099-01-12', '2099-03-27')).toBe(
      formatDateRange('2099-01-12', '2099-03-27'),
    );
  });

  it('joins names with "y"', () => {
    expect(joinNames(['Maya', 'Theo'], 'es-US')).toBe('Maya y Theo');
    expect(joinNames(['Maya', 'Theo', 'Ana'], 'es-US')).toBe('Maya, Theo y Ana');
  });
});
