import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendFamilyMessage, uploadMessageAttachment } from '../../api/conversations.ts';
import { i18n } from '../../i18n/i18n.ts';
import { errorReply, jsonReply, renderPage } from '../testing/render-page.tsx';
import { MessageComposer } from './message-composer.tsx';
import { message } from './test-fixtures.ts';

/**
 * The composer (issue 25): the contract's check by the field with focus, a send that posts the text with a
 * `clientKey`, a failed send that keeps the text and reuses the key when tried again, and files uploaded as
 * they are chosen, listed and removable.
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

const sentBodies = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/Messages' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

function renderComposer() {
  const onSent = vi.fn();
  renderPage(<MessageComposer send={sendFamilyMessage} upload={uploadMessageAttachment} onSent={onSent} />, {
    path: '/',
  });
  const form = within(screen.getByRole('form', { name: 'Write a message' }));
  return {
    form,
    onSent,
    box: form.getByRole('textbox', { name: /^Message/ }),
    send: () => fireEvent.click(form.getByRole('button', { name: 'Send' })),
  };
}

describe('the message composer', () => {
  it('says an empty message needs words or a file by the field, with focus there, and sends nothing', async () => {
    const { form, box, send } = renderComposer();
    send();
    expect(await form.findByText('Write a message or add a photo or PDF.')).toBeVisible();
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAccessibleDescription(/Write a message or add a photo or PDF\./);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the text when a send fails, reuses its clientKey on the retry, then starts a new message', async () => {
    let reply = () =>
      jsonReply(503, { error: 'Unavailable', message: 'The server is busy.', requestId: 'r' });
    fetchMock.mockImplementation(async () => reply());
    const { form, box, send, onSent } = renderComposer();

    fireEvent.change(box, { target: { value: 'Can Zuri bring her own snack on Friday?' } });
    send();
    expect(await form.findByRole('alert')).toHaveTextContent('The server is busy.');
    expect(box).toHaveValue('Can Zuri bring her own snack on Friday?');

    reply = () => jsonReply(201, message({ body: 'Can Zuri bring her own snack on Friday?' }));
    // Ctrl+Enter sends, as the button does.
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(box).toHaveValue('');

    const [first, retry] = sentBodies();
    expect(first).toEqual({
      body: 'Can Zuri bring her own snack on Friday?',
      attachmentIds: [],
      clientKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(retry).toEqual(first);

    fireEvent.change(box, { target: { value: 'Thank you!' } });
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));
    const next = sentBodies()[2];
    expect(next?.body).toBe('Thank you!');
    expect(next?.clientKey).not.toBe(first?.clientKey);
  });

  it('lets Enter alone make a new line instead of sending', async () => {
    const { box } = renderComposer();
    fireEvent.change(box, { target: { value: 'First line' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the server’s field message by the text, with focus there', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      errorReply(init, 400, 'request.invalidFields', {
        fields: { body: 'fields.conversations.bodyTooLong|{"max":4000}' },
      }),
    );
    const { form, box, send } = renderComposer();
    fireEvent.change(box, { target: { value: 'A long story about the class hamster.' } });
    send();
    expect(await form.findByText('Keep a message under 4000 characters.')).toBeVisible();
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveValue('A long story about the class hamster.');
  });

  it('uploads a chosen photo, lists it with a Remove button, and sends its id', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/MessageAttachments')
        return jsonReply(201, {
          id: 'a-1',
          fileName: 'painting.jpg',
          contentType: 'image/jpeg',
          bytes: 245_760,
          width: 2048,
          height: 1536,
          url: '/files/a-1',
        });
      return jsonReply(201, message({ body: '' }));
    });
    const { form, send, onSent } = renderComposer();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const painting = new File(['jpeg bytes'], 'painting.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [painting] } });

    const listed = await form.findByText('painting.jpg (240 kB)');
    expect(form.getByRole('list', { name: 'Files to send' })).toContainElement(listed);
    const upload = fetchMock.mock.calls.find(([url]) => String(url) === '/api/MessageAttachments');
    expect((upload?.[1]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);

    // A photo alone is a message: no words needed.
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(sentBodies()[0]).toMatchObject({ body: '', attachmentIds: ['a-1'] });
    expect(form.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('drops a removed file and says why a refused file was not added, by the file input', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const file = (init?.body as FormData | undefined)?.get('file') as File;
      if (file.name === 'notes.txt')
        return errorReply(init, 400, 'request.invalidFields', {
          fields: { file: 'messages.conversations.chooseFile' },
        });
      return jsonReply(201, {
        id: 'a-2',
        fileName: file.name,
        contentType: 'application/pdf',
        bytes: 2_000_000,
        width: null,
        height: null,
        url: '/files/a-2',
      });
    });
    const { form } = renderComposer();
    const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['%PDF'], 'permission-slip.pdf')] } });
    await form.findByText('permission-slip.pdf (1.9 MB)');
    fireEvent.click(form.getByRole('button', { name: 'Remove permission-slip.pdf' }));
    expect(form.queryByText('permission-slip.pdf (1.9 MB)')).toBeNull();

    fireEvent.change(input(), { target: { files: [new File(['hello'], 'notes.txt')] } });
    expect(
      await form.findByText('Choose a photo (JPEG, PNG or WebP) or a PDF of at most 10 MB.'),
    ).toBeVisible();
    expect(form.getByRole('button', { name: /Attach a photo or PDF/ })).toHaveFocus();
  });

  it('speaks Spanish, by the field too', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderPage(
      <MessageComposer send={sendFamilyMessage} upload={uploadMessageAttachment} onSent={vi.fn()} />,
      {
        path: '/',
      },
    );
    const form = within(screen.getByRole('form', { name: 'Escribir un mensaje' }));
    fireEvent.click(form.getByRole('button', { name: 'Enviar' }));
    expect(await form.findByText('Escriba un mensaje o añada una foto o un PDF.')).toBeVisible();
    expect(form.getByRole('textbox', { name: /^Mensaje/ })).toHaveFocus();
  });
});
