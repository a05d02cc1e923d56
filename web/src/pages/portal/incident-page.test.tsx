import type { FamilyIncident } from '@lc/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../../features/portal-sessions/test-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import IncidentPage from './incident-page.tsx';

/**
 * The family's copy of an incident report (issue 26, decision 037): only the family's own child named, the
 * others counted; signing sends the copy's hash, and a wrong name comes back by its field with focus on it.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const copy: FamilyIncident = {
  id: 'i-1',
  sessionName: 'Acorn Room',
  occurredAt: '2026-11-20T17:40:00.000Z',
  place: 'Playground, by the slide',
  kind: 'Injury',
  whatHappened: 'Two children bumped heads racing to the slide.',
  firstAid: 'An ice pack for ten minutes.',
  witnesses: '',
  urgent: true,
  children: [{ studentId: 's-1', firstName: 'Maya', note: 'A bump above her eyebrow.', parentCalled: true }],
  otherChildren: 1,
  reportedBy: { firstName: 'Ana', lastName: 'Ruiz' },
  followUps: [],
  acknowledgement: null,
  copyText: 'Incident report',
  copySha256: 'a'.repeat(64),
};

describe('the family’s incident report', () => {
  it('names only their child and puts a wrong signature by its field', async () => {
    const signed: string[] = [];
    serveApi(fetchMock, {
      'GET /api/Incidents/i-1': () => jsonReply(200, copy),
      'POST /api/Incidents/i-1/Acknowledge': () => {
        signed.push('tried');
        return jsonReply(400, {
          error: 'Bad Request',
          code: 'incidents.nameMismatch',
          message: 'Type your full name exactly as it appears on your account: Jordan Avery.',
          fields: { signedName: 'Type your full name exactly as it appears on your account: Jordan Avery.' },
          requestId: 'r',
        });
      },
    });
    renderPage(<IncidentPage />, {
      path: '/dashboard/incidents/i-1',
      pattern: '/dashboard/incidents/:incidentId',
    });
    expect(await screen.findByText('About Maya')).toBeInTheDocument();
    expect(screen.getByText(/Another child was also involved/)).toBeInTheDocument();
    expect(screen.getByText('We called a parent.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sign the report' }));
    expect(await screen.findByText('Type your full name to sign.')).toBeInTheDocument();
    expect(signed).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /Your full name/ }), {
      target: { value: 'Jordan A' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read this incident report/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the report' }));
    expect(
      await screen.findByText('Type your full name exactly as it appears on your account: Jordan Avery.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Your full name/ })).toHaveFocus());
    const body = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body));
    expect(body).toEqual(expect.objectContaining({ copySha256: 'a'.repeat(64), consent: true }));
  });
});
