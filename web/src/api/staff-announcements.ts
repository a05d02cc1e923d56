/** Staff announcement calls (issue 10). Rows: contract `messagesApi`; shapes: contract `staff-announcements.ts`. */
import {
  type AnnouncementReach,
  messagesApi,
  type StaffAnnouncement,
  type StaffAnnouncementInput,
  type StaffAnnouncementList,
  type StaffAnnouncementListQuery,
  type StaffAnnouncementUpdate,
  type StaffAnnouncementWriteResult,
} from '@lc/contract';
import { callApi } from './call.ts';

/** GET /api/staff/announcements — one page of the announcements the caller may see. */
export function getStaffAnnouncements(
  query: StaffAnnouncementListQuery,
  signal?: AbortSignal,
): Promise<StaffAnnouncementList> {
  return callApi(messagesApi.staffAnnouncements, { query: { ...query }, signal });
}

/** GET /api/staff/announcements/{id}. ApiError 404 outside the caller's sessions. */
export function getStaffAnnouncement(id: number | string, signal?: AbortSignal): Promise<StaffAnnouncement> {
  return callApi(messagesApi.staffAnnouncement, { params: { announcementId: String(id) }, signal });
}

/** GET /api/staff/announcements/reach — families and contacts each channel reaches (no ids: whole center). */
export function getAnnouncementReach(sessionIds: number[], signal?: AbortSignal): Promise<AnnouncementReach> {
  return callApi(messagesApi.staffAnnouncementReach, {
    query: sessionIds.length > 0 ? { sessions: sessionIds.join(',') } : {},
    signal,
  });
}

/** POST /api/staff/announcements — compose for one or several sessions, now or at `sendAt`. */
export function createStaffAnnouncement(
  input: StaffAnnouncementInput,
): Promise<StaffAnnouncementWriteResult> {
  return callApi(messagesApi.createStaffAnnouncement, { body: input });
}

/** PUT /api/staff/announcements/{id} — edit (after sending: the web copy only). */
export function updateStaffAnnouncement(
  id: number,
  input: StaffAnnouncementUpdate,
): Promise<StaffAnnouncementWriteResult> {
  return callApi(messagesApi.updateStaffAnnouncement, {
    params: { announcementId: String(id) },
    body: input,
  });
}

/** POST /api/staff/announcements/{id}/cancel. */
export function cancelStaffAnnouncement(id: number): Promise<StaffAnnouncementWriteResult> {
  return callApi(messagesApi.cancelStaffAnnouncement, { params: { announcementId: String(id) } });
}
