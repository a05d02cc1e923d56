import { describe, expect, it } from 'vitest';
import { type Closure, ClosureInputSchema, closureOn, staffCalendarRange } from './calendar.ts';

const closure = (over: Partial<Closure>): Closure => ({
  id: 'x',
  startsOn: '2026-11-26',
  endsOn: '2026-11-27',
  classSessionId: null,
  sessionName: null,
  kind: 'Closed',
  dismissAt: null,
  reason: 'Thanksgiving',
  ...over,
});

describe('closureOn: what the center’s calendar says about a session’s day', () => {
  it('applies a whole-center closure to every session on each of its days, both ends included', () => {
    const thanksgiving = closure({});
    for (const day of ['2026-11-26', '2026-11-27'])
      expect(closureOn([thanksgiving], day, 7)).toBe(thanksgiving);
    expect(closureOn([thanksgiving], '2026-11-25', 7)).toBeNull();
    expect(closureOn([thanksgiving], '2026-11-28', 7)).toBeNull();
  });

  it('applies a session’s closure to that session only', () => {
    const training = closure({ classSessionId: 3, reason: 'Teacher training' });
    expect(closureOn([training], '2026-11-26', 3)).toBe(training);
    expect(closureOn([training], '2026-11-26', 4)).toBeNull();
  });

  it('puts a closed day before an early dismissal, and of two dismissals the earlier', () => {
    const noon = closure({ kind: 'EarlyDismissal', dismissAt: '12:00' });
    const eleven = closure({ kind: 'EarlyDismissal', dismissAt: '11:00', classSessionId: 3 });
    const closed = closure({ classSessionId: 3 });
    expect(closureOn([noon, eleven], '2026-11-26', 3)).toBe(eleven);
    expect(closureOn([eleven, noon], '2026-11-26', 3)).toBe(eleven);
    expect(closureOn([noon, closed], '2026-11-26', 3)).toBe(closed);
    expect(closureOn([noon, closed], '2026-11-26', 4)).toBe(noon);
  });
});

describe('ClosureInputSchema', () => {
  const base = { startsOn: '2026-12-21', endsOn: '2027-01-01', kind: 'Closed', reason: ' Winter break ' };
  it('reads a whole-center closure, trimming the reason', () => {
    expect(ClosureInputSchema.parse(base)).toEqual({
      ...base,
      reason: 'Winter break',
      classSessionId: null,
      dismissAt: null,
    });
  });
  it('takes 60 days and refuses 61', () => {
    expect(ClosureInputSchema.safeParse({ ...base, endsOn: '2027-02-18' }).success).toBe(true);
    expect(ClosureInputSchema.safeParse({ ...base, endsOn: '2027-02-19' }).success).toBe(false);
  });
  it('wants a real 24-hour time for an early dismissal', () => {
    const early = { ...base, endsOn: base.startsOn, kind: 'EarlyDismissal' };
    expect(ClosureInputSchema.safeParse({ ...early, dismissAt: '12:30' }).success).toBe(true);
    for (const dismissAt of ['24:00', '9:30', '12:60', 'noon'])
      expect(ClosureInputSchema.safeParse({ ...early, dismissAt }).success, dismissAt).toBe(false);
  });
});

describe('staffCalendarRange', () => {
  it('gives the week Monday to Sunday around any day, Sunday included in the week before it', () => {
    expect(staffCalendarRange('week', '2026-11-20')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(staffCalendarRange('week', '2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(staffCalendarRange('week', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // Across a month and a year.
    expect(staffCalendarRange('week', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('gives the month from its 1st to its last day, February of a leap year included', () => {
    expect(staffCalendarRange('month', '2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(staffCalendarRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(staffCalendarRange('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
