import { describe, expect, it } from 'vitest';
import { messageSentence } from './api-errors.ts';
import { ContactFormSchema } from './contact.ts';
import {
  calendarDateSchema,
  EmailSchema,
  formatPhone,
  isoInstantSchema,
  OptionalPhoneSchema,
  PhoneSchema,
} from './fields.ts';

describe('shared field rules', () => {
  it('trims and lower-cases email addresses so one inbox is one account', () => {
    expect(EmailSchema.parse('  Maria.Lopez@Example.COM ')).toBe('maria.lopez@example.com');
    expect(messageSentence(EmailSchema.safeParse('maria@').error!.issues[0]!.message, 'en')).toBe(
      'Please enter a valid email address',
    );
    expect(messageSentence(EmailSchema.safeParse('').error!.issues[0]!.message, 'en')).toBe(
      'Email is required.',
    );
  });

  it('normalises US phone numbers to E.164 and formats them back for people', () => {
    expect(PhoneSchema.parse('(650) 555-0148')).toBe('+16505550148');
    expect(PhoneSchema.parse('+1 650 555 0148')).toBe('+16505550148');
    expect(PhoneSchema.safeParse('555-01').success).toBe(false);
    expect(formatPhone('+16505550148')).toBe('(650) 555-0148');
  });

  it('treats an empty optional phone as not given', () => {
    expect(OptionalPhoneSchema.parse('')).toBeNull();
    expect(OptionalPhoneSchema.parse(undefined)).toBeNull();
  });

  it('accepts a contact form with only the required fields', () => {
    const parsed = ContactFormSchema.parse({
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.com',
      message: 'Hello',
    });
    expect(parsed).toMatchObject({
      phoneNumber: null,
      childName: null,
      childBirthdate: null,
      tour: false,
      previousAttendance: false,
    });
  });
});

describe('the one date field (issue 21 item 21)', () => {
  const OUT_OF_RANGE = 'Use a date between 1900 and 2199.';
  const day = calendarDateSchema('Use a date like 2026-09-14');
  const message = (
    schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
    v: string,
  ) => {
    const said = schema.safeParse(v).error?.issues[0]?.message;
    return said === undefined ? undefined : messageSentence(said, 'en');
  };

  it('takes a real calendar day in 1900–2199 and refuses the rest with a sentence that says what to fix', () => {
    expect(day.parse('2026-09-14')).toBe('2026-09-14');
    expect(day.parse('1900-01-01')).toBe('1900-01-01');
    expect(day.parse('2199-12-31')).toBe('2199-12-31');
    for (const impossible of ['0000-00-00', '2026-13-45', '2026-02-30', '2026-9-14', 'today'])
      expect(message(day, impossible), impossible).toBe('Use a date like 2026-09-14');
    for (const far of ['0000-01-01', '1899-12-31', '2200-01-01', '9999-12-31'])
      expect(message(day, far), far).toBe(OUT_OF_RANGE);
  });

  it('takes an instant with a zone (or the center’s wall clock when asked) in range', () => {
    const instant = isoInstantSchema('Use an ISO date and time');
    expect(instant.parse('2026-12-01T17:00:00Z')).toBe('2026-12-01T17:00:00Z');
    expect(message(instant, '2026-12-01T09:00')).toBe('Use an ISO date and time');
    expect(message(instant, '0000-01-01T00:00:00Z')).toBe(OUT_OF_RANGE);
    expect(message(instant, '2026-02-30T00:00:00Z')).toBe('Use an ISO date and time');
    const wall = isoInstantSchema('Choose a time', { wallTime: true });
    expect(wall.parse('2026-12-01T09:00')).toBe('2026-12-01T09:00');
    const dayOrInstant = isoInstantSchema('Use a date', { dateOnly: true });
    expect(dayOrInstant.parse('2026-01-31')).toBe('2026-01-31');
    expect(message(dayOrInstant, '0000-01-01')).toBe(OUT_OF_RANGE);
  });
});
