import type { TeamMember } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffKeys } from '../../api/query-keys.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import StaffTeamPage from './staff-team-page.tsx';

/**
 * /staff/team on the app's query client (issue 22, item 1): a write refreshes the list it changed through
 * `staffKeys`, even while the list is still fresh under the staff rules (15 s): an invitation refreshes
 * `staffKeys.team()`, taking someone off the staff refreshes everything under `staffKeys.all`.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const director: TeamMember = {
  id: 'u0',
  firstName: 'Dana',
  lastName: 'Okafor',
  emailAddress: 'dana@staff.example',
  role: 'Admin',
  hasSignedIn: true,
  inboxAccess: true,
};
const priya: TeamMember = {
  id: 'u1',
  firstName: 'Priya',
  lastName: 'Nair',
  emailAddress: 'priya@staff.example',
  role: 'Staff',
  hasSignedIn: false,
  inboxAccess: false,
};

/** The API as the team page sees it: GET answers `team` as it is now; the writes change it. */
function serveTeam(initial: TeamMember[]) {
  let team = initial;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.endsWith('/api/staff/team') && method === 'GET') return jsonReply(200, team);
    if (url.endsWith('/api/staff/team') && method === 'POST') {
      team = [...team, priya];
      return jsonReply(201, priya);
    }
    if (url.endsWith('/api/staff/team/u1') && method === 'PUT') {
      team = team.filter((member) => member.id !== 'u1');
      return jsonReply(204);
    }
    return jsonReply(404, { error: 'Not Found', message: 'No such route.', requestId: 'r' });
  });
}

const teamReads = () =>
  fetchMock.mock.calls.filter(
    ([input, init]) => String(input).endsWith('/api/staff/team') && (init?.method ?? 'GET') === 'GET',
  ).length;

describe('staff team page', () => {
  it('shows an invited member at once: the invitation refreshes staffKeys.team()', async () => {
    serveTeam([director]);
    const queryClient = createQueryClient();
    renderPage(<StaffTeamPage />, { path: '/staff/team', queryClient });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Dana Okafor')).toBeInTheDocument();
    expect(teamReads()).toBe(1);

    const form = within(screen.getByRole('form', { name: 'Invite someone to the staff' }));
    fireEvent.change(form.getByRole('textbox', { name: /^First name/ }), { target: { value: 'Priya' } });
    fireEvent.change(form.getByRole('textbox', { name: /^Last name/ }), { target: { value: 'Nair' } });
    fireEvent.change(form.getByRole('textbox', { name: /^Email address/ }), {
      target: { value: 'priya@staff.example' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Send invitation' }));

    expect(await within(table).findByText('Priya Nair')).toBeInTheDocument();
    expect(teamReads()).toBe(2);
    expect(queryClient.getQueryData(staffKeys.team())).toEqual([director, priya]);
  });

  it('drops a member taken off the staff: the change refreshes everything under staffKeys.all', async () => {
    serveTeam([director, priya]);
    const queryClient = createQueryClient();
    renderPage(<StaffTeamPage />, { path: '/staff/team', queryClient });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Priya Nair')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Remove Priya Nair from the staff' }));

    await waitFor(() => expect(within(table).queryByText('Priya Nair')).toBeNull());
    expect(teamReads()).toBe(2);
    expect(queryClient.getQueryData(staffKeys.team())).toEqual([director]);
  });
});
