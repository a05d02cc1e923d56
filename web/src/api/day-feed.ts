/**
 * The day's notes and photos (issue 25; decision 033), called by their rows in the API table (`dayFeedApi`,
 * contract/src/api/day-feed.ts): the teacher's day of a session (posts, photos, meals and rest), a child's
 * feed, the child's photo consent and the parent's daily summary choice. Query options are in
 * `queries/day-feed.ts`, keys in `query-keys.ts`.
 */
import {
  type CareEntry,
  type CareInput,
  type ChildFeed,
  type DailySummarySetting,
  type DayPhoto,
  type DayPost,
  type DayPostFormInput,
  dayFeedApi,
  type PhotoConsentInput,
  type PhotoConsentView,
  type StaffDay,
} from '@lc/contract';
import { callApi, uploadApi } from './call.ts';

/** GET the teacher's day of a session (404 outside their sessions). */
export const getStaffDay = (classSessionId: number, signal?: AbortSignal): Promise<StaffDay> =>
  callApi(dayFeedApi.staffDay, { params: { classSessionId }, signal });

/** POST a post to today; 409 `feed.consentMissing` names the children without photo consent. */
export const createDayPost = (classSessionId: number, body: DayPostFormInput): Promise<DayPost> =>
  callApi(dayFeedApi.createPost, { params: { classSessionId }, body });

/** DELETE a post and its photos. */
export const deleteDayPost = (postId: string): Promise<void> =>
  callApi(dayFeedApi.deletePost, { params: { postId } });

/** POST one photo (multipart `file`), cleaned by the server; post its id within the hour. */
export function uploadDayPhoto(file: File): Promise<DayPhoto> {
  const form = new FormData();
  form.append('file', file);
  return uploadApi(dayFeedApi.uploadPhoto, form);
}

/** PUT a child's meals, rest and note for today (the whole entry). */
export const saveCare = (
  classSessionId: number,
  studentId: string,
  body: Partial<CareInput>,
): Promise<CareEntry> => callApi(dayFeedApi.saveCare, { params: { classSessionId, studentId }, body });

/** GET a child's feed, newest days first; `before` reads older days. */
export const getChildFeed = (studentId: string, before?: string, signal?: AbortSignal): Promise<ChildFeed> =>
  callApi(dayFeedApi.childFeed, { params: { studentId }, query: before ? { before } : {}, signal });

export const getPhotoConsent = (studentId: string, signal?: AbortSignal): Promise<PhotoConsentView> =>
  callApi(dayFeedApi.photoConsent, { params: { studentId }, signal });

export const setPhotoConsent = (studentId: string, body: PhotoConsentInput): Promise<PhotoConsentView> =>
  callApi(dayFeedApi.updatePhotoConsent, { params: { studentId }, body });

export const getDailySummary = (signal?: AbortSignal): Promise<DailySummarySetting> =>
  callApi(dayFeedApi.dailySummary, { signal });

export const setDailySummary = (dailySummary: boolean): Promise<DailySummarySetting> =>
  callApi(dayFeedApi.updateDailySummary, { body: { dailySummary } });
