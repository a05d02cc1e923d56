/**
 * The family part's field messages (issue 14, issue 22 item 3): every message the children, allergy, contact,
 * pickup pass, family sharing and pass-page forms can show is a code of the contract's message files with a
 * Spanish sentence of its own.
 */
import * as contract from '@lc/contract';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { PHOTO_MESSAGE } from '../features/passes/pass-photo.tsx';
import { PIN_MISMATCH } from '../features/passes/pin-form.tsx';

/** The English sentences the part's forms show: the contract's constants and the schemas' own words. */
function schemaMessages(schema: ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** Whether `message` is a field code whose Spanish differs from its English. */
const hasSpanish = (message: string) =>
  contract.readFieldMessage(message) !== undefined &&
  contract.messageSentence(message, 'es') !== contract.messageSentence(message, 'en');

describe('the family part’s field messages', () => {
  it('have Spanish for each contract message the family’s forms show', () => {
    for (const message of [
      contract.DOB_IN_FUTURE,
      contract.DOB_OUT_OF_RANGE,
      contract.SMS_NEEDS_CELL,
      contract.EMAIL_NEEDS_ADDRESS,
      contract.CONTACT_NEEDS_PHONE,
      contract.CONTACT_NEEDS_CHILD,
      contract.PHONE_INVALID,
      contract.EMAIL_INVALID,
      contract.EMAIL_REQUIRED,
      contract.NAME_INVALID,
      contract.PIN_MESSAGE,
      contract.FAMILY_CHILDREN_FULL,
      contract.FAMILY_CONTACTS_FULL,
      PIN_MISMATCH,
      PHOTO_MESSAGE,
    ])
      expect(hasSpanish(message), message).toBe(true);
  });

  it('have Spanish for every message the forms’ schemas give for empty, short, long or wrong input', () => {
    const long = 'x'.repeat(300);
    const found = [
      // A child: empty, then too long, then a half-filled address with a bad state and ZIP.
      ...schemaMessages(contract.StudentInputSchema, { firstName: '', lastName: '', dateOfBirth: '' }),
      ...schemaMessages(contract.StudentInputSchema, {
        firstName: 'M',
        lastName: long,
        dateOfBirth: '2020-01-01',
        address1: long,
        city: long,
      }),
      ...schemaMessages(contract.StudentInputSchema, {
        firstName: 'Mia',
        lastName: 'Lee',
        dateOfBirth: '2020-01-01',
        address2: 'Unit 4',
        state: 'XX',
        zipCode: '123',
      }),
      ...schemaMessages(contract.StudentInputSchema, {
        firstName: 'Mia',
        lastName: 'Lee',
        dateOfBirth: '2020-01-01',
        address2: 'Unit 4',
      }),
      // An allergy: missing, too short, too long.
      ...schemaMessages(contract.AllergyInputSchema, {}),
      ...schemaMessages(contract.AllergyInputSchema, { name: 'x' }),
      ...schemaMessages(contract.AllergyInputSchema, { name: long }),
      // An emergency contact: empty, then too long with texts and emails asked for.
      ...schemaMessages(contract.TrusteeInputSchema, {
        firstName: '',
        lastName: '',
        relationship: '',
        studentIds: [],
      }),
      ...schemaMessages(contract.TrusteeInputSchema, {
        firstName: 'Rose',
        lastName: 'Lee',
        relationship: long,
        cellPhone: '12',
        emailAddress: 'rose@',
        studentIds: ['not-a-child'],
      }),
      ...schemaMessages(contract.TrusteeInputSchema, {
        firstName: 'Rose',
        lastName: 'Lee',
        relationship: 'Grandparent',
        receiveSMS: true,
        receiveEmail: true,
      }),
      // The PIN, the pass code, closing the account, an invitation link.
      ...schemaMessages(contract.PassIssueSchema, { pin: '12' }),
      ...schemaMessages(contract.PassIssueSchema, {}),
      ...schemaMessages(contract.PassCodeSchema, { code: '' }),
      ...schemaMessages(contract.PassCodeSchema, {}),
      ...schemaMessages(contract.CloseAccountSchema, { password: '' }),
      ...schemaMessages(contract.InvitationTokenSchema, { token: 'short' }),
      ...schemaMessages(contract.InviteCoParentSchema, { emailAddress: '' }),
      ...schemaMessages(contract.InviteCoParentSchema, { emailAddress: 'chidi@' }),
      contract.dateOfBirthProblem('2999-01-01', '2026-11-24') ?? '',
      contract.dateOfBirthProblem('2025-01-01', '2026-11-24') ?? '',
    ];
    expect(found.length).toBeGreaterThan(20);
    for (const message of new Set(found)) expect(hasSpanish(message), message).toBe(true);
  });

  it('read in Spanish', () => {
    const say = (message: string) => contract.messageSentence(message, 'es');
    expect(say(contract.DOB_IN_FUTURE)).toBe('La fecha de nacimiento debe ser una fecha pasada');
    expect(say(contract.SMS_NEEDS_CELL)).toBe('Agregue un número de celular para enviarle mensajes de texto');
    expect(say(contract.PIN_MESSAGE)).toBe('Elija un PIN de 4 a 6 dígitos');
    // The server's refusal of an allergy already listed (409, field `name`) is an API code, written the same way.
    expect(say('family.allergy.duplicate')).toBe('Esta alergia ya está en la lista');
    expect(say(contract.FAMILY_CHILDREN_FULL)).toBe(
      'Una familia puede tener como máximo 20 niños. Quite a uno antes de agregar otro.',
    );
  });
});
