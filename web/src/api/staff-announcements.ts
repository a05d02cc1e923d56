/** Staff announcement calls (issue 10). Shapes: contract `staff-announcements.ts`. */
import {
  type AnnouncementReach,
  api,
  type StaffAnnouncement,
  type StaffAnnouncementInput,
  type StaffAnnouncementList,
  type StaffAnnouncementListQuery,
  type StaffAnnouncementUpdate,
  type StaffAnnouncementWriteResult,
} from '@lc/contract';
import { apiRequest } from './client.ts';

/** GET /api/staff/announcements — one page of the announcements the caller may see. */
export function getStaffAnnouncements(
  query: StaffAnnouncementListQuery,
  signal?: AbortSignal,
): Promise<StaffAnnouncementList> {
  return apiRequest<StaffAnnouncementList>(api.staffAnnouncements, { query: { ...query }, signal });
}

/** GET /api/staff/announcements/{id}. ApiError 404 outside the caller's sessions. */
export function getStaffAnnouncement(id: number | string, signal?: AbortSignal): Promise<StaffAnnouncement> {
  return apiRequest<StaffAnnouncement>(api.staffAnnouncement(encodeURIComponent(String(id))), { signal });
}

/** GET /api/staff/announcements/reach — families and contacts each channel reaches (no ids: whole center). */
export function getAnnouncementReach(sessionIds: number[], signal?: AbortSignal): Promise<AnnouncementReach> {
  return apiRequest<AnnouncementReach>(api.staffAnnouncementReach, {
    query: sessionIds.length > 0 ? { sessions: sessionIds.join(',') } : {},
    signal,
  });
}

/** POST /api/staff/announcements — compose for one or several sessions, now or at `sendAt`. */
export function createStaffAnnouncement(
  input: StaffAnnouncementInput,
): Promise<StaffAnnouncementWriteResult> {
  return apiRequest<StaffAnnouncementWriteResult>(api.staffAnnouncements, { method: 'POST', body: input });
}

/** PUT /api/staff/announcements/{id} — edit (after sending: the web copy only). */
export function updateStaffAnnouncement(
  id: number,
  input: StaffAnnouncementUpdate,
): Promise<StaffAnnouncementWriteResult> {
  return apiRequest<StaffAnnouncementWriteResult>(api.staffAnnouncement(id), { method: 'PUT', body: input });
}

/** POST /api/staff/announcements/{id}/cancel. */
export function cancelStaffAnnouncement(id: number): Promise<StaffAnnouncementWriteResult> {
  return apiRequest<StaffAnnouncementWriteResult>(api.staffAnnouncementCancel(id), { method: 'POST' });
}
