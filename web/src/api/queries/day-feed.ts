/**
 * The day's notes and photos as TanStack query options (docs/architecture.md, "Web"): each names its key
 * (query-keys.ts) and its call once, for the page's `useQuery` and the route's loader. A child's newest days
 * are asked for every second while the page is in view (TanStack stops in a background tab), so a family sees
 * a post within two seconds (`npm run bench:feed` holds 300 connected families to it); the teacher's day
 * every 30 seconds (their own posts refresh it at once).
 */
import { queryOptions } from '@tanstack/react-query';
import { getChildFeed, getDailySummary, getPhotoConsent, getStaffDay } from '../day-feed.ts';
import { dayFeedKeys } from '../query-keys.ts';

/** How often an open child's feed asks for what is new, in milliseconds. */
export const FEED_POLL_MS = 1_000;
/** How often the teacher's open day asks for what is new (a colleague's posts, the door), in milliseconds. */
export const STAFF_DAY_POLL_MS = 30_000;

export const dayFeedQueries = {
  staffDay: (classSessionId: number) =>
    queryOptions({
      queryKey: dayFeedKeys.staffDay(classSessionId),
      queryFn: ({ signal }) => getStaffDay(classSessionId, signal),
      refetchInterval: STAFF_DAY_POLL_MS,
    }),
  childFeed: (studentId: string, before?: string) =>
    queryOptions({
      queryKey: dayFeedKeys.childFeed(studentId, before),
      queryFn: ({ signal }) => getChildFeed(studentId, before, signal),
      refetchInterval: before ? false : FEED_POLL_MS,
    }),
  photoConsent: (studentId: string) =>
    queryOptions({
      queryKey: dayFeedKeys.photoConsent(studentId),
      queryFn: ({ signal }) => getPhotoConsent(studentId, signal),
    }),
  dailySummary: () =>
    queryOptions({ queryKey: dayFeedKeys.dailySummary(), queryFn: ({ signal }) => getDailySummary(signal) }),
};
