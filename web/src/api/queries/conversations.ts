/**
 * Messages between families and the center (issue 25) as TanStack query options (docs/architecture.md,
 * "Web"): each names its key (query-keys.ts) and its call once, for the page's `useQuery` and the route's
 * loader (page-reads.ts). A conversation is read again every {@link CONVERSATION_POLL_MS} while its page is
 * visible (TanStack Query pauses the interval in a hidden tab), so a reply appears without a reload.
 */
import type { StaffConversationListQuery } from '@lc/contract';
import { queryOptions } from '@tanstack/react-query';
import {
  getFamilyConversation,
  getNotificationSettings,
  getStaffConversation,
  getStaffConversationSummary,
  getStaffConversations,
} from '../conversations.ts';
import { conversationKeys, staffKeys } from '../query-keys.ts';

/** How often an open conversation asks for new messages, in milliseconds. */
export const CONVERSATION_POLL_MS = 10_000;
/** How often the staff sidebar's unread count is asked again, in milliseconds (the portal's: messages-nav-link). */
export const UNREAD_POLL_MS = 60_000;

/** `q` as the API takes it: a search's words, or nothing for the newest page. */
const searchOf = (q: string) => (q.trim() ? { q: q.trim() } : {});

export const conversationQueries = {
  /** GET /api/Messages: the family's newest page of messages (or those matching `q`), polled while shown. */
  family: (q = '') =>
    queryOptions({
      queryKey: conversationKeys.family(q.trim()),
      queryFn: ({ signal }) => getFamilyConversation(searchOf(q), signal),
      refetchInterval: CONVERSATION_POLL_MS,
    }),
  /** GET /api/UserAuthentication/Notifications: email, texts and quiet hours, with the number texts go to. */
  notificationSettings: () =>
    queryOptions({
      queryKey: conversationKeys.notificationSettings(),
      queryFn: ({ signal }) => getNotificationSettings(signal),
    }),
  /** GET /api/staff/conversations with the list's filters (kept in the address). */
  staffList: (query: StaffConversationListQuery) =>
    queryOptions({
      queryKey: staffKeys.conversationList(query),
      queryFn: ({ signal }) => getStaffConversations(query, signal),
    }),
  /** GET /api/staff/conversations/summary: the sidebar's badge. */
  staffSummary: () =>
    queryOptions({
      queryKey: staffKeys.conversationSummary(),
      queryFn: ({ signal }) => getStaffConversationSummary(signal),
      refetchInterval: UNREAD_POLL_MS,
    }),
  /** GET /api/staff/conversations/{id}: the newest page (or `q`'s matches), polled while shown. */
  staff: (conversationId: string | undefined, q = '') =>
    queryOptions({
      queryKey: staffKeys.conversation(conversationId, q.trim()),
      queryFn: ({ signal }) => getStaffConversation(conversationId, searchOf(q), signal),
      refetchInterval: CONVERSATION_POLL_MS,
    }),
};
