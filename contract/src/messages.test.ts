import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageSentence } from './api-errors.ts';
import { centerCalendarDate, IsoDateSchema } from './fields.ts';
import { FIELD_REQUIRED } from './messages.ts';

describe('calendar dates (issue 12)', () => {
  it('reads a date-time as the date in the center’s zone, across daylight saving time', () => {
    expect(centerCalendarDate('2026-12-12')).toBe('2026-12-12');
    expect(centerCalendarDate('2026-12-12T08:00:00.000Z')).toBe('2026-12-12');
    expect(centerCalendarDate('2026-12-12T03:00:00Z')).toBe('2026-12-11');
    // Daylight saving time starts on 2027-03-14 in California: 07:00 UTC on Mar 15 is midnight there.
    expect(centerCalendarDate('2027-03-15T09:00:00+02:00')).toBe('2027-03-15');
    expect(centerCalendarDate('2027-03-15T09:00:00+03:00')).toBe('2027-03-14');
    expect(centerCalendarDate('2026-12-11T20:00:00Z', 'Asia/Tokyo')).toBe('2026-12-12');
    // Without a zone a date-time is the center's own wall clock.
    expect(centerCalendarDate('2026-12-12T23:30')).toBe('2026-12-12');
    for (const bad of ['2026-02-30', '2026-02-30T08:00:00Z', '2026-12-12T25:00:00Z', '12/12/2026', ''])
      expect(centerCalendarDate(bad), bad).toBeNull();
    expect(IsoDateSchema.parse(' 2022-03-02T08:00:00.000Z ')).toBe('2022-03-02');
    expect(messageSentence(IsoDateSchema.safeParse('March 2').error!.issues[0]!.message, 'en')).toBe(
      'Please enter a date as YYYY-MM-DD',
    );
  });
});

describe('default messages (issue 12)', () => {
  const schema = z.object({
    ids: z.array(z.uuid()).min(1).max(2),
    count: z.number().int().min(1).max(9),
    name: z.string().min(2).max(5),
    kind: z.enum(['a', 'b']),
    ok: z.boolean(),
  });
  /** Each field's message as a person reads it in `language` (the messages are codes, field-message.ts). */
  const messages = (input: unknown, language = 'en') =>
    Object.fromEntries(
      schema
        .safeParse(input)
        .error!.issues.map((i) => [String(i.path[0]), messageSentence(i.message, language)]),
    );

  it('says a missing value is required instead of naming types', () => {
    const required = messageSentence(FIELD_REQUIRED, 'en');
    expect(required).toBe('This field is required.');
    expect(messages({})).toEqual({
      ids: required,
      count: required,
      name: required,
      kind: required,
      ok: required,
    });
  });

  it('says what to change for values out of range or of the wrong kind', () => {
    expect(messages({ ids: [], count: 1.5, name: 'x', kind: 'c', ok: 'yes' })).toEqual({
      ids: 'Please choose at least one.',
      count: 'Please enter a whole number.',
      name: 'Please enter at least 2 characters.',
      kind: 'Please choose one of: a, b.',
      ok: 'Please answer yes or no (true or false).',
    });
    expect(messages({ ids: ['x'], count: 10, name: 'abcdef', kind: 'a', ok: true })).toEqual({
      ids: 'Please choose an item from the list.',
      count: 'Please enter a number no greater than 9.',
      name: 'Please keep this to at most 5 characters.',
    });
  });

  it('says the same in Spanish, with the numbers and choices in their places', () => {
    expect(messages({ ids: [], count: 1.5, name: 'x', kind: 'c', ok: 'yes' }, 'es')).toEqual({
      ids: 'Elija al menos uno.',
      count: 'Escriba un número entero.',
      name: 'Escriba al menos 2 caracteres.',
      kind: 'Elija uno de estos valores: a, b.',
      ok: 'Responda sí o no (true o false).',
    });
    expect(messages({ ids: ['x'], count: 10, name: 'abcdef', kind: 'a', ok: true }, 'es')).toEqual({
      ids: 'Elija un elemento de la lista.',
      count: 'Escriba un número no mayor que 9.',
      name: 'Use como máximo 5 caracteres.',
    });
    expect(messages({}, 'es').ids).toBe('Este dato es obligatorio.');
  });
});
