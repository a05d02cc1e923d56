import type { FamilyConversation } from '@lc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOSED_WINDOW,
  familyConversation,
  message,
  OPEN_WINDOW,
  TEACHER,
} from '../../features/conversations/test-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import MessagesPage from './messages-page.tsx';

/**
 * The family's Messages page (issue 25): the invitation to write, who reads their messages and when the
 * center replies, each message with its author and files, Edit and Delete only inside the window, the read
 * receipt, and marking the conversation read.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

/** Answers the conversation with `conversation()` (read at each call) and every write with `writes`. */
function serve(conversation: () => FamilyConversation, writes: Record<string, () => Response> = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (writes[key]) return writes[key]();
    if (key.startsWith('GET /api/Messages/Unread')) return jsonReply(200, { unread: 0 });
    if (key.startsWith('GET /api/Messages')) return jsonReply(200, conversation());
    return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
}

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);

const fromTeacher = message({
  id: 'm-2',
  side: 'Center',
  author: TEACHER,
  mine: false,
  body: 'Of course! We will have her ready by the door at 11.',
  created: '2026-11-20T18:30:00.000Z',
  attachments: [
    {
      id: 'a-1',
      fileName: 'painting.jpg',
      contentType: 'image/jpeg',
      bytes: 245_760,
      width: 800,
      height: 600,
      url: '/files/painting',
    },
    {
      id: 'a-2',
      fileName: 'field-trip-form.pdf',
      contentType: 'application/pdf',
      bytes: 2_202_010,
      width: null,
      height: null,
      url: '/files/form',
    },
  ],
});

describe('the family’s Messages page', () => {
  it('invites a family with no messages yet to write, and says who reads and when the center replies', async () => {
    serve(() =>
      familyConversation({ id: null, centerHours: { from: '08:00', until: '18:00', closedNow: true } }),
    );
    renderPage(<MessagesPage />, { path: '/dashboard/messages' });
    expect(
      await screen.findByText(
        'Write to the office and your children’s teachers. We usually answer within a school day.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Who reads your messages: Elena Okafor (director) and Ana Rivera (teacher, Bluebird Room).',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'We’re closed right now. The center replies from 8 AM, and your message will be waiting for us.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How you hear about new messages' })).toHaveAttribute(
      'href',
      '/dashboard/notifications',
    );
    // Nothing to mark read.
    expect(calls('POST', '/api/Messages/Read')).toHaveLength(0);
  });

  it('says nothing about the hours while the center is open', async () => {
    serve(() => familyConversation());
    renderPage(<MessagesPage />, { path: '/dashboard/messages' });
    await screen.findByText(/^Who reads your messages/);
    expect(screen.queryByText(/replies from/)).toBeNull();
  });

  it('shows each message with its author, time and files, and offers Edit and Delete only inside the window', async () => {
    serve(() =>
      familyConversation({
        messages: [
          message({ id: 'm-1', editableUntil: CLOSED_WINDOW }),
          fromTeacher,
          message({
            id: 'm-3',
            body: 'Thank you so much!',
            created: '2026-11-20T19:00:00.000Z',
            editableUntil: OPEN_WINDOW,
          }),
        ],
      }),
    );
    renderPage(<MessagesPage />, { path: '/dashboard/messages' });
    const teacher = await screen.findByRole('article', { name: /^Ana Rivera · Teacher/ });
    expect(teacher).toHaveAccessibleName('Ana Rivera · Teacher Nov 20, 10:30 AM');
    expect(within(teacher).getByRole('img', { name: 'Photo: painting.jpg' })).toHaveAttribute(
      'src',
      '/files/painting',
    );
    expect(within(teacher).getByRole('link', { name: 'Download painting.jpg' })).toHaveAttribute(
      'href',
      '/files/painting',
    );
    expect(within(teacher).getByRole('link', { name: 'field-trip-form.pdf (PDF, 2.1 MB)' })).toHaveAttribute(
      'href',
      '/files/form',
    );
    expect(within(teacher).queryByRole('button', { name: 'Edit' })).toBeNull();

    const [older, latest] = screen.getAllByRole('article', { name: /^You/ });
    expect(within(older!).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(older!).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(latest!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(latest!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('edits a message in place, marked “edited”, and deletes one after asking', async () => {
    let current = message({ id: 'm-3', body: 'See you at 3', editableUntil: OPEN_WINDOW });
    serve(() => familyConversation({ messages: [current] }), {
      'PATCH /api/Messages/m-3': () => {
        current = { ...current, body: 'See you at 3:30', editedAt: '2026-11-20T17:05:00.000Z' };
        return jsonReply(200, current);
      },
      'DELETE /api/Messages/m-3': () => {
        current = { ...current, body: '', deletedAt: '2026-11-20T17:06:00.000Z', editableUntil: null };
        return jsonReply(204);
      },
    });
    renderPage(<MessagesPage />, { path: '/dashboard/messages' });
    const mine = await screen.findByRole('article', { name: /^You/ });
    fireEvent.click(within(mine).getByRole('button', { name: 'Edit' }));
    const box = within(mine).getByRole('textbox', { name: 'Your message' });
    expect(box).toHaveValue('See you at 3');
    fireEvent.change(box, { target: { value: 'See you at 3:30' } });
    fireEvent.click(within(mine).getByRole('button', { name: 'Save' }));
    expect(await within(mine).findByText('See you at 3:30')).toBeInTheDocument();
    expect(mine).toHaveTextContent('edited');
    expect(JSON.parse(String(calls('PATCH', '/api/Messages/m-3')[0]?.[1]?.body))).toEqual({
      body: 'See you at 3:30',
    });

    fireEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(calls('DELETE', '/api/Messages/m-3')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(mine).findByText('This message was deleted.')).toBeInTheDocument();
    expect(calls('DELETE', '/api/Messages/m-3')).toHaveLength(1);
    expect(within(mine).queryByText('See you at 3:30')).toBeNull();
    expect(within(mine).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says “Seen by Ana” under the family’s latest message once someone at the center has read it', async () => {
    const sent = message({ id: 'm-1', created: '2026-11-20T17:00:00.000Z' });
    const readers = [
      // The other parent read it: not a receipt from the center.
      {
        userId: 'p-2',
        firstName: 'Chidi',
        lastName: 'Okonkwo',
        side: 'Family' as const,
        readAt: '2026-11-20T17:02:00.000Z',
      },
      // The director read only up to before it.
      {
        userId: 'd-1',
        firstName: 'Elena',
        lastName: 'Okafor',
        side: 'Center' as const,
        readAt: '2026-11-20T16:00:00.000Z',
      },
    ];
    let seen = false;
    serve(() =>
      familyConversation({
        messages: [sent],
        readers: seen
          ? [
              ...readers,
              {
                userId: 't-1',
                firstName: 'Ana',
                lastName: 'Rivera',
                side: 'Center',
                readAt: '2026-11-20T17:00:00.000Z',
              },
            ]
          : readers,
      }),
    );
    const view = renderPage(<MessagesPage />, { path: '/dashboard/messages' });
    const mine = await screen.findByRole('article', { name: /^You/ });
    expect(within(mine).queryByText(/^Seen by/)).toBeNull();

    seen = true;
    view.unmount();
    renderPage(<MessagesPage />, { path: '/dashboard/messages' });
    const again = await screen.findByRole('article', { name: /^You/ });
    expect(await within(again).findByText('Seen by Ana')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('es'));
    expect(within(again).getByText('Visto por Ana')).toBeInTheDocument();
  });

  it('marks the conversation read up to its newest message when the center’s messages are unread', async () => {
    serve(() => familyConversation({ messages: [message(), fromTeacher], unread: 1 }), {
      'POST /api/Messages/Read': () => jsonReply(204),
    });
    renderPage(<MessagesPage />, { path: '/dashboard/messages' });
    await waitFor(() => expect(calls('POST', '/api/Messages/Read')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/Messages/Read')[0]?.[1]?.body))).toEqual({
      lastMessageId: 'm-2',
    });
  });

  it('speaks Spanish: the hours, who reads, and the roles', async () => {
    await act(() => i18n.changeLanguage('es'));
    serve(() =>
      familyConversation({
        messages: [fromTeacher],
        centerHours: { from: '08:00', until: '18:00', closedNow: true },
      }),
    );
    renderPage(<MessagesPage />, { path: '/dashboard/messages' });
    expect(
      await screen.findByText(
        'Ahora estamos cerrados. El centro responde a partir de las 8 a.m. y su mensaje nos estará esperando.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Quién lee sus mensajes: Elena Okafor (dirección) y Ana Rivera (docente de Bluebird Room).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /^Ana Rivera · Docente/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto: painting.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Mensaje/ })).toBeInTheDocument();
  });
});
