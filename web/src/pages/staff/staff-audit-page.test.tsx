import type { AuditEvent, AuditPage, TeamMember } from '@lc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import StaffAuditPage from './staff-audit-page.tsx';

/**
 * /staff/audit (issue 24): each change reads as a sentence in the reader's language, with who and when on the
 * center's clock; Details (a native disclosure) holds the raw values before and after and narrows the trail to
 * the change's child; the Who and Kind filters and the When and Who headers' order write the URL's query, which
 * the page asks the API with; no match says how to widen the search.
 */
vi.mock('../../lib/auth-token', async (original) => ({
  ...(await original<typeof import('../../lib/auth-token')>()),
  currentRole: () => 'Admin',
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const LILY = '11111111-1111-4111-8111-111111111111';
const MAYA = '22222222-2222-4222-8222-222222222222';
const move: AuditEvent = {
  id: 'e1',
  at: '2026-11-20T18:05:00.000Z',
  actorUserId: MAYA,
  actorName: 'Maya Director',
  action: 'enrollment.move',
  entityType: 'ClassSessionEnrollment',
  entityId: 'en-1',
  before: { classSessionId: 3, status: 'Enrolled' },
  after: { classSessionId: 4, reason: 'Afternoons suit them better' },
  sentence: {
    key: 'enrollment.move',
    params: { actor: 'Maya Director', child: 'Lily Chen', from: 'Pre-K Mornings', to: 'Owl Room' },
  },
  studentId: LILY,
  familyUserId: null,
};
const refund: AuditEvent = {
  ...move,
  id: 'e2',
  action: 'payment.refund',
  entityType: 'Payment',
  before: { refundedAmount: 0 },
  after: { refundedAmount: 12000, amount: 12000 },
  sentence: {
    key: 'payment.refund',
    params: {
      actor: 'Maya Director',
      amount: { cents: 12000 },
      family: { t: 'name.family', params: { name: 'Chen' } },
    },
  },
};
const maya = {
  id: MAYA,
  firstName: 'Maya',
  lastName: 'Director',
  emailAddress: 'maya@staff.example',
  role: 'Admin',
  hasSignedIn: true,
  inboxAccess: true,
} satisfies TeamMember;

/** The API: the team, and the trail (the child's name once the page asks for the child). */
function serve() {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/staff/team') return jsonReply(200, [maya]);
    if (url.pathname === '/api/staff/audit') {
      const page: AuditPage = {
        items: [move, refund],
        total: 2,
        page: 1,
        pageSize: 50,
        filterNames: {
          actor: null,
          child: url.searchParams.get('studentId') ? 'Lily Chen' : null,
          family: null,
        },
      };
      return jsonReply(200, page);
    }
    return jsonReply(404, { error: 'Not Found', message: 'No such route.', requestId: 'r' });
  });
}
const auditQueries = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/staff/audit')
    .map((url) => url.searchParams);

describe('the audit trail page', () => {
  it('reads each change as a sentence, who and when, with the raw values behind Details', async () => {
    serve();
    renderPage(<StaffAuditPage />, { path: '/staff/audit' });
    const table = await screen.findByRole('region', { name: 'Audit trail table' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Maya Director moved Lily Chen from Pre-K Mornings to Owl Room.');
    expect(first).toHaveTextContent('Nov 20, 2026, 10:05 AM');
    expect(second).toHaveTextContent('Maya Director refunded $120.00 to the Chen family.');
    // The sentence is the whole visible line: no code, no record id.
    expect(
      within(first!).getByText('Maya Director moved Lily Chen from Pre-K Mornings to Owl Room.').tagName,
    ).toBe('P');

    const details = first!.querySelector('details')!;
    expect(details.open).toBe(false);
    const summary = within(first!).getByText('Details');
    expect(summary.tagName).toBe('SUMMARY');
    fireEvent.click(summary);
    await waitFor(() => expect(details.open).toBe(true));
    expect(within(details).getByText(/"reason": "Afternoons suit them better"/)).toBeInTheDocument();
    expect(details).toHaveTextContent('Recorded as enrollment.move on ClassSessionEnrollment en-1');

    fireEvent.click(within(details).getByRole('button', { name: 'Only this child’s changes' }));
    await waitFor(() => expect(auditQueries().at(-1)?.get('studentId')).toBe(LILY));
    expect(await screen.findByText('Lily Chen', { selector: 'strong' })).toBeInTheDocument();
  });

  it('filters by who and by a readable kind, kept in the query it sends', async () => {
    serve();
    renderPage(<StaffAuditPage />, { path: '/staff/audit' });
    await screen.findByRole('region', { name: 'Audit trail table' });
    const who = screen.getByLabelText('Who');
    await waitFor(() =>
      expect(within(who).getByRole('option', { name: 'Maya Director' })).toBeInTheDocument(),
    );
    fireEvent.change(who, { target: { value: MAYA } });
    await waitFor(() => expect(auditQueries().at(-1)?.get('actorUserId')).toBe(MAYA));
    const kind = screen.getByLabelText('Kind of change');
    expect(within(kind).getByRole('option', { name: 'Payments, refunds and charges' })).toBeInTheDocument();
    fireEvent.change(kind, { target: { value: 'money' } });
    await waitFor(() => expect(auditQueries().at(-1)?.get('kind')).toBe('money'));
    expect(auditQueries().at(-1)?.get('actorUserId')).toBe(MAYA);
  });

  it('each sentence is its row’s header; When and Who ask the server for their order, kept in the query', async () => {
    serve();
    renderPage(<StaffAuditPage />, { path: '/staff/audit' });
    const table = await screen.findByRole('region', { name: 'Audit trail table' });
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent(
      'Maya Director moved Lily Chen from Pre-K Mornings to Owl Room.',
    );
    // Newest first until asked otherwise; a click on When reads the trail oldest first.
    expect(within(table).getByRole('columnheader', { name: 'When' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(table).getByRole('columnheader', { name: 'What happened' })).not.toHaveAttribute(
      'aria-sort',
    );
    fireEvent.click(within(table).getByRole('button', { name: 'When' }));
    await waitFor(() => expect(auditQueries().at(-1)?.get('dir')).toBe('asc'));
    expect(auditQueries().at(-1)?.get('sort')).toBe('when');
    fireEvent.click(within(table).getByRole('button', { name: 'Who' }));
    await waitFor(() => expect(auditQueries().at(-1)?.get('sort')).toBe('who'));
    expect(auditQueries().at(-1)?.get('dir')).toBe('asc');
  });

  it('says how to widen the search when no change matches', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/staff/team') return jsonReply(200, [maya]);
      const none: AuditPage = {
        items: [],
        total: 0,
        page: 1,
        pageSize: 50,
        filterNames: { actor: null, child: null, family: null },
      };
      return jsonReply(200, none);
    });
    renderPage(<StaffAuditPage />, { path: '/staff/audit?q=nothing', pattern: '/staff/audit' });
    expect(await screen.findByText(/^No changes match these filters\. Choose “Anyone”/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('writes the sentences in Spanish for a Spanish reader', async () => {
    await act(() => i18n.changeLanguage('es'));
    serve();
    renderPage(<StaffAuditPage />, { path: '/staff/audit' });
    const table = await screen.findByRole('region', { name: 'Audit trail table' });
    expect(table).toHaveTextContent('Maya Director cambió a Lily Chen de Pre-K Mornings a Owl Room.');
    expect(table).toHaveTextContent('Maya Director reembolsó $120.00 a la familia Chen.');
  });
});
