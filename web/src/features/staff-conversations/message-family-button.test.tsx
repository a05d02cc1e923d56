import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { MessageFamilyButton } from './message-family-button.tsx';

/** "Message the family" on a staff family page (issue 25): opens the family's conversation and goes there. */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('Message the family', () => {
  it('opens the family’s conversation and goes to it', async () => {
    fetchMock.mockImplementation(async () => jsonReply(200, { id: 'c-9' }));
    const { router } = renderPage(<MessageFamilyButton userId="p-1" />, {
      path: '/staff/families/p-1',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Message the family' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/messages/c-9'));
    const [[url, init] = []] = fetchMock.mock.calls;
    expect(String(url)).toBe('/api/staff/families/p-1/conversation');
    expect(init?.method).toBe('POST');
  });

  it('says so when the conversation cannot be opened, and stays', async () => {
    fetchMock.mockImplementation(async () =>
      jsonReply(404, { error: 'Not Found', message: 'That family was not found.', requestId: 'r' }),
    );
    const { router } = renderPage(<MessageFamilyButton userId="p-1" />, { path: '/staff/families/p-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Message the family' }));
    expect(await screen.findByText('That family was not found.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/families/p-1');
  });
});
