import {
  checkoutLineItems,
  describeAgeRange,
  describeRefundPolicy,
  describeSiblingDiscount,
  EnrollmentRequestSchema,
  formatPolicyDate,
  messageSentence,
  type RefundPolicy,
  readFieldMessage,
  type SiblingDiscount,
  TutoringWaitlistFormSchema,
} from '@lc/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { ageLimitsText } from '../class-sessions/format.ts';
import { lineItemText } from './line-item-text.ts';
import { formatPolicyDay, refundPolicySentences, siblingDiscountAmount } from './refund-policy-text.ts';

const policy = (overrides: Partial<RefundPolicy> = {}): RefundPolicy => ({
  refundFullDaysBefore: 14,
  refundPercentAfter: 50,
  supplyFeeRefundUntil: null,
  ...overrides,
});

const POLICIES: RefundPolicy[] = [
  policy({ refundFullDaysBefore: 0 }),
  policy({ refundFullDaysBefore: 1 }),
  policy({ refundFullDaysBefore: 14 }),
  policy({ refundPercentAfter: 0 }),
  policy({ refundPercentAfter: 100 }),
  policy({ refundPercentAfter: 35, supplyFeeRefundUntil: '2026-02-20' }),
  // A supply-fee date inside the full-refund period says nothing more than the period does.
  policy({ supplyFeeRefundUntil: '2026-01-10' }),
];

afterEach(() => i18n.changeLanguage('en'));

describe('the refund policy in the family’s language', () => {
  it('says in English word for word what the contract (the API, the emails) says', () => {
    for (const rules of POLICIES)
      for (const supplyFee of [0, 7_500, 123_456]) {
        const session = { sessionStartDate: '2026-02-02', supplyFee };
        expect(refundPolicySentences(rules, session, 'en'), JSON.stringify({ rules, supplyFee })).toEqual(
          describeRefundPolicy(rules, session),
        );
      }
    expect(formatPolicyDay('2026-01-02', 'en')).toBe(formatPolicyDate('2026-01-02'));
  });

  it('says it in Spanish, with the days counted and the dates and amounts in Spanish', () => {
    const session = { sessionStartDate: '2026-02-02', supplyFee: 7_500 };
    expect(refundPolicySentences(policy(), session, 'es')).toEqual([
      'Si da de baja a su hijo o hija a más tardar el lunes, 19 de enero de 2026 (14 días antes del primer día), le reembolsamos todo lo que pagó.',
      'Después de esa fecha, le reembolsamos el 50% del costo de inscripción hasta el último día.',
      'La cuota de materiales ($75.00) solo se reembolsa durante el periodo de reembolso completo.',
    ]);
    expect(
      refundPolicySentences(
        policy({ refundFullDaysBefore: 1, refundPercentAfter: 0, supplyFeeRefundUntil: '2026-02-20' }),
        session,
        'es',
      ),
    ).toEqual([
      'Si da de baja a su hijo o hija a más tardar el domingo, 1 de febrero de 2026 (1 día antes del primer día), le reembolsamos todo lo que pagó.',
      'Después de esa fecha, el costo de inscripción no se reembolsa.',
      'La cuota de materiales ($75.00) se reembolsa completa hasta el viernes, 20 de febrero de 2026.',
    ]);
    expect(
      refundPolicySentences(
        policy({ refundFullDaysBefore: 0, refundPercentAfter: 100 }),
        { ...session, supplyFee: 0 },
        'es',
      ),
    ).toEqual([
      'Si da de baja a su hijo o hija a más tardar el primer día (lunes, 2 de febrero de 2026), le reembolsamos todo lo que pagó.',
      'Después de esa fecha, le seguimos reembolsando todo el costo de inscripción hasta el último día.',
    ]);
  });

  it('follows the language shown when none is given, and can leave out an unknown supply fee amount', async () => {
    await i18n.changeLanguage('es');
    expect(refundPolicySentences(policy(), { sessionStartDate: '2026-02-02', supplyFee: null })[2]).toBe(
      'La cuota de materiales solo se reembolsa durante el periodo de reembolso completo.',
    );
    await i18n.changeLanguage('en');
    expect(refundPolicySentences(policy(), { sessionStartDate: '2026-02-02', supplyFee: null })[2]).toBe(
      'The supply fee is refunded only in the full-refund period.',
    );
  });
});

describe('the sibling discount and the price lines', () => {
  const discount = (type: SiblingDiscount['siblingDiscountType'], value: number): SiblingDiscount => ({
    siblingDiscountType: type,
    siblingDiscountValue: value,
    siblingDiscountAcrossProgram: false,
  });

  it('says what a brother or sister gets off as the contract does', () => {
    for (const d of [discount('Percent', 10), discount('Amount', 25_000), discount(null, 0)]) {
      const amount = siblingDiscountAmount(d, 'en');
      expect(amount === null ? null : `${amount} off`).toBe(describeSiblingDiscount(d));
    }
  });

  it('keeps the checkout’s lines in English and says them in Spanish', () => {
    const session = {
      name: 'Spring Morning Program',
      registrationPrice: 185_000,
      supplyFee: 7_500,
      ...discount('Percent', 10),
    };
    const lines = [
      ...checkoutLineItems(session, 2),
      ...checkoutLineItems({ ...session, ...discount('Amount', 25_000) }, 2, 1),
    ].map((line) => line.description);
    expect(lines.map((line) => lineItemText(line, 'en'))).toEqual(lines);
    expect(lines.map((line) => lineItemText(line, 'es'))).toEqual([
      'Spring Morning Program — costo de inscripción',
      'Spring Morning Program — cuota de materiales',
      'Descuento por hermanos (10% de descuento para un hermano o hermana)',
      'Spring Morning Program — costo de inscripción',
      'Spring Morning Program — cuota de materiales',
      'Descuento por hermanos ($250.00 de descuento para cada hermano o hermana)',
    ]);
    expect(lineItemText('Late pickup fee', 'es')).toBe('Late pickup fee');
  });
});

describe('age limits', () => {
  it('say in English what the contract says, capitalised, on the first day', () => {
    for (const [min, max] of [
      [42, 71],
      [36, null],
      [null, 71],
      [50, 83],
      [13, 30],
    ] as const) {
      const phrase = describeAgeRange(min, max) ?? '';
      expect(ageLimitsText(min, max)).toBe(
        `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)} on the first day`,
      );
    }
    expect(ageLimitsText(null, null)).toBeNull();
  });

  it('say them in Spanish', async () => {
    await i18n.changeLanguage('es');
    expect(ageLimitsText(42, 71)).toBe('De 3 años y medio a 5 años el primer día');
    expect(ageLimitsText(50, null)).toBe('Desde los 4 años y 2 meses el primer día');
    expect(ageLimitsText(null, 71)).toBe('Hasta los 5 años el primer día');
  });
});

describe('field messages of the enroll, waitlist and tutoring forms', () => {
  /** Every message a schema gives for some input. */
  function messagesOf(
    schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
    inputs: unknown[],
  ) {
    return inputs.flatMap((input) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? []);
  }

  it('have a Spanish entry for every message the contract gives these forms', () => {
    const studentIds = EnrollmentRequestSchema.shape.studentIds;
    const tooMany = Array.from(
      { length: 11 },
      (_, i) => `3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e${String(i).padStart(2, '0')}`,
    );
    const messages = [
      ...messagesOf(studentIds, [undefined, [], ['nope'], tooMany, [tooMany[0], tooMany[0]]]),
      ...messagesOf(TutoringWaitlistFormSchema, [
        {},
        { parentName: 'x'.repeat(101), studentName: 'x'.repeat(101), message: 'x'.repeat(4001) },
        { emailAddress: 'ana@', phoneNumber: '12' },
      ]),
    ];
    expect(messages.length).toBeGreaterThan(10);
    for (const message of new Set(messages)) {
      // A code of the contract's message files, whose Spanish differs from its English.
      expect(readFieldMessage(message), message).toBeDefined();
      expect(messageSentence(message, 'es'), message).not.toBe(messageSentence(message, 'en'));
    }
  });
});
