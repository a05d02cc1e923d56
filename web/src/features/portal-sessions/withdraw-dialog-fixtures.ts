import type { WithdrawalQuote } from '@lc/contract';
import { vi } from 'vitest';
import { classSessionFixture } from '../testing/class-session-fixture.ts';
import { jsonReply } from '../testing/render-page.tsx';
import { enrollment, sessionSummary } from './test-fixtures.ts';

/**
 * The withdraw dialog's tests' shared harness: Maya's place in the Winter Morning Session, a refund quote
 * (`quote`, cents) and a fetch stand-in (`serve`) answering the portal's reads and the dialog's calls. Each
 * test file stubs `fetch` with `fetchMock` itself.
 */
export const fetchMock = vi.fn<typeof fetch>();

export const SESSION = classSessionFixture({
  id: 2,
  name: 'Winter Morning Session',
  sessionStartDate: '2099-01-12',
  sessionEndDate: '2099-03-27',
});
export const MAYA_HERE = enrollment({ classSession: sessionSummary({ id: 2 }) });
export const QUOTE_PATH = `/api/ClassSessionEnrollment/${MAYA_HERE.id}/Withdrawal`;
export const WITHDRAW_PATH = `/api/ClassSessionEnrollment/${MAYA_HERE.id}/Withdraw`;

export function quote(overrides: Partial<WithdrawalQuote> = {}): WithdrawalQuote {
  return {
    enrollmentId: MAYA_HERE.id,
    child: { id: MAYA_HERE.studentId, firstName: 'Maya', fullName: 'Maya Avery' },
    classSession: {
      id: 2,
      name: 'Winter Morning Session',
      sessionStartDate: '2099-01-12',
      sessionEndDate: '2099-03-27',
    },
    today: '2098-12-20',
    policy: { refundFullDaysBefore: 14, refundPercentAfter: 50, supplyFeeRefundUntil: null },
    policySentences: [
      'Withdraw by Monday, December 29, 2098 (14 days before the first day) and we refund everything you paid.',
      'After that, we refund 50% of the registration until the last day.',
    ],
    window: 'full',
    fullRefundUntil: '2098-12-29',
    registrationShare: 27_000,
    registrationRefund: 27_000,
    supplyFeeRefund: 4_000,
    policyTotal: 31_000,
    refundableOnPayment: 65_000,
    siblingDiscounts: [],
    siblingDiscountKept: 0,
    refund: 31_000,
    capped: false,
    refundMethod: 'card',
    plan: null,
    ...overrides,
  };
}

/** Serves the page's reads, and `quotes` / `withdraws` in turn for the dialog's calls; records the POST bodies. */
export function serve(quotes: Response[], withdraws: Response[]) {
  const posted: unknown[] = [];
  let enrollmentReads = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/ClassSession/2') return jsonReply(200, SESSION);
    if (key === 'GET /api/ClassSessionEnrollment') {
      enrollmentReads++;
      return jsonReply(200, [enrollmentReads === 1 ? MAYA_HERE : { ...MAYA_HERE, status: 'Withdrawn' }]);
    }
    if (key === 'GET /api/Announcement/ClassSession/2' || key === 'GET /api/ClassSession/2/Resources')
      return jsonReply(200, []);
    if (key === `GET ${QUOTE_PATH}`) return quotes.shift()!;
    if (key === `POST ${WITHDRAW_PATH}`) {
      posted.push(JSON.parse(String(init?.body)));
      return withdraws.shift()!;
    }
    return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
  return { posted, enrollmentReads: () => enrollmentReads };
}
