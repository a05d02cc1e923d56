import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContactsPage from '../../pages/portal/contacts-page.tsx';
import { jsonReply, renderPage } from '../testing/render-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const SELF = '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f';

/** The contacts list (empty), and `self` for POST /api/Student/Trustees/Self. */
function serve(self: () => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/Student/Trustees' || key === 'GET /api/Student') return jsonReply(200, []);
    if (key === 'POST /api/Student/Trustees/Self') return self();
    return jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('your own pickup pass', () => {
  it('makes the parent’s own contact and opens its page, where the pass is issued', async () => {
    serve(() => jsonReply(200, { trusteeId: SELF }));
    const { router } = renderPage(<ContactsPage />, { path: '/dashboard/emergency-contacts' });

    fireEvent.click(await screen.findByRole('button', { name: 'Your own pickup pass' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/emergency-contacts/${SELF}`));
  });

  it('says what to do first when the family has no children yet', async () => {
    serve(() =>
      jsonReply(400, {
        error: 'Bad Request',
        message: 'Add your child first, then your own pass.',
        requestId: 'r',
      }),
    );
    const { router } = renderPage(<ContactsPage />, { path: '/dashboard/emergency-contacts' });

    fireEvent.click(await screen.findByRole('button', { name: 'Your own pickup pass' }));
    expect(await screen.findByText('Add your child first, then your own pass.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/emergency-contacts');
  });
});
