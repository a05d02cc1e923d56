/**
 * The day's notes and photos as TanStack query options (docs/architecture.md, "Web"): each names its key
 * (query-keys.ts) and its call once, for the page's `useQuery` and the route's loader. The feed and the
 * teacher's day poll every 30 seconds while open, so a new post shows up without a reload.
 */
import { queryOptions } from '@tanstack/react-query';
import { getChildFeed, getDailySummary, getPhotoConsent, getStaffDay } from '../day-feed.ts';
import { dayFeedKeys } from '../query-keys.ts';

/** How often an open feed or day asks for what is new, in milliseconds. */
export const FEED_POLL_MS = 30_000;

export const dayFeedQueries = {
  staffDay: (classSessionId: number) =>
    queryOptions({
      queryKey: dayFeedKeys.staffDay(classSessionId),
      queryFn: ({ signal }) => getStaffDay(classSessionId, signal),
      refetchInterval: FEED_POLL_MS,
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
