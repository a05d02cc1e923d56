import type { Student } from '@lc/contract';

/**
 * A child as `GET /api/Student` answers it, for page tests: born 2021-03-02, last name Lee, no address,
 * allergies or contacts, unless `overrides` say otherwise (`fullName` follows the names).
 */
export function studentFixture(id: string, firstName: string, overrides: Partial<Student> = {}): Student {
  const lastName = overrides.lastName ?? 'Lee';
  return {
    id,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    dateOfBirth: '2021-03-02',
    address1: null,
    address2: null,
    city: null,
    state: null,
    zipCode: null,
    country: 'US',
    allergies: [],
    trusteeIds: [],
    ...overrides,
  };
}
