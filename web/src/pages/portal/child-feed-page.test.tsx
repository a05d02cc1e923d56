import type { ChildFeed, DayPost } from '@lc/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import ChildFeedPage from './child-feed-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const AVA = '3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f';

const post = (over: Partial<DayPost>): DayPost => ({
  id: crypto.randomUUID(),
  classSessionId: 1,
  sessionName: 'Acorn Room',
  day: '2026-11-20',
  kind: 'ClassNote',
  body: '',
  forClass: true,
  children: [],
  photos: [],
  author: { firstName: 'Rosa', lastName: 'Rivera' },
  created: '2026-11-20T18:10:00.000Z',
  editedAt: null,
  editable: false,
  ...over,
});

const FEED: ChildFeed = {
  studentId: AVA,
  firstName: 'Ava',
  consent: 'NotAsked',
  olderBefore: '2026-11-12',
  days: [
    {
      day: '2026-11-20',
      // 8:31 AM and 12:35 PM in the center's time zone.
      checkIn: { at: '2026-11-20T16:31:00.000Z', adultName: 'Grandma Li' },
      checkOut: { at: '2026-11-20T20:35:00.000Z', adultName: null },
      care: { breakfast: 'All', snack: null, lunch: 'Some', restFrom: 750, restTo: 825, note: '' },
      posts: [
        post({ body: 'We planted sunflower seeds.' }),
        post({
          kind: 'Photo',
          body: 'Digging for worms',
          children: [{ studentId: AVA, firstName: 'Ava', lastName: 'Chen' }],
          photos: [
            {
              id: 'p1',
              width: 2048,
              height: 1024,
              bytes: 1000,
              url: '/api/DayPhotos/p1?x=1',
              downloadUrl: '/api/DayPhotos/p1?x=1&download=1',
            },
          ],
        }),
      ],
    },
  ],
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('a child’s day for the family', () => {
  it('shows the door, meals and rest, the notes and the photos with their download links, newest day first', async () => {
    fetchMock.mockImplementation(async () => jsonReply(200, FEED));
    renderPage(<ChildFeedPage />, {
      path: `/dashboard/children/${AVA}/feed`,
      pattern: '/dashboard/children/:studentId/feed',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava’s day' })).toBeInTheDocument();
    const day = screen.getByRole('region', { name: 'Friday, November 20' });
    expect(within(day).getByText('Arrived at 8:31 AM with Grandma Li')).toBeInTheDocument();
    expect(within(day).getByText('Went home at 12:35 PM')).toBeInTheDocument();
    expect(within(day).getByText('Breakfast: All · Lunch: Some')).toBeInTheDocument();
    expect(within(day).getByText('Rest 12:30 PM–1:45 PM')).toBeInTheDocument();
    expect(within(day).getByText('We planted sunflower seeds.')).toBeInTheDocument();
    expect(within(day).getByRole('img', { name: 'Photo 1 of 1 from Friday, November 20' })).toHaveAttribute(
      'src',
      '/api/DayPhotos/p1?x=1',
    );
    expect(within(day).getByRole('link', { name: 'Download photo 1' })).toHaveAttribute(
      'href',
      '/api/DayPhotos/p1?x=1&download=1',
    );
    expect(screen.getByText(/Photos of Ava with other children: Not asked yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Earlier days' })).toHaveAttribute(
      'href',
      `/dashboard/children/${AVA}/feed?before=2026-11-12`,
    );
  });

  it('reads in Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    fetchMock.mockImplementation(async () => jsonReply(200, FEED));
    renderPage(<ChildFeedPage />, {
      path: `/dashboard/children/${AVA}/feed`,
      pattern: '/dashboard/children/:studentId/feed',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'El día de Ava' })).toBeInTheDocument();
    expect(screen.getByText(/Llegó a las 8:31 a\.\s?m\. con Grandma Li/)).toBeInTheDocument();
  });

  it('says so when the child is not the family’s', async () => {
    fetchMock.mockImplementation(async (_input, init) => errorReply(init, 404, 'feed.notFound'));
    renderPage(<ChildFeedPage />, {
      path: `/dashboard/children/${AVA}/feed`,
      pattern: '/dashboard/children/:studentId/feed',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that child in your family.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('We planted sunflower seeds.')).not.toBeInTheDocument();
  });
});
