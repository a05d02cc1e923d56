import type { StaffSessionRow, TeamMember } from '@lc/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { SessionTeachers } from './session-teachers.tsx';

/**
 * Who teaches a session (issue 10) on a failure: the server's word on the list is said by it and in a toast,
 * focus stays on Save; a lost connection says the teachers could not be saved; then the saved list's toast.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const member = (id: string, firstName: string): TeamMember => ({
  id,
  firstName,
  lastName: 'Teacher',
  role: 'Staff',
  emailAddress: `${firstName.toLowerCase()}@center.example`,
  hasSignedIn: true,
  inboxAccess: false,
});
const session = {
  id: 7,
  name: 'Acorn Room',
  teachers: [{ id: '1', firstName: 'Maya', lastName: 'Teacher' }],
} as StaffSessionRow;

describe('session teachers', () => {
  it('says a refusal by the list and in a toast, focus kept on Save, then saves', async () => {
    const saves = [
      () =>
        jsonReply(400, {
          error: 'Bad Request',
          message: 'Check the teachers.',
          fields: { userIds: 'Choose people on the staff.' },
          requestId: 'r',
        }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonReply(200, [member('1', 'Maya'), member('2', 'Leo')]),
    ];
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT' ? saves.shift()!() : jsonReply(200, [member('1', 'Maya'), member('2', 'Leo')]),
    );
    renderPage(<SessionTeachers session={session} />, { path: '/' });
    const save = screen.getByRole('button', { name: 'Save teachers' });
    expect(save).toBeDisabled();
    fireEvent.click(await screen.findByRole('textbox', { name: 'Teachers' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Leo Teacher' }));
    expect(save).toBeEnabled();

    save.focus();
    fireEvent.click(save);
    expect(await screen.findAllByText('Choose people on the staff.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Teachers' })).toHaveAccessibleDescription(
      /Choose people on the staff\./,
    );
    expect(save).toHaveFocus();

    fireEvent.click(save);
    expect(await screen.findAllByText('The teachers could not be saved. Please try again.')).toHaveLength(2);

    fireEvent.click(save);
    expect(await screen.findByText('Maya and Leo now teach Acorn Room.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Teachers' })).not.toHaveAccessibleDescription(
        /could not be saved/,
      ),
    );
  });
});
