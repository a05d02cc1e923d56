import { describe, expect, it } from 'vitest';
import {
  type AuditNames,
  auditKindName,
  auditMessages,
  auditSentence,
  auditSentenceText,
  auditTableRows,
  auditWho,
} from './audit-sentences.ts';
import { AUDIT_ACTIONS, AUDIT_KIND_NAMES, AUDIT_KINDS, type AuditEvent } from './staff-audit.ts';

const TZ = 'America/Los_Angeles';
const names: AuditNames = {
  actor: 'Maya Director',
  child: 'Lily Chen',
  family: 'Chen',
  session: 'Owl Room',
  fromSession: 'Pre-K Mornings',
  person: 'Ana Ruiz',
  contact: 'Grace Chen',
  teachers: ['Ana Ruiz', 'Ben Ode'],
  assignee: 'Ana Ruiz',
  sender: 'Rosa Diaz',
  title: 'Picture day',
  kiosk: 'Front door',
};

/** A plausible before/after for each action, as its `recordAudit` writes it. */
const facts: Record<string, { before?: unknown; after?: unknown; entityType?: string }> = {
  'enrollment.create.offline': { after: { amount: 12000 } },
  'enrollment.withdraw': { after: { refundAmount: 0 } },
  'payment.refund': { after: { amount: 12000 } },
  'payment.refund.requested': { after: { amount: 12000 } },
  'payment.refund.failed': { after: { error: 'The card was closed.' } },
  'payment.record.offline': { after: { amount: 5000 } },
  'ledger.charge': { after: { amount: 2500 } },
  'ledger.late_fee': { after: { amount: 1000 } },
  'ledger.credit': { after: { amount: 1500 } },
  'ledger.write_off': { after: { amount: 700 } },
  'closure.add': {
    after: { startsOn: '2026-12-21', endsOn: '2027-01-01', kind: 'Closed', reason: 'Winter break' },
  },
  'closure.remove': {
    before: { startsOn: '2026-11-26', endsOn: '2026-11-26', kind: 'Closed', reason: 'Thanksgiving' },
  },
  'tour.publish': { after: { startsAt: '2026-12-08T18:00:00.000Z' }, entityType: 'TourSlot' },
  'tour.remove': { before: { startsAt: '2026-12-08T18:00:00.000Z' }, after: { cancelled: [] } },
  'tour.reminded': { after: { startsAt: '2026-12-08T18:00:00.000Z' } },
  'day_post.edit': {
    before: { body: 'We painted.', classSessionId: 1, day: '2026-11-20' },
    after: { body: 'We painted leaves.', classSessionId: 1, day: '2026-11-20' },
    entityType: 'DayPost',
  },
  'day_post.delete': {
    before: { body: 'Snack', classSessionId: 1, day: '2026-11-20' },
    entityType: 'DayPost',
  },
  'incident.report': {
    after: { classSessionId: 1, day: '2026-11-20', kind: 'Injury', studentIds: ['a'] },
    entityType: 'Incident',
  },
  'incident.correct': {
    before: { classSessionId: 1, day: '2026-11-20', place: 'Playground' },
    after: { classSessionId: 1, day: '2026-11-20', place: 'Garden' },
    entityType: 'Incident',
  },
  'incident.acknowledge': {
    after: { classSessionId: 1, day: '2026-11-20', studentId: 'a', comment: '' },
    entityType: 'Incident',
  },
  'incident.review': { after: { classSessionId: 1, day: '2026-11-20' }, entityType: 'Incident' },
  'incident.follow_up': {
    after: { classSessionId: 1, day: '2026-11-20', shared: false },
    entityType: 'Incident',
  },
  'medication.give': {
    after: { classSessionId: 1, studentId: 'a', day: '2026-11-20', medication: 'Albuterol', dose: '2 puffs' },
    entityType: 'MedicationDose',
  },
  'medication.correct': {
    before: {
      classSessionId: 1,
      studentId: 'a',
      day: '2026-11-20',
      medication: 'Albuterol',
      dose: '4 puffs',
    },
    after: { classSessionId: 1, studentId: 'a', day: '2026-11-20', medication: 'Albuterol', dose: '2 puffs' },
    entityType: 'MedicationDose',
  },
  'medication.void': {
    before: {
      classSessionId: 1,
      studentId: 'a',
      day: '2026-11-20',
      medication: 'Albuterol',
      dose: '2 puffs',
    },
    after: { classSessionId: 1, studentId: 'a', day: '2026-11-20', medication: 'Albuterol', voided: true },
    entityType: 'MedicationDose',
  },
  'form.create': {
    after: { title: 'Enrollment agreement', kind: 'EnrollmentAgreement' },
    entityType: 'Form',
  },
  'form.update': {
    before: { title: 'Enrollment agreement' },
    after: { title: 'Enrollment agreement' },
    entityType: 'Form',
  },
  'form.publish': { after: { title: 'Enrollment agreement', version: 2 }, entityType: 'Form' },
  'form.archive': { after: { title: 'Field trip permission' }, entityType: 'Form' },
  'form.sign': {
    after: { title: 'Photo release', version: 1, studentId: 'c1', sha256: 'ab' },
    entityType: 'FormSignature',
  },
  'health.profile.update': { after: { dietaryNeeds: 'No pork' }, entityType: 'Student' },
  'health.physical.update': { after: { physicalOn: '2026-01-14' }, entityType: 'Student' },
  'health.dose.add': { after: { vaccine: 'Varicella', givenOn: '2021-03-02' }, entityType: 'Student' },
  'health.dose.remove': { before: { vaccine: 'MMR', givenOn: '2021-03-02' }, entityType: 'Student' },
  'health.document.add': { after: { kind: 'ImmunizationCertificate' }, entityType: 'Student' },
  'health.document.remove': { before: { kind: 'DoctorNote' }, entityType: 'Student' },
  'health.check': { after: { record: 'Immunizations' }, entityType: 'Student' },
  'health.uncheck': { before: { record: 'Physical' }, entityType: 'Student' },
  'program.health_requirements': {
    after: { program: 'Morning Program', requirements: [] },
    entityType: 'ClassSection',
  },
  'duty.phone.set': {
    before: { phoneClockIn: false },
    after: { phoneClockIn: true },
    entityType: 'ClassSession',
  },
  'duty.punch.add': {
    after: {
      classSessionId: 1,
      inAt: '2026-11-30T16:00:00.000Z',
      outAt: '2026-11-30T20:30:00.000Z',
      reason: 'Forgot to clock in at the door',
    },
    entityType: 'User',
  },
  'duty.punch.fix': {
    before: { classSessionId: 1, inAt: '2026-11-30T16:00:00.000Z', outAt: null },
    after: {
      classSessionId: 1,
      inAt: '2026-11-30T16:00:00.000Z',
      outAt: '2026-11-30T20:30:00.000Z',
      reason: 'Left at 12:30 without clocking out',
    },
    entityType: 'User',
  },
  'duty.certification.add': {
    after: { kind: 'Cpr', issuedOn: '2025-01-10', expiresOn: '2027-01-10' },
    entityType: 'User',
  },
  'duty.certification.remove': {
    before: { kind: 'TbTest', issuedOn: '2024-01-10', expiresOn: '2026-01-10' },
    entityType: 'User',
  },
  'duty.certification.document': {
    before: { kind: 'Cpr', fileName: null },
    after: { kind: 'Cpr', fileName: 'CPR card 2026.pdf' },
    entityType: 'User',
  },
  'conversation.update': {
    before: { status: 'New' },
    after: { status: 'Closed' },
    entityType: 'Conversation',
  },
  'staff.invite': { after: { role: 'Staff' } },
  'staff.add': { after: { role: 'Admin' } },
  'staff.role': { before: { role: 'Staff' }, after: { role: 'Admin' } },
  'staff.inbox': { before: { inboxAccess: false }, after: { inboxAccess: true } },
  'student.allergy.add': { after: { allergy: 'Peanuts' } },
  'student.allergy.remove': { before: { allergy: 'Peanuts' } },
  'trustee.create': { after: { name: 'Grace Chen', relationship: 'Aunt', canPickup: false } },
  'trustee.correct': { after: { name: 'Grace Chen', reason: 'Her new number, from her call' } },
  'student.correct': { after: { firstName: 'Lily', reason: 'Birth date from the birth certificate' } },
  'student.restriction.add': { after: { fullName: 'Derek Lawson' } },
  'student.restriction.remove': { before: { fullName: 'Derek Lawson' } },
  'custody.alert': {
    after: { kind: 'doorRefused', personName: 'Derek Lawson', childName: 'Lily Chen', where: 'Front door' },
  },
  'pass.issue': { after: { expiresAt: '2027-06-01T07:00:00.000Z' } },
  'pass.reissue': { after: { expiresAt: '2027-06-01T07:00:00.000Z' } },
  'kiosk.enroll': { after: { name: 'Front door' } },
  'kiosk.rename': { before: { name: 'Front door' }, after: { name: 'Main door' } },
  'kiosk.revoke': { before: { name: 'Front door' } },
  'family.invite': { after: { emailAddress: 'wei@example.com' } },
  'family.invite.withdraw': { before: { emailAddress: 'wei@example.com' } },
  'family.close': { after: { children: 2 } },
  'announcement.schedule': { after: { sendAt: '2026-12-02T16:00:00.000Z' } },
  'family.message': { after: { subject: 'Picture day on Friday', families: 3 } },
  'resource.create': { after: { name: 'Supply list' } },
  'resource.update': { after: { name: 'Supply list' } },
  'program.create': { after: { name: 'Pre-K' } },
  'program.update': { after: { name: 'Pre-K' } },
  'policy.create': { after: { name: 'Late pickup' } },
  'policy.update': { after: { name: 'Late pickup' } },
};

const sentenceOf = (action: string, who: AuditNames = names) =>
  auditSentence(
    { action, entityType: facts[action]?.entityType ?? 'X', before: null, after: null, ...facts[action] },
    who,
  );

describe('the audit trail in sentences (issue 24)', () => {
  it('lists each action once', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });

  it('gives every listed action a sentence of its own in English and Spanish, never a raw code', () => {
    for (const action of AUDIT_ACTIONS) {
      const sentence = sentenceOf(action);
      expect(sentence.key, action).not.toBe('generic');
      for (const language of ['en', 'es']) {
        const text = auditSentenceText(sentence, language, TZ);
        expect(text, `${action} ${language}`).not.toMatch(
          /{{|}}|(?<![@\w.])[a-z]{3,}\.[a-z_]{3,}\b|undefined|\[object|—/,
        );
        expect(text.length, action).toBeGreaterThan(15);
      }
    }
  });

  it('names the person a child is not to be released to, and says where the door refused them', () => {
    expect(auditSentenceText(sentenceOf('student.restriction.add'), 'en', TZ)).toBe(
      'Maya Director noted that Lily Chen is not to be released to Derek Lawson.',
    );
    expect(auditSentenceText(sentenceOf('custody.alert'), 'en', TZ)).toBe(
      'The door refused to release Lily Chen to Derek Lawson (Front door).',
    );
    expect(auditSentenceText(sentenceOf('student.correct'), 'es', TZ)).toBe(
      'Maya Director corrigió los datos de Lily Chen: «Birth date from the birth certificate».',
    );
  });

  it('names the file attached to a certification (decision 041)', () => {
    expect(auditSentenceText(sentenceOf('duty.certification.document'), 'en', TZ)).toMatch(
      /^Maya Director attached CPR card 2026\.pdf to .+’s CPR certification\.$/,
    );
  });

  it('names the medicine and the child of a dose logged, corrected or voided (decision 040)', () => {
    expect(auditSentenceText(sentenceOf('medication.give'), 'en', TZ)).toBe(
      'Maya Director logged a dose of Albuterol given to Lily Chen on Nov 20.',
    );
    expect(auditSentenceText(sentenceOf('medication.void'), 'es', TZ)).toBe(
      'Maya Director anuló una dosis de Albuterol registrada para Lily Chen el 20 nov.',
    );
  });

  it('says who signed an incident report and whether a follow-up was shared (decision 037)', () => {
    expect(auditSentenceText(sentenceOf('incident.acknowledge'), 'en', TZ)).toBe(
      'Maya Director signed the incident report of Nov 20 about Lily Chen.',
    );
    const shared = auditSentence(
      {
        action: 'incident.follow_up',
        entityType: 'Incident',
        before: null,
        after: { classSessionId: 1, day: '2026-11-20', shared: true },
      },
      names,
    );
    expect(auditSentenceText(shared, 'es', TZ)).toBe(
      'Maya Director agregó una nota de seguimiento al informe de incidente del 20 nov en Owl Room y la compartió con las familias.',
    );
  });

  it('says how many families a message from a list went to, and its subject', () => {
    expect(auditSentenceText(sentenceOf('family.message'), 'en', TZ)).toBe(
      'Maya Director wrote to 3 families: “Picture day on Friday”.',
    );
    expect(auditSentenceText(sentenceOf('family.message'), 'es', TZ)).toBe(
      'Maya Director escribió a 3 familias: «Picture day on Friday».',
    );
  });

  it('writes the issue’s examples: names, dollars, a range of days', () => {
    expect(auditSentenceText(sentenceOf('enrollment.move'), 'en', TZ)).toBe(
      'Maya Director moved Lily Chen from Pre-K Mornings to Owl Room.',
    );
    expect(auditSentenceText(sentenceOf('payment.refund'), 'en', TZ)).toBe(
      'Maya Director refunded $120.00 to the Chen family.',
    );
    expect(auditSentenceText(sentenceOf('payment.refund'), 'es', TZ)).toBe(
      'Maya Director reembolsó $120.00 a la familia Chen.',
    );
    expect(auditSentenceText(sentenceOf('closure.add'), 'en', TZ)).toBe(
      'Maya Director added a closure: Winter break, Dec 21 – Jan 1.',
    );
    expect(auditSentenceText(sentenceOf('session.teachers.set'), 'en', TZ)).toBe(
      'Maya Director set the teachers of Owl Room: Ana Ruiz and Ben Ode.',
    );
  });

  it('writes tour times on the center’s clock, and says when a booked one was removed (decision 028)', () => {
    expect(auditSentenceText(sentenceOf('tour.publish'), 'en', TZ)).toBe(
      'Maya Director published a tour time: Dec 8, 2026, 10:00 AM.',
    );
    const removedBooked = auditSentence(
      {
        action: 'tour.remove',
        entityType: 'TourSlot',
        before: { startsAt: '2026-12-08T18:00:00.000Z' },
        after: { cancelled: ['a'] },
      },
      names,
    );
    expect(auditSentenceText(removedBooked, 'en', TZ)).toBe(
      'Maya Director removed the tour time Dec 8, 2026, 10:00 AM and wrote to the family who had booked it.',
    );
    expect(auditSentenceText(sentenceOf('tour.reminded', { ...names, actor: 'system' }), 'en', TZ)).toBe(
      'The center’s system reminded Rosa Diaz of their tour on Dec 8, 2026, 10:00 AM.',
    );
  });

  it('writes instants on the center’s clock', () => {
    // 16:00 UTC is 8:00 AM in California.
    expect(auditSentenceText(sentenceOf('announcement.schedule'), 'en', TZ)).toBe(
      'Maya Director scheduled the announcement “Picture day” for Dec 2, 2026, 8:00 AM.',
    );
  });

  it('chooses a variant by what changed', () => {
    const withRefund = auditSentence(
      {
        action: 'enrollment.withdraw',
        entityType: 'ClassSessionEnrollment',
        before: {},
        after: { refundAmount: 4550 },
      },
      names,
    );
    expect(auditSentenceText(withRefund, 'en', TZ)).toBe(
      'Maya Director withdrew Lily Chen from Owl Room and refunded $45.50.',
    );
    const pickup = auditSentence(
      {
        action: 'trustee.update',
        entityType: 'Trustee',
        before: { canPickup: false },
        after: { canPickup: true },
      },
      names,
    );
    expect(auditSentenceText(pickup, 'en', TZ)).toBe('Maya Director allowed Grace Chen to pick up.');
    const inboxOnly = auditSentence(
      {
        action: 'staff.role',
        entityType: 'User',
        before: { role: 'Staff', inboxAccess: true },
        after: { role: 'Staff', inboxAccess: false },
      },
      names,
    );
    expect(auditSentenceText(inboxOnly, 'en', TZ)).toBe('Maya Director took the inbox away from Ana Ruiz.');
    expect(auditSentenceText(sentenceOf('family.close'), 'es', TZ)).toBe(
      'Maya Director cerró su cuenta familiar, con los registros de 2 niños.',
    );
  });

  it('reads well when the subject or the actor is gone, and for the system', () => {
    const gone = sentenceOf('enrollment.move', {
      actor: null,
      child: null,
      session: null,
      fromSession: null,
    });
    expect(auditSentenceText(gone, 'en', TZ)).toBe(
      'A former account moved a child no longer on record from a session no longer on record to a session no longer on record.',
    );
    expect(auditSentenceText(sentenceOf('payment.refund', { actor: 'system', family: null }), 'en', TZ)).toBe(
      'The center’s system refunded $120.00 to a family no longer on record.',
    );
    expect(
      auditSentenceText(sentenceOf('student.allergy.add', { actor: 'Mei Chen', child: null }), 'es', TZ),
    ).toBe('Mei Chen agregó la alergia «Peanuts» de un niño que ya no está en los registros.');
  });

  it('gives an action it does not know the generic sentence, naming the kind of record', () => {
    const unknown = auditSentence(
      { action: 'garden.water', entityType: 'ClassSession', before: null, after: null },
      names,
    );
    expect(auditSentenceText(unknown, 'en', TZ)).toBe('Maya Director made a change to a session.');
    expect(auditSentenceText({ key: 'not.a.key', params: { actor: 'Ana' } }, 'en', TZ)).toBe(
      'Ana made a change to a record.',
    );
  });

  it('names every kind in both languages', () => {
    expect(AUDIT_KIND_NAMES).toEqual(Object.keys(AUDIT_KINDS));
    for (const kind of AUDIT_KIND_NAMES) {
      expect(auditKindName(kind, 'en')).not.toMatch(/^kind\./);
      expect(auditKindName(kind, 'es')).not.toBe(auditKindName(kind, 'en'));
    }
  });

  it('has the same keys and parts in English and Spanish, every Spanish sentence translated', () => {
    const en = auditMessages.en as Record<string, string>;
    const es = auditMessages.es as Record<string, string>;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    const parts = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en)) {
      expect(parts(es[key]!), key).toEqual(parts(en[key]!));
      expect(es[key], key).not.toBe(en[key]);
    }
  });

  it('writes the CSV rows: when on the center’s clock, who, the sentence, the code, the record, the changes', () => {
    const event: AuditEvent = {
      id: 'e1',
      at: '2026-11-22T07:30:00.000Z',
      actorName: null,
      actorUserId: null,
      action: 'payment.refund',
      entityType: 'Payment',
      entityId: 'p1',
      before: { refundedAmount: 0 },
      after: { refundedAmount: 12000, amount: 12000 },
      sentence: sentenceOf('payment.refund', { actor: 'system', family: 'Chen' }),
      studentId: null,
      familyUserId: null,
    };
    expect(auditTableRows([event], TZ, 'en')).toEqual([
      [
        'Nov 21, 2026, 11:30 PM',
        'The center’s system',
        'The center’s system refunded $120.00 to the Chen family.',
        'payment.refund',
        'Payment p1',
        'refundedAmount: 0 → 12000; amount: — → 12000',
      ],
    ]);
    expect(auditWho({ actorName: null, actorUserId: 'u1' }, 'es')).toBe('Una cuenta que ya no existe');
  });
});
