/**
 * The day's notes and photos endpoints of the API table (issue 25; decision 033; contract/src/endpoint.ts):
 * the teacher's day of a session (the class, posts, photos, meals and rest), a family's feed per child, the
 * child's photo consent, and each parent's daily summary choice.
 */
import { ClassSessionIdParamsSchema } from '../class-session.ts';
import { AttachmentLinkQuerySchema } from '../conversations.ts';
import {
  CareEntrySchema,
  CareInputSchema,
  CareParamsSchema,
  ChildFeedQuerySchema,
  ChildFeedSchema,
  DailySummarySettingSchema,
  DayPhotoIdParamsSchema,
  DayPostEditSchema,
  DayPostIdParamsSchema,
  DayPostInputSchema,
  DayPostSchema,
  PhotoConsentInputSchema,
  PhotoConsentViewSchema,
  StaffDaySchema,
  UploadedDayPhotoSchema,
} from '../day-feed.ts';
import { endpoint } from '../endpoint.ts';
import { StudentIdParamsSchema } from '../family.ts';

export const dayFeedApi = {
  /** The teacher's day of a session: the class with consent, meals and rest, the door, and today's posts. */
  staffDay: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId/day',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: StaffDaySchema,
  }),
  /** Post a class note, a child note or photos to today. */
  createPost: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/day/posts',
    params: ClassSessionIdParamsSchema,
    body: DayPostInputSchema,
    status: 201,
    reply: DayPostSchema,
  }),
  /** Change a post's text (its author the same day, or the director). */
  editPost: endpoint({
    method: 'PATCH',
    path: '/api/staff/day-posts/:postId',
    params: DayPostIdParamsSchema,
    body: DayPostEditSchema,
    status: 200,
    reply: DayPostSchema,
  }),
  /** Delete a post and its photos (its author the same day, or the director). */
  deletePost: endpoint({
    method: 'DELETE',
    path: '/api/staff/day-posts/:postId',
    params: DayPostIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Upload one photo (multipart `file`) to post within the hour. */
  uploadPhoto: endpoint({
    method: 'POST',
    path: '/api/staff/day-photos',
    status: 201,
    reply: UploadedDayPhotoSchema,
  }),
  /** Note a child's meals, rest and a few words for today. */
  saveCare: endpoint({
    method: 'PUT',
    path: '/api/staff/sessions/:classSessionId/day/care/:studentId',
    params: CareParamsSchema,
    body: CareInputSchema,
    status: 200,
    reply: CareEntrySchema,
  }),
  /** A photo, through the signed link a feed or the teacher's day gives. */
  photoFile: endpoint({
    method: 'GET',
    path: '/api/DayPhotos/:photoId',
    params: DayPhotoIdParamsSchema,
    query: AttachmentLinkQuerySchema,
    status: 200,
    reply: 'file',
  }),
  /** A child's feed for the family: newest days first. */
  childFeed: endpoint({
    method: 'GET',
    path: '/api/Student/:studentId/Feed',
    params: StudentIdParamsSchema,
    query: ChildFeedQuerySchema,
    status: 200,
    reply: ChildFeedSchema,
  }),
  /** The child's photo release. */
  photoConsent: endpoint({
    method: 'GET',
    path: '/api/Student/:studentId/PhotoConsent',
    params: StudentIdParamsSchema,
    status: 200,
    reply: PhotoConsentViewSchema,
  }),
  /** The family grants or refuses it. */
  updatePhotoConsent: endpoint({
    method: 'PUT',
    path: '/api/Student/:studentId/PhotoConsent',
    params: StudentIdParamsSchema,
    body: PhotoConsentInputSchema,
    status: 200,
    reply: PhotoConsentViewSchema,
  }),
  /** Whether the signed-in parent gets the daily summary mail. */
  dailySummary: endpoint({
    method: 'GET',
    path: '/api/UserAuthentication/DailySummary',
    status: 200,
    reply: DailySummarySettingSchema,
  }),
  /** Change it. */
  updateDailySummary: endpoint({
    method: 'PUT',
    path: '/api/UserAuthentication/DailySummary',
    body: DailySummarySettingSchema,
    status: 200,
    reply: DailySummarySettingSchema,
  }),
};
