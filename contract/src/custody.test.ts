import { describe, expect, it } from 'vitest';
import { ChildCorrectionSchema, nameKey, RestrictionInputSchema } from './custody.ts';

/** The door's name matching and the custody bodies' own rules (issue 24, decision 026). */
describe('custody', () => {
  it('folds a full name for matching: case, accents, punctuation and spacing do not matter', () => {
    expect(nameKey('  María-José  O’Neil ')).toBe('maria jose o neil');
    expect(nameKey('MARCO   rivéra')).toBe(nameKey('Marco Rivera'));
    expect(nameKey('Marco Rivera')).not.toBe(nameKey('Marco Riviera'));
  });

  it('needs a first and last name for a restriction, and a reason for a correction', () => {
    expect(RestrictionInputSchema.safeParse({ fullName: 'Marco' }).success).toBe(false);
    expect(RestrictionInputSchema.safeParse({ fullName: 'Marco Rivera' }).success).toBe(true);
    const details = { firstName: 'Ava', lastName: 'Rivera', dateOfBirth: '2022-01-15' };
    const noReason = ChildCorrectionSchema.safeParse({ details, allergies: [], reason: '  ' });
    expect(noReason.success).toBe(false);
    expect(noReason.error?.issues[0]?.path).toEqual(['reason']);
    expect(
      ChildCorrectionSchema.safeParse({ details, allergies: ['Peanuts'], reason: 'New papers' }).success,
    ).toBe(true);
  });
});
