/** Staff inbox calls (issue 10, "Inbox"). Rows: contract `messagesApi`; shapes: contract `staff-inbox.ts`. */
import {
  classSessionsApi,
  type InboxItem,
  type InboxList,
  type InboxListQuery,
  type InboxSummary,
  type InboxUpdateInput,
  messagesApi,
  type TeamMember,
} from '@lc/contract';
import { callApi } from './call.ts';

/** GET /api/staff/inbox — one page of the inbox with the new count. ApiError 403 without inbox access. */
export function getInbox(query: InboxListQuery, signal?: AbortSignal): Promise<InboxList> {
  return callApi(messagesApi.inbox, { query: { ...query }, signal });
}

/** GET /api/staff/inbox/summary — the count of New items; ApiError 403 for someone without the inbox. */
export function getInboxSummary(signal?: AbortSignal): Promise<InboxSummary> {
  return callApi(messagesApi.inboxSummary, { signal });
}

/**
 * GET /api/staff/inbox/{id} — the submission and its thread. ApiError 404 for an unknown id; RequiredError
 * (`id`) before any call without one.
 */
export function getInboxItem(id: string | undefined, signal?: AbortSignal): Promise<InboxItem> {
  return callApi(messagesApi.inboxItem, { params: { id }, signal });
}

/** PATCH /api/staff/inbox/{id} — a new status and/or assignee (null: nobody). */
export function updateInboxItem(id: string, input: InboxUpdateInput): Promise<InboxItem> {
  return callApi(messagesApi.updateInboxItem, { params: { id }, body: input });
}

/** POST /api/staff/inbox/{id}/notes — a note for the staff only. */
export function addInboxNote(id: string, body: string): Promise<InboxItem> {
  return callApi(messagesApi.addInboxNote, { params: { id }, body: { body } });
}

/** POST /api/staff/inbox/{id}/replies — mail `body` to the family (Reply-To the center). */
export function replyToInboxItem(id: string, body: string): Promise<InboxItem> {
  return callApi(messagesApi.replyToInboxItem, { params: { id }, body: { body } });
}

/** POST /api/staff/inbox/{id}/invite — mail the family a sign-up link with their details filled in. */
export function inviteInboxFamily(id: string): Promise<InboxItem> {
  return callApi(messagesApi.inviteInboxFamily, { params: { id } });
}

/** PUT /api/staff/team/{userId} — give a teacher the inbox or take it away (director only). */
export function setInboxAccess(userId: string, inboxAccess: boolean): Promise<TeamMember> {
  return callApi(classSessionsApi.teamMember, { params: { userId }, body: { inboxAccess } });
}
