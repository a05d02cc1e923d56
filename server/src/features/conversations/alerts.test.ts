import { describe, expect, it } from 'vitest';
import { alertDueAt } from './alerts.ts';

const LA = 'America/Los_Angeles';

describe('when a message notification may go', () => {
  it('goes five minutes later in waking hours', () => {
    // 10:00 am in Los Angeles.
    expect(alertDueAt(new Date('2026-11-20T18:00:00Z'), LA, '20:00', '07:00').toISOString()).toBe(
      '2026-11-20T18:05:00.000Z',
    );
  });
  it('waits until the quiet hours end, to the minute', () => {
    // 9:10 pm → 7:00 am the next morning (15:00 UTC).
    expect(alertDueAt(new Date('2026-11-21T05:10:30Z'), LA, '20:00', '07:00').toISOString()).toBe(
      '2026-11-21T15:00:00.000Z',
    );
  });
  it('is held when the batching delay reaches into the quiet hours', () => {
    // 7:57 pm + 5 minutes = 8:02 pm, quiet: → 7:00 am.
    expect(alertDueAt(new Date('2026-11-21T03:57:00Z'), LA, '20:00', '07:00').toISOString()).toBe(
      '2026-11-21T15:00:00.000Z',
    );
  });
  it('follows the person’s own hours', () => {
    // 9:10 pm with quiet hours 11 pm to 6 am: five minutes later.
    expect(alertDueAt(new Date('2026-11-21T05:10:00Z'), LA, '23:00', '06:00').toISOString()).toBe(
      '2026-11-21T05:15:00.000Z',
    );
  });
});
