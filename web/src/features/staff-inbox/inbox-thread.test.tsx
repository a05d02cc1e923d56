import type { InboxItem } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { NoteForm, ReplyForm } from './inbox-thread.tsx';

/**
 * The inbox thread's forms (issue 10) on a failure: the browser's check and the server's message by the
 * field with focus, anything else in a toast; a reply sent says where it went and the form empties.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const item = {
  id: 'i1',
  kind: 'tour',
  firstName: 'Sam',
  lastName: 'Lee',
  email: 'sam@example.com',
  language: 'en',
  entries: [],
} as unknown as InboxItem;

const refused = (status: number, fields?: Record<string, string>) =>
  jsonReply(status, {
    error: 'Refused',
    message: 'Check the text.',
    ...(fields ? { fields } : {}),
    requestId: 'r',
  });

describe('reply form', () => {
  it('puts the server’s message by the reply with focus, a 500 in a toast, then sends and empties', async () => {
    fetchMock
      .mockResolvedValueOnce(refused(400, { body: 'Please keep the reply under 8000 characters.' }))
      .mockResolvedValueOnce(refused(500))
      .mockResolvedValueOnce(jsonReply(201, { ...item, status: 'Replied' }));
    const onSent = vi.fn(async () => {});
    renderPage(<ReplyForm item={item} onSent={onSent} />, { path: '/' });
    const form = within(screen.getByRole('form', { name: 'Reply by email' }));
    const reply = form.getByRole('textbox', { name: /^Your reply to Sam/ });
    const send = () => fireEvent.click(form.getByRole('button', { name: 'Send reply' }));

    send();
    expect(await form.findByText('Please write your reply.')).toBeVisible();
    await waitFor(() => expect(reply).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(reply, { target: { value: 'Thursday at 9:30 would be lovely.' } });
    send();
    expect(await form.findByText('Please keep the reply under 8000 characters.')).toBeVisible();
    await waitFor(() => expect(reply).toHaveFocus());

    send();
    expect(await screen.findByText('Your reply could not be sent. Please try again.')).toBeInTheDocument();
    expect(form.queryByRole('status')).toBeNull();

    send();
    expect(await form.findByRole('status')).toHaveTextContent('Your reply is on its way to sam@example.com.');
    expect(screen.getAllByText('Your reply is on its way to sam@example.com.')).toHaveLength(2);
    expect(reply).toHaveValue('');
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ status: 'Replied' }));
  });
});

describe('note form', () => {
  it('refuses an empty note by its field, says a lost connection in a toast, then adds it', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonReply(201, item));
    const onAdded = vi.fn(async () => {});
    renderPage(<NoteForm item={item} onAdded={onAdded} />, { path: '/' });
    const form = within(screen.getByRole('form', { name: 'Add a note' }));
    const note = form.getByRole('textbox', { name: /^Note for the staff/ });
    const add = () => fireEvent.click(form.getByRole('button', { name: 'Add note' }));

    add();
    expect(await form.findByText('Please write a note.')).toBeVisible();
    await waitFor(() => expect(note).toHaveFocus());

    fireEvent.change(note, { target: { value: 'Called back, no answer.' } });
    add();
    expect(await screen.findByText('Your note could not be saved. Please try again.')).toBeInTheDocument();

    add();
    expect(await screen.findByText('Your note was added.')).toBeInTheDocument();
    expect(note).toHaveValue('');
    expect(onAdded).toHaveBeenCalledOnce();
  });
});
