/**
 * The time-zone helpers' edges (contract/src/zoned-time.ts): only a whole `datetime-local` value is read as
 * the center's time (nothing before or after it), calendar days counted across a daylight-saving change, and a
 * time moved back across one. The contract's own tests (zoned-time.test.ts) cover the ordinary cases.
 */
import { addDays, daysBetween, shiftInstantByDays, wallTimeToInstant } from '@lc/contract/zoned-time';
import { describe, expect, it } from 'vitest';

const LA = 'America/Los_Angeles';

describe('wall-clock times at their edges', () => {
  it('reads only a whole datetime-local value: nothing before it, nothing after it', () => {
    expect(wallTimeToInstant('2027-01-04T09:00', LA)).toBe('2027-01-04T17:00:00.000Z');
    expect(wallTimeToInstant('x2027-01-04T09:00', LA)).toBeNull();
    expect(wallTimeToInstant('2027-01-04T09:00x', LA)).toBeNull();
    expect(wallTimeToInstant('2027-01-04T09:00:00', LA)).toBeNull();
    expect(wallTimeToInstant('12027-01-04T09:00', LA)).toBeNull();
  });

  it('counts calendar days, not 24-hour periods, across a daylight-saving change', () => {
    expect(daysBetween('2027-03-13', '2027-03-15')).toBe(2);
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
    expect(addDays('2027-03-13', 2)).toBe('2027-03-15');
    expect(addDays('2027-01-01', 0)).toBe('2027-01-01');
  });

  it('moves a time back across a daylight-saving change and keeps its wall-clock time', () => {
    // 9:00 on March 29 (daylight time) back 28 days is 9:00 on March 1 (standard time).
    expect(shiftInstantByDays('2027-03-29T16:00:00.000Z', -28, LA)).toBe('2027-03-01T17:00:00.000Z');
  });
});
