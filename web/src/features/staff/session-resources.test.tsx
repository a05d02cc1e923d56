import type { StaffResource } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { SessionResources } from './session-resources.tsx';
import { SessionThumbnail } from './session-thumbnail.tsx';

/**
 * The session's picture, files and links on the director's form (issue 10), on a failure: a missing file is
 * said by the file input with focus, the server's reason by its field with focus, anything else in a toast;
 * a saved file or link empties its form.
 */
const fetchMock = vi.fn<typeof fetch>();
/** Answers each request "METHOD /path" with the next reply queued for it (the list: an empty one). */
function serve(replies: Record<string, (() => Response)[]>) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const next = replies[key]?.shift();
    if (next) return next();
    if (key === 'GET /api/staff/sessions/7/resources') return jsonReply(200, []);
    return jsonReply(500, { error: 'Internal Server Error', message: 'Boom.', requestId: 'r' });
  });
}
const refused =
  (fields: Record<string, string>, message = 'Check the form.') =>
  () =>
    jsonReply(400, { error: 'Bad Request', message, fields, requestId: 'r' });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const packet: StaffResource = {
  id: 1,
  type: 'Document',
  name: 'Welcome packet',
  fileName: 'packet.pdf',
  description: null,
  url: '/api/files/resources/1',
  isActive: true,
  uploadDate: '2026-11-20T16:00:00.000Z',
  sortOrder: 1,
};

/** Chooses `file` in the Mantine file input of `form` (its hidden input). */
function choose(form: HTMLElement, file: File) {
  fireEvent.change(form.querySelector('input[type="file"]')!, { target: { files: [file] } });
}

describe('session resources', () => {
  it('uploads a file: a missing file and the server’s reason by the input with focus, then the form emptied', async () => {
    serve({
      'POST /api/staff/sessions/7/resources': [
        refused({ file: 'Choose a PDF or a picture (JPEG, PNG or WebP) under 20 MB.' }),
        () => jsonReply(201, [packet]),
      ],
    });
    renderPage(<SessionResources session={{ id: 7, name: 'Acorn Room' }} />, { path: '/' });
    const upload = screen.getByRole('form', { name: 'Upload a file' });
    const fileButton = within(upload).getByRole('button', { name: /^File/ });
    fireEvent.click(within(upload).getByRole('button', { name: 'Upload file' }));
    expect(await within(upload).findByText('Choose a file to upload.')).toBeVisible();
    expect(fileButton).toHaveFocus();

    choose(upload, new File(['hello'], 'note.pdf', { type: 'application/pdf' }));
    expect(within(upload).queryByText('Choose a file to upload.')).toBeNull();
    fireEvent.click(within(upload).getByRole('button', { name: 'Upload file' }));
    expect(
      await within(upload).findByText('Choose a PDF or a picture (JPEG, PNG or WebP) under 20 MB.'),
    ).toBeVisible();
    await waitFor(() => expect(fileButton).toHaveFocus());

    choose(upload, new File(['%PDF'], 'packet.pdf', { type: 'application/pdf' }));
    const name = within(upload).getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Welcome packet' } });
    fireEvent.click(within(upload).getByRole('button', { name: 'Upload file' }));
    expect(await screen.findByText('Welcome packet is added. Families see it now.')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveValue(''));
    expect(await screen.findByRole('listitem')).toHaveTextContent('Welcome packet');
  });

  it('adds a link: the server’s message by its field with focus, any other failure in a toast', async () => {
    serve({
      'POST /api/staff/sessions/7/resources': [
        refused({ url: 'Enter a web address starting with https:// (or http://)' }),
      ],
    });
    renderPage(<SessionResources session={{ id: 7, name: 'Acorn Room' }} />, { path: '/' });
    const link = screen.getByRole('form', { name: 'Add a link' });
    const url = within(link).getByRole('textbox', { name: /Web address/ });
    fireEvent.change(within(link).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Songs' } });
    fireEvent.change(url, { target: { value: 'https://songs.example.com' } });
    fireEvent.click(within(link).getByRole('button', { name: 'Add link' }));
    expect(
      await within(link).findByText('Enter a web address starting with https:// (or http://)'),
    ).toBeVisible();
    await waitFor(() => expect(url).toHaveFocus());

    fireEvent.click(within(link).getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('The link could not be added. Please try again.')).toBeInTheDocument();
    expect(url).toHaveValue('https://songs.example.com');
  });
});

describe('session picture', () => {
  it('says a missing picture and the server’s reason by the input with focus, anything else in a toast', async () => {
    serve({
      'POST /api/staff/sessions/7/thumbnail': [
        () =>
          jsonReply(400, { error: 'Bad Request', message: 'That file is not a picture.', requestId: 'r' }),
      ],
    });
    const onUploaded = vi.fn();
    const { container } = renderPage(
      <SessionThumbnail session={{ id: 7, name: 'Acorn Room', thumbnail: null }} onUploaded={onUploaded} />,
      { path: '/' },
    );
    const input = screen.getByRole('button', { name: /Upload a new picture/ });
    fireEvent.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('Choose a picture to upload.')).toBeVisible();
    expect(input).toHaveFocus();

    choose(container, new File(['x'], 'garden.png', { type: 'image/png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('That file is not a picture.')).toBeVisible();
    await waitFor(() => expect(input).toHaveFocus());

    fireEvent.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(
      await screen.findByText('The picture could not be uploaded. Please try again.'),
    ).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
