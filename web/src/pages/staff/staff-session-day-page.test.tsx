import type { StaffDay } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import StaffSessionDayPage from './staff-session-day-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const AVA = '3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f';
const BEN = '7a9d0c1e-2b3f-4a5d-8e6f-0a1b2c3d4e5f';

const DAY: StaffDay = {
  classSessionId: 7,
  sessionName: 'Acorn Room',
  day: '2026-11-20',
  meetsToday: true,
  children: [
    {
      studentId: AVA,
      firstName: 'Ava',
      lastName: 'Chen',
      consent: 'Granted',
      care: null,
      checkIn: '2026-11-20T16:31:00.000Z',
      checkOut: null,
    },
    {
      studentId: BEN,
      firstName: 'Ben',
      lastName: 'Okafor',
      consent: 'NotAsked',
      care: null,
      checkIn: null,
      checkOut: null,
    },
  ],
  posts: [],
};

type Sent = { url: string; method: string; body: unknown };
let sent: Sent[];

beforeEach(() => {
  sent = [];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const open = () =>
  renderPage(<StaffSessionDayPage />, {
    path: '/staff/sessions/7/day',
    pattern: '/staff/sessions/:classSessionId/day',
  });

describe('the teacher’s day of a session', () => {
  it('lists today’s class with each child’s photo consent in words and the door', async () => {
    fetchMock.mockImplementation(async () => jsonReply(200, DAY));
    open();
    const classList = await screen.findByRole('region', { name: 'Today’s class' });
    expect(within(classList).getByText('Photos shared')).toBeInTheDocument();
    expect(within(classList).getByText('Not asked yet')).toBeInTheDocument();
    expect(within(classList).getByText('In 8:31 AM')).toBeInTheDocument();
    expect(within(classList).getByText('Not checked in')).toBeInTheDocument();
  });

  it('warns before posting a photo of a child without consent, and posts it acknowledged on “Post anyway”', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method !== 'GET')
        sent.push({
          url,
          method,
          body: init?.body instanceof FormData ? 'file' : JSON.parse(String(init?.body ?? 'null')),
        });
      if (url === '/api/staff/day-photos')
        return jsonReply(201, {
          id: 'p1',
          width: 10,
          height: 10,
          bytes: 10,
          url: '/p1',
          downloadUrl: '/p1?d',
        });
      if (url.endsWith('/day/posts')) {
        const body = JSON.parse(String(init?.body)) as { acknowledgeConsent: boolean };
        if (!body.acknowledgeConsent)
          return errorReply(init, 409, 'feed.consentMissing', { params: { count: 1, names: 'Ben Okafor' } });
        return jsonReply(201, { ...DAY, id: 'x' });
      }
      return jsonReply(200, DAY);
    });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Photos' }));
    const file = new File(['x'], 'worms.jpg', { type: 'image/jpeg' });
    // Mantine's file button keeps the real input hidden beside it.
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await screen.findByText('1 photo ready to post')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Ava Chen/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Ben Okafor/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText(/Ben Okafor has no photo consent/)).toBeInTheDocument();
    fireEvent.click(
      within(warning).getByRole('button', { name: 'Post anyway, only their own family will see it' }),
    );
    await waitFor(() => expect(sent.filter((s) => s.url.endsWith('/day/posts'))).toHaveLength(2));
    const [first, second] = sent.filter((s) => s.url.endsWith('/day/posts')) as Array<{
      body: Record<string, unknown>;
    }>;
    expect(first!.body).toMatchObject({
      kind: 'Photo',
      studentIds: [AVA, BEN],
      photoIds: ['p1'],
      acknowledgeConsent: false,
    });
    expect(second!.body).toMatchObject({ acknowledgeConsent: true, studentIds: [AVA, BEN] });
  });

  it('saves one child’s meals and rest from the grid', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if ((init?.method ?? 'GET') === 'PUT') {
        sent.push({ url, method: 'PUT', body: JSON.parse(String(init?.body)) });
        return jsonReply(200, JSON.parse(String(init?.body)));
      }
      return jsonReply(200, DAY);
    });
    open();
    const grid = await screen.findByRole('region', { name: 'Meals and rest' });
    fireEvent.click(within(grid).getAllByRole('radio', { name: 'All' })[0]!);
    fireEvent.change(within(grid).getAllByLabelText('Rest from')[0]!, { target: { value: '12:30' } });
    fireEvent.change(within(grid).getAllByLabelText('Rest until')[0]!, { target: { value: '13:45' } });
    fireEvent.click(within(grid).getByRole('button', { name: 'Save Ava' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe(`/api/staff/sessions/7/day/care/${AVA}`);
    expect(sent[0]!.body).toEqual({
      breakfast: 'All',
      snack: null,
      lunch: null,
      restFrom: 750,
      restTo: 825,
      note: '',
    });
  });

  it('says the session does not meet on a day without class, and offers no posting', async () => {
    fetchMock.mockImplementation(async () => jsonReply(200, { ...DAY, meetsToday: false }));
    open();
    expect(
      await screen.findByText('This session does not meet today, so nothing can be posted to it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
  });
});
