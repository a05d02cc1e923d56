import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatCents, listFormat, recordFormats, seedFormats } from './intl.ts';

describe('shared Intl formatting', () => {
  it('formats exactly as Intl does (dates in a zone, money from cents, lists)', () => {
    const at = new Date('2026-12-17T17:00:00Z');
    const options = { month: 'long', day: 'numeric', timeZone: 'America/Los_Angeles' } as const;
    expect(dateTimeFormat('en-US', options).format(at)).toBe(
      new Intl.DateTimeFormat('en-US', options).format(at),
    );
    expect(formatCents(185_000)).toBe('$1,850.00');
    expect(listFormat('en-US', { type: 'conjunction' }).format(['Ava', 'Ben', 'Cleo'])).toBe(
      'Ava, Ben, and Cleo',
    );
  });

  it('records what a render formatted, so the browser can replay it while hydrating', async () => {
    const at = new Date('2027-03-18T00:00:00Z');
    const [html, results] = await recordFormats(async () => {
      await Promise.resolve();
      return `${dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at)} ${formatCents(9_500)}`;
    });
    expect(html).toBe('March 18, 2027 $95.00');
    expect(Object.values(results).sort()).toEqual(['$95.00', 'March 18, 2027']);
    // Outside a recording nothing is collected.
    const [, none] = await recordFormats(async () => 'nothing formatted');
    expect(none).toEqual({});
  });

  it('answers a replayed result without asking Intl (and ignores malformed seeds)', async () => {
    const options = { weekday: 'long', timeZone: 'UTC' } as const;
    const at = Date.UTC(2026, 11, 14);
    const [, results] = await recordFormats(async () => dateTimeFormat('en-US', options).format(at));
    const [key] = Object.keys(results);
    // A seeded result is what the page shows: prove it is used by seeding a different text for the key.
    seedFormats({ [key!]: 'Monday (from the server)' });
    seedFormats('not a map');
    seedFormats(null);
    expect(dateTimeFormat('en-US', options).format(at)).toBe('Monday (from the server)');
    expect(dateTimeFormat('en-US', options).format(at + 86_400_000)).toBe('Tuesday');
  });
});
