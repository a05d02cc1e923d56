/**
 * Messages between families and the center (issue 25, "Messages"; decision 031), called by their rows in the
 * API table (`conversationsApi`, contract/src/api/conversations.ts; shapes in contract/src/conversations.ts):
 * the family's conversation, the files a message carries, each person's notification settings, and the
 * staff's side (the list, one conversation, its status and assignee).
 *
 * Every call throws an `ApiError` for a non-2xx reply (400 with `fields`, 404 for a message or conversation
 * the caller may not reach, 409 once a message's edit window has passed) and a `RequiredError` before any
 * call when a path parameter is missing.
 */
import {
  type ConversationQuery,
  type ConversationUpdate,
  conversationsApi,
  type FamilyConversation,
  type Message,
  type MessageAttachment,
  type MessageInput,
  type NotificationSettings,
  type NotificationSettingsView,
  type StaffConversation,
  type StaffConversationList,
  type StaffConversationListQuery,
  type StaffConversationSummary,
  type UnreadMessages,
} from '@lc/contract';
import { callApi, uploadApi } from './call.ts';

/** GET /api/Messages — the family's conversation: the newest page, the page `before` a message, or `q`'s matches. */
export function getFamilyConversation(
  query: ConversationQuery,
  signal?: AbortSignal,
): Promise<FamilyConversation> {
  return callApi(conversationsApi.familyConversation, { query: { ...query }, signal });
}

/** GET /api/Messages/Unread — how many of the center's messages the parent has not read. */
export function getFamilyUnread(signal?: AbortSignal): Promise<UnreadMessages> {
  return callApi(conversationsApi.familyUnread, { signal });
}

/** POST /api/Messages — write to the center (201: the message). The same `clientKey` again posts once. */
export function sendFamilyMessage(input: MessageInput): Promise<Message> {
  return callApi(conversationsApi.sendFamilyMessage, { body: input });
}

/** POST /api/Messages/Read — the parent has seen everything up to `lastMessageId` (204). */
export async function readFamilyMessages(lastMessageId: string): Promise<void> {
  await callApi(conversationsApi.readFamilyMessages, { body: { lastMessageId } });
}

/** PATCH /api/Messages/{messageId} — the parent's own message's new text, within the edit window. */
export function editFamilyMessage(messageId: string, body: string): Promise<Message> {
  return callApi(conversationsApi.editFamilyMessage, { params: { messageId }, body: { body } });
}

/** DELETE /api/Messages/{messageId} — the parent's own message, within the edit window (204). */
export async function deleteFamilyMessage(messageId: string): Promise<void> {
  await callApi(conversationsApi.deleteFamilyMessage, { params: { messageId } });
}

/**
 * POST /api/MessageAttachments — one photo (JPEG, PNG, WebP) or PDF of at most 10 MB, as the multipart
 * part `file`; 201 with the stored file, whose `id` goes in a message's `attachmentIds` within the hour. A file
 * the server refuses answers 400 with `fields.file`. The same call serves the family and the staff.
 */
export function uploadMessageAttachment(file: File): Promise<MessageAttachment> {
  const form = new FormData();
  form.set('file', file);
  return uploadApi(conversationsApi.uploadAttachment, form);
}

/** GET /api/UserAuthentication/Notifications — how the signed-in person hears about new messages. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettingsView> {
  return callApi(conversationsApi.notificationSettings, { signal });
}

/** PUT /api/UserAuthentication/Notifications — 400 with `fields.sms` when texts are chosen without a number. */
export function updateNotificationSettings(input: NotificationSettings): Promise<NotificationSettingsView> {
  return callApi(conversationsApi.updateNotificationSettings, { body: input });
}

/** GET /api/staff/conversations — one page of the families' conversations the staff member may read. */
export function getStaffConversations(
  query: StaffConversationListQuery,
  signal?: AbortSignal,
): Promise<StaffConversationList> {
  return callApi(conversationsApi.staffConversations, { query: { ...query }, signal });
}

/** GET /api/staff/conversations/summary — conversations with a message the staff member has not read. */
export function getStaffConversationSummary(signal?: AbortSignal): Promise<StaffConversationSummary> {
  return callApi(conversationsApi.staffConversationSummary, { signal });
}

/** GET /api/staff/conversations/{id} — one conversation (newest page, older page, or a search); 404 unknown. */
export function getStaffConversation(
  conversationId: string | undefined,
  query: ConversationQuery,
  signal?: AbortSignal,
): Promise<StaffConversation> {
  return callApi(conversationsApi.staffConversation, {
    params: { conversationId },
    query: { ...query },
    signal,
  });
}

/** PATCH /api/staff/conversations/{id} — a new status or assignee (null: nobody); 403 without the inbox. */
export function updateStaffConversation(
  conversationId: string,
  input: ConversationUpdate,
): Promise<StaffConversation> {
  return callApi(conversationsApi.updateStaffConversation, { params: { conversationId }, body: input });
}

/** POST /api/staff/conversations/{id}/messages — write to the family (201: the message). */
export function sendStaffMessage(conversationId: string, input: MessageInput): Promise<Message> {
  return callApi(conversationsApi.sendStaffMessage, { params: { conversationId }, body: input });
}

/** POST /api/staff/conversations/{id}/read — the staff member has seen everything up to `lastMessageId`. */
export async function readStaffMessages(conversationId: string, lastMessageId: string): Promise<void> {
  await callApi(conversationsApi.readStaffMessages, { params: { conversationId }, body: { lastMessageId } });
}

/** PATCH /api/staff/messages/{messageId} — the staff member's own message's new text, within the window. */
export function editStaffMessage(messageId: string, body: string): Promise<Message> {
  return callApi(conversationsApi.editStaffMessage, { params: { messageId }, body: { body } });
}

/** DELETE /api/staff/messages/{messageId} — the staff member's own message, within the window (204). */
export async function deleteStaffMessage(messageId: string): Promise<void> {
  await callApi(conversationsApi.deleteStaffMessage, { params: { messageId } });
}

/** POST /api/staff/families/{userId}/conversation — the family's conversation id, opened if it had none. */
export function openFamilyConversation(userId: string): Promise<{ id: string }> {
  return callApi(conversationsApi.openFamilyConversation, { params: { userId } });
}
