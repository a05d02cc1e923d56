import { describe, expect, it } from 'vitest';
import { ContactFormSchema } from './contact.ts';
import { EmailSchema, formatPhone, OptionalPhoneSchema, PhoneSchema } from './fields.ts';

describe('shared field rules', () => {
  it('trims and lower-cases email addresses so one inbox is one account', () => {
    expect(EmailSchema.parse('  Maria.Lopez@Example.COM ')).toBe('maria.lopez@example.com');
    expect(EmailSchema.safeParse('maria@').error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
    expect(EmailSchema.safeParse('').error?.issues[0]?.message).toBe('Email is required.');
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
