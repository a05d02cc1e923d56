/**
 * The conversations endpoints of the API table (issue 25 "Messages"; decision 032; contract/src/endpoint.ts):
 * the family's conversation with the center, the files a message carries, each person's notification
 * settings, and the staff's side (the list, one conversation, status and assignee).
 */
import {
  AttachmentIdParamsSchema,
  AttachmentLinkQuerySchema,
  ConversationIdParamsSchema,
  ConversationQuerySchema,
  ConversationUpdateSchema,
  FamilyConversationSchema,
  MessageEditSchema,
  MessageIdParamsSchema,
  MessageInputSchema,
  MessageReadSchema,
  MessageSchema,
  NotificationSettingsSchema,
  NotificationSettingsViewSchema,
  OpenedConversationSchema,
  StaffConversationListQuerySchema,
  StaffConversationListSchema,
  StaffConversationSchema,
  StaffConversationSummarySchema,
  UnreadMessagesSchema,
  UploadedAttachmentSchema,
} from '../conversations.ts';
import { endpoint } from '../endpoint.ts';
import { FamilyUserIdParamsSchema } from '../staff-families.ts';

export const conversationsApi = {
  /** The signed-in parent's family conversation with the center (newest page, or older, or a search). */
  familyConversation: endpoint({
    method: 'GET',
    path: '/api/Messages',
    query: ConversationQuerySchema,
    status: 200,
    reply: FamilyConversationSchema,
  }),
  /** How many of the center's messages the parent has not read (the navigation's count). */
  familyUnread: endpoint({
    method: 'GET',
    path: '/api/Messages/Unread',
    status: 200,
    reply: UnreadMessagesSchema,
  }),
  /** Write to the center; the conversation starts with the first message. */
  sendFamilyMessage: endpoint({
    method: 'POST',
    path: '/api/Messages',
    body: MessageInputSchema,
    status: 201,
    reply: MessageSchema,
  }),
  /** Mark the conversation read up to a message (the center sees the receipt). */
  readFamilyMessages: endpoint({
    method: 'POST',
    path: '/api/Messages/Read',
    body: MessageReadSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Change one's own message within the edit window. */
  editFamilyMessage: endpoint({
    method: 'PATCH',
    path: '/api/Messages/:messageId',
    params: MessageIdParamsSchema,
    body: MessageEditSchema,
    status: 200,
    reply: MessageSchema,
  }),
  /** Delete one's own message within the edit window. */
  deleteFamilyMessage: endpoint({
    method: 'DELETE',
    path: '/api/Messages/:messageId',
    params: MessageIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),

  /** Upload a photo or PDF (multipart `file`) to send with a message within the hour. */
  uploadAttachment: endpoint({
    method: 'POST',
    path: '/api/MessageAttachments',
    status: 201,
    reply: UploadedAttachmentSchema,
  }),
  /** A file of a message the caller may read (through the signed link the conversation gives). */
  attachmentFile: endpoint({
    method: 'GET',
    path: '/api/MessageAttachments/:attachmentId',
    params: AttachmentIdParamsSchema,
    query: AttachmentLinkQuerySchema,
    status: 200,
    reply: 'file',
  }),

  /** How the signed-in person hears about new messages, and their quiet hours. */
  notificationSettings: endpoint({
    method: 'GET',
    path: '/api/UserAuthentication/Notifications',
    status: 200,
    reply: NotificationSettingsViewSchema,
  }),
  /** Change them. */
  updateNotificationSettings: endpoint({
    method: 'PUT',
    path: '/api/UserAuthentication/Notifications',
    body: NotificationSettingsSchema,
    status: 200,
    reply: NotificationSettingsViewSchema,
  }),

  /** The families' conversations the staff member may read, with their unread counts. */
  staffConversations: endpoint({
    method: 'GET',
    path: '/api/staff/conversations',
    query: StaffConversationListQuerySchema,
    status: 200,
    reply: StaffConversationListSchema,
  }),
  /** How many conversations have a message the staff member has not read (the sidebar's count). */
  staffConversationSummary: endpoint({
    method: 'GET',
    path: '/api/staff/conversations/summary',
    status: 200,
    reply: StaffConversationSummarySchema,
  }),
  /** One conversation. */
  staffConversation: endpoint({
    method: 'GET',
    path: '/api/staff/conversations/:conversationId',
    params: ConversationIdParamsSchema,
    query: ConversationQuerySchema,
    status: 200,
    reply: StaffConversationSchema,
  }),
  /** The office changes a conversation's status or who looks after it. */
  updateStaffConversation: endpoint({
    method: 'PATCH',
    path: '/api/staff/conversations/:conversationId',
    params: ConversationIdParamsSchema,
    body: ConversationUpdateSchema,
    status: 200,
    reply: StaffConversationSchema,
  }),
  /** Write to the family. */
  sendStaffMessage: endpoint({
    method: 'POST',
    path: '/api/staff/conversations/:conversationId/messages',
    params: ConversationIdParamsSchema,
    body: MessageInputSchema,
    status: 201,
    reply: MessageSchema,
  }),
  /** Mark the conversation read up to a message (the family sees the receipt). */
  readStaffMessages: endpoint({
    method: 'POST',
    path: '/api/staff/conversations/:conversationId/read',
    params: ConversationIdParamsSchema,
    body: MessageReadSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Change one's own message within the edit window. */
  editStaffMessage: endpoint({
    method: 'PATCH',
    path: '/api/staff/messages/:messageId',
    params: MessageIdParamsSchema,
    body: MessageEditSchema,
    status: 200,
    reply: MessageSchema,
  }),
  /** Delete one's own message within the edit window. */
  deleteStaffMessage: endpoint({
    method: 'DELETE',
    path: '/api/staff/messages/:messageId',
    params: MessageIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** A family's conversation for a staff member who may read it, opened if it had none. */
  openFamilyConversation: endpoint({
    method: 'POST',
    path: '/api/staff/families/:userId/conversation',
    params: FamilyUserIdParamsSchema,
    status: 200,
    reply: OpenedConversationSchema,
  }),
} as const;
