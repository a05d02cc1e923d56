import type { FamilyParent } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { RemoveParentDialog } from './remove-parent-dialog.tsx';

/**
 * The director's "Remove from family" (issue 13): the server's refusal shows in the dialog, a lost connection
 * says to try again; a removal says so, closes the dialog and refreshes the family.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const CHIDI: FamilyParent = {
  userId: 'c0c0c0c0-0000-4000-8000-000000000001',
  firstName: 'Chidi',
  lastName: 'Okonkwo',
  emailAddress: 'chidi@families.example',
  phone: null,
  sharesFamily: true,
};

describe('remove parent dialog', () => {
  it('shows a refusal and a lost connection in the dialog, then removes and closes', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonReply(409, { error: 'Conflict', message: 'Chidi is the only parent left.', requestId: 'r' }),
      )
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonReply(204));
    const onClose = vi.fn();
    const onRemoved = vi.fn();
    renderPage(<RemoveParentDialog parent={CHIDI} onClose={onClose} onRemoved={onRemoved} />, { path: '/' });
    const dialog = screen.getByRole('dialog', { name: 'Remove Chidi Okonkwo from the family?' });
    expect(within(dialog).getByRole('button', { name: 'Keep Chidi' })).toBeInTheDocument();
    const remove = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from family' }));

    remove();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Chidi is the only parent left.');

    remove();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('We could not do that. Please try again.'),
    );
    expect(onClose).not.toHaveBeenCalled();

    remove();
    expect(await screen.findByText('Chidi Okonkwo no longer shares this family.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(
      `/api/staff/families/${CHIDI.userId}/remove-from-family`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(onClose).toHaveBeenCalledOnce();
    expect(onRemoved).toHaveBeenCalledOnce();
  });
});
