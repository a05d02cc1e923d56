import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  instantToWallTime,
  shiftInstantByDays,
  wallTimeToInstant,
} from './zoned-time.ts';

const LA = 'America/Los_Angeles';

describe('wall-clock times in the center’s zone', () => {
  it('reads a datetime-local value as the center’s local time, in winter and in summer', () => {
    expect(wallTimeToInstant('2027-01-04T09:00', LA)).toBe('2027-01-04T17:00:00.000Z');
    expect(wallTimeToInstant('2027-07-05T09:00', LA)).toBe('2027-07-05T16:00:00.000Z');
    expect(wallTimeToInstant('2027-01-04 09:00', LA)).toBeNull();
    expect(wallTimeToInstant('', LA)).toBeNull();
  });

  it('shows an instant as the center’s local time', () => {
    expect(instantToWallTime('2027-01-04T17:00:00.000Z', LA)).toBe('2027-01-04T09:00');
  });

  it('moves a time by calendar days and keeps 9:00 at 9:00 across daylight saving', () => {
    // 2027-03-14 is the spring change in California: 24 h later would read 10:00.
    expect(shiftInstantByDays('2027-03-01T17:00:00.000Z', 28, LA)).toBe('2027-03-29T16:00:00.000Z');
    expect(instantToWallTime(shiftInstantByDays('2027-03-01T17:00:00.000Z', 28, LA), LA)).toBe(
      '2027-03-29T09:00',
    );
  });

  it('counts and adds calendar days', () => {
    expect(daysBetween('2026-01-05', '2026-04-06')).toBe(91);
    expect(addDays('2026-01-05', 91)).toBe('2026-04-06');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
