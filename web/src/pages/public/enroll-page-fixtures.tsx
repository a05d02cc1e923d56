import type { ClassSession, Policy } from '@lc/contract';
import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { sessionStudentFixture, THEO_ID, textReply } from '../../features/enrollment/enrollment-fixtures.ts';
import { classSessionFixture } from '../../features/testing/class-session-fixture.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import EnrollPage from './enroll-page.tsx';

/**
 * The enroll page's tests' shared harness: a session with two policies, Maya and Theo, a fetch stand-in
 * answering the page's calls (`serve`), the POSTs it received (`posts`), the page rendered at its route
 * (`renderEnroll`) and both policies accepted (`acceptPolicies`). Each test file stubs `fetch` with
 * `fetchMock` itself.
 */
export const fetchMock = vi.fn<typeof fetch>();

export function policy(policyType: Policy['policyType'], name: string, id: number): Policy {
  return {
    id,
    policyType,
    name,
    htmlValue: `<p>${name}: the rules.</p>`,
    created: '2025-01-01T00:00:00Z',
    lastUpdated: '2025-01-01T00:00:00Z',
  };
}

export const SESSION: ClassSession = classSessionFixture({
  registrationState: 'Open',
  expectationPolicy: policy('Expectation', 'Family expectations', 1),
  latePickupPolicy: policy('LatePickup', 'Late pickup', 3),
});
export const MAYA = sessionStudentFixture();
export const THEO = sessionStudentFixture({ id: THEO_ID, firstName: 'Theo' });

type Family = {
  session?: ClassSession;
  students?: ReturnType<typeof sessionStudentFixture>[];
  eligibility?: string;
  onPost?: (body: { classSessionId: number; studentIds: string[] }) => Response | Promise<Response>;
};

export function serve({
  session = SESSION,
  students = [MAYA, THEO],
  eligibility = 'Maya can enroll now. Theo can enroll now.',
  onPost = () => jsonReply(500),
}: Family = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/ClassSession/1') return jsonReply(200, session);
    if (method === 'GET' && url === '/api/ClassSessionEnrollment/1') return jsonReply(200, students);
    if (method === 'GET' && url === '/api/ClassSessionEnrollment/1/VerifyEligibility')
      return textReply(eligibility);
    if (method === 'POST' && url === '/api/ClassSessionEnrollment')
      return onPost(JSON.parse(String(init?.body)));
    return jsonReply(404, { error: 'Not Found', message: 'That session was not found.', requestId: 'r' });
  });
}

export function posts() {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
}

export function renderEnroll(id = '1') {
  return renderPage(<EnrollPage />, {
    path: `/sessions/${id}/enroll`,
    pattern: '/sessions/:classSessionId/enroll',
  });
}

export function acceptPolicies() {
  fireEvent.click(
    screen.getByRole('checkbox', { name: 'I have read and accept the Family expectations policy' }),
  );
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the Late pickup policy' }));
}
