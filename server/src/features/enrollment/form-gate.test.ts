import { describe, expect, it } from 'vitest';
import { withFormGate } from './child-verdict.ts';

const canEnroll = { canEnroll: true, canJoinWaitlist: false, eligibility: 'Maya can enroll now.' };
const agreement = { formId: 'f1', title: 'Enrollment agreement', requirement: 'Blocking' };
const trip = { formId: 'f2', title: 'Field trip permission', requirement: 'Warning' };
const maya = { firstName: 'Maya', enrollmentStatus: null } as const;

describe('the forms’ gate on a new enrollment (decision 036)', () => {
  it('lets a child with every form signed through unchanged', () => {
    expect(withFormGate(canEnroll, maya, [])).toBe(canEnroll);
  });

  it('stops a child missing a blocking form, naming it, in English and Spanish', () => {
    const en = withFormGate(canEnroll, maya, [agreement, trip]);
    expect(en.canEnroll).toBe(false);
    expect(en.eligibility).toBe('Maya can enroll once “Enrollment agreement” is signed in the portal.');
    expect(en.formsToSign).toEqual([
      { formId: 'f1', title: 'Enrollment agreement', blocking: true },
      { formId: 'f2', title: 'Field trip permission', blocking: false },
    ]);
    expect(withFormGate(canEnroll, maya, [agreement], 'es').eligibility).toContain('podrá inscribirse');
  });

  it('leaves the family’s sentence as it is for a warning form, and lists the form to sign beside it', () => {
    const verdict = withFormGate(canEnroll, maya, [trip]);
    expect(verdict.canEnroll).toBe(true);
    expect(verdict.eligibility).toBe('Maya can enroll now.');
    expect(verdict.formsToSign).toEqual([{ formId: 'f2', title: 'Field trip permission', blocking: false }]);
  });

  it('never stops a child already holding a seat or enrolled, nor opens a closed door', () => {
    expect(
      withFormGate(canEnroll, { ...maya, enrollmentStatus: 'PendingPayment' }, [agreement]).canEnroll,
    ).toBe(true);
    const enrolled = { ...canEnroll, canEnroll: false, eligibility: 'Maya is enrolled.' };
    expect(withFormGate(enrolled, { ...maya, enrollmentStatus: 'Enrolled' }, [agreement])).toBe(enrolled);
    const closed = { ...canEnroll, canEnroll: false, eligibility: 'Registration is closed.' };
    expect(withFormGate(closed, maya, [agreement])).toMatchObject({
      canEnroll: false,
      eligibility: 'Registration is closed.',
    });
  });
});
