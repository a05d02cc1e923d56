import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { PolicyDialog } from './policy-dialog.tsx';
import { ProgramDialog } from './program-dialog.tsx';

/**
 * The director's program and policy dialogs (issue 10) on a failure: the browser's check and the server's
 * field message by their fields with focus, anything else in a toast; a saved program closes the dialog.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('program dialog', () => {
  it('puts the server’s message by its field with focus, a 500 in a toast, then saves and closes', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonReply(400, {
          error: 'Bad Request',
          message: 'Check the program.',
          fields: { endDate: 'The program must end after it starts' },
          requestId: 'r',
        }),
      )
      .mockResolvedValueOnce(
        jsonReply(500, { error: 'Internal Server Error', message: 'Boom.', requestId: 'r' }),
      )
      .mockResolvedValueOnce(jsonReply(201, []));
    const onClose = vi.fn();
    renderPage(<ProgramDialog program={null} onClose={onClose} />, { path: '/' });
    const dialog = screen.getByRole('dialog', { name: 'Add a program' });
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    save();
    expect(await within(dialog).findByText('Give the program a name')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Morning Programs' },
    });
    save();
    expect(await within(dialog).findByText('The program must end after it starts')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText('Ends')).toHaveFocus());

    save();
    expect(await screen.findByText('The program could not be saved. Please try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    save();
    expect(await screen.findByText('Morning Programs is added.')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});

describe('policy dialog', () => {
  it('refuses a policy without a name, its field taking focus', async () => {
    renderPage(<PolicyDialog policy={null} onClose={() => {}} />, { path: '/' });
    const dialog = screen.getByRole('dialog', { name: 'Write a policy' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
