import { formatPhone, type Student, type Trustee, type TrusteeInput } from '@lc/contract';

/** The order the fields appear in, so the first server error placed is the first one on screen. */
export const FIELD_ORDER = [
  'firstName',
  'lastName',
  'relationship',
  'cellPhone',
  'homePhone',
  'emailAddress',
  'canPickup',
  'receiveSMS',
  'receiveEmail',
  'isActive',
  'studentIds',
] as const;

/** A new contact's form: nothing filled in, active, and the only child chosen when there is one. */
export function emptyInput(students: readonly Student[]): TrusteeInput {
  return {
    firstName: '',
    lastName: '',
    relationship: '',
    cellPhone: '',
    homePhone: '',
    emailAddress: '',
    canPickup: false,
    receiveSMS: false,
    receiveEmail: false,
    isActive: true,
    // With one child there is nothing to choose; with more, the parent says which.
    studentIds: students.length === 1 && students[0] ? [students[0].id] : [],
  };
}

/** A saved contact as the form edits it: phones as people read them, nothing left null. */
export function toInput(trustee: Trustee, students: readonly Student[]): TrusteeInput {
  return {
    firstName: trustee.firstName,
    lastName: trustee.lastName,
    relationship: trustee.relationship,
    cellPhone: trustee.cellPhone ? formatPhone(trustee.cellPhone) : '',
    homePhone: trustee.homePhone ? formatPhone(trustee.homePhone) : '',
    emailAddress: trustee.emailAddress ?? '',
    canPickup: trustee.canPickup,
    receiveSMS: trustee.receiveSMS,
    receiveEmail: trustee.receiveEmail,
    isActive: trustee.isActive,
    studentIds: trustee.studentIds.filter((id) => students.some((student) => student.id === id)),
  };
}
