import type { PassState } from '@lc/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { PassPhoto } from './pass-photo.tsx';

const fetchMock = vi.fn<typeof fetch>();
const TRUSTEE_ID = '0b8e7d6c-5a4f-4e3d-9c2b-1a0f9e8d7c6b';
const PHOTO_URL = `/api/Student/Trustees/${TRUSTEE_ID}/Pass/Photo`;
const STATE: PassState = { pass: null, cannotIssue: null, wallets: { apple: false, google: false } };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPhoto(onUploaded = vi.fn()) {
  renderPage(
    <PassPhoto
      trusteeId={TRUSTEE_ID}
      holder={{ fullName: 'Rose Lee', isSelf: false }}
      imageUrl={null}
      onUploaded={onUploaded}
    />,
    { path: '/contact' },
  );
  return onUploaded;
}

/** Chooses `file` in the photo's input (Mantine's FileInput keeps the real input hidden). */
function choose(file: File) {
  const input = document.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const upload = () => fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
const photoInput = () => screen.getByRole('button', { name: /^Add a photo/ });

describe('the pass photo', () => {
  it('refuses a file that is not a JPEG or PNG by the input, with focus, and forgets it on another choice', async () => {
    renderPhoto();
    choose(new File(['%PDF'], 'rose.pdf', { type: 'application/pdf' }));
    upload();

    await waitFor(() =>
      expect(photoInput()).toHaveAccessibleDescription(
        expect.stringContaining('Choose a JPEG or PNG photo of at most 5 MB'),
      ),
    );
    expect(photoInput()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    choose(new File(['png'], 'rose.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.queryByText('Choose a JPEG or PNG photo of at most 5 MB')).not.toBeInTheDocument(),
    );
  });

  it('uploads the photo, shows it and says so', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, STATE));
    const onUploaded = renderPhoto();
    choose(new File(['png'], 'rose.png', { type: 'image/png' }));
    upload();

    expect(await screen.findByText('The photo of Rose Lee is saved.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Photo of Rose Lee' })).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith(STATE);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(PHOTO_URL);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
  });

  it('says the server’s reason by the input, and any other failure in a toast', async () => {
    const reason = 'That file is not a photo we can read.';
    fetchMock.mockResolvedValueOnce(
      jsonReply(400, { error: 'Bad Request', message: reason, fields: { file: reason }, requestId: 'r' }),
    );
    renderPhoto();
    choose(new File(['png'], 'rose.png', { type: 'image/png' }));
    upload();
    await waitFor(() => expect(photoInput()).toHaveAccessibleDescription(expect.stringContaining(reason)));
    expect(photoInput()).toHaveFocus();

    fetchMock.mockResolvedValueOnce(jsonReply(500, { error: 'x', message: 'x', requestId: 'r' }));
    upload();
    expect(await screen.findByText('The photo could not be uploaded. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Photo not saved')).toBeInTheDocument();
  });
});
