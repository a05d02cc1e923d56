/**
 * The day's notes and photos (issue 25, "The day's notes and photos"; decision 033). A teacher posts to a
 * session's day (the center's calendar day): a note for the class, a note about one child, or photos for the
 * class or of the children tagged in them; notes each child's meals and rest; parents read a feed per child.
 *
 * Photo consent (a photo release) is per child: `Granted`, `Refused`, or `NotAsked` until the family answers,
 * which counts as refused for sharing with other families. A photo tagged with a child without consent is shown
 * only to that child's own family and the staff, never to another family.
 *
 * Shapes of the API: days are ISO calendar days ("2026-11-20", the center's calendar); instants are ISO
 * date-times; rest times are minutes after midnight on the center's clock; sizes are bytes and pixels.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { IsoDateSchema } from './fields.ts';

/** What a post is: a note for the whole class, a note about one child, or photos. */
export const DAY_POST_KINDS = ['ClassNote', 'ChildNote', 'Photo'] as const;
export type DayPostKind = (typeof DAY_POST_KINDS)[number];

/** A child's photo release: the family granted or refused it, or has not answered yet (counts as refused). */
export const PHOTO_CONSENTS = ['Granted', 'Refused', 'NotAsked'] as const;
export type PhotoConsent = (typeof PHOTO_CONSENTS)[number];

/** How much of a meal a child ate. */
export const MEAL_AMOUNTS = ['All', 'Some', 'None'] as const;
export type MealAmount = (typeof MEAL_AMOUNTS)[number];

/** The meals of the morning program, in the day's order. */
export const MEALS = ['breakfast', 'snack', 'lunch'] as const;
export type Meal = (typeof MEALS)[number];

/** The longest note, in characters. */
export const DAY_NOTE_MAX_CHARACTERS = 2000;
/** The longest care note (a few words beside meals and rest), in characters. */
export const CARE_NOTE_MAX_CHARACTERS = 280;
/** How many photos one post may carry. */
export const DAY_POST_MAX_PHOTOS = 10;
/** How many feed days one page holds (newest first; `before` reads older). */
export const FEED_PAGE_DAYS = 7;

/** A photo of a post. `url` opens it and `downloadUrl` saves it: signed links that work for a few hours. */
export const DayPhotoSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  url: z.string(),
  downloadUrl: z.string(),
});
export type DayPhoto = z.infer<typeof DayPhotoSchema>;

/** A child named on a post (the child a note is about, the children in a photo). */
export const TaggedChildSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type TaggedChild = z.infer<typeof TaggedChildSchema>;

/** One post as a reader sees it. A family sees only the tagged children of their own family by name. */
export const DayPostSchema = z.object({
  id: z.string(),
  classSessionId: z.number().int(),
  sessionName: z.string(),
  day: z.string(),
  kind: z.enum(DAY_POST_KINDS),
  body: z.string(),
  /** For a photo: also shown to every family of the class (else only to the families of the tagged children). */
  forClass: z.boolean(),
  children: z.array(TaggedChildSchema),
  photos: z.array(DayPhotoSchema),
  /** The teacher who posted it ("Ms. Rivera"); null when the account is gone. */
  author: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  created: z.string(),
  editedAt: z.string().nullable(),
  /** True when the reader may still change or delete it (the author that day, or the director). */
  editable: z.boolean(),
});
export type DayPost = z.infer<typeof DayPostSchema>;

/** A child's meals, rest and a short note for one day. Each part is null until noted. */
export const CareEntrySchema = z.object({
  breakfast: z.enum(MEAL_AMOUNTS).nullable(),
  snack: z.enum(MEAL_AMOUNTS).nullable(),
  lunch: z.enum(MEAL_AMOUNTS).nullable(),
  /** Rest from–to, in minutes after midnight on the center's clock. */
  restFrom: z.number().int().nullable(),
  restTo: z.number().int().nullable(),
  note: z.string(),
});
export type CareEntry = z.infer<typeof CareEntrySchema>;

const minuteOfDay = z
  .number({ error: fieldMessage('fields.feed.restTime') })
  .int(fieldMessage('fields.feed.restTime'))
  .min(0, fieldMessage('fields.feed.restTime'))
  .max(24 * 60 - 1, fieldMessage('fields.feed.restTime'));

/** `PUT /api/staff/sessions/{id}/day/care/{studentId}`: the child's meals and rest today (whole entry). */
export const CareInputSchema = z
  .object({
    breakfast: z.enum(MEAL_AMOUNTS).nullable().default(null),
    snack: z.enum(MEAL_AMOUNTS).nullable().default(null),
    lunch: z.enum(MEAL_AMOUNTS).nullable().default(null),
    restFrom: minuteOfDay.nullable().default(null),
    restTo: minuteOfDay.nullable().default(null),
    note: z
      .string()
      .trim()
      .max(CARE_NOTE_MAX_CHARACTERS, fieldMessage('fields.common.tooLong', { max: CARE_NOTE_MAX_CHARACTERS }))
      .default(''),
  })
  .refine((v) => (v.restFrom === null) === (v.restTo === null), {
    message: fieldMessage('fields.feed.restBoth'),
    path: ['restTo'],
  })
  .refine((v) => v.restFrom === null || v.restTo === null || v.restTo > v.restFrom, {
    message: fieldMessage('fields.feed.restOrder'),
    path: ['restTo'],
  });
export type CareInput = z.output<typeof CareInputSchema>;

/** A child of the class on the teacher's day screen. */
export const DayChildSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  consent: z.enum(PHOTO_CONSENTS),
  care: CareEntrySchema.nullable(),
  /** The day's first drop-off and last pickup at the door (instants), null before they happen. */
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
});
export type DayChild = z.infer<typeof DayChildSchema>;

/** `GET /api/staff/sessions/{id}/day`: the class today, what was posted, and whether the session meets. */
export const StaffDaySchema = z.object({
  classSessionId: z.number().int(),
  sessionName: z.string(),
  day: z.string(),
  /** False on a day the session does not meet (its schedule, or a closure): nothing can be posted. */
  meetsToday: z.boolean(),
  children: z.array(DayChildSchema),
  posts: z.array(DayPostSchema),
});
export type StaffDay = z.infer<typeof StaffDaySchema>;

const NOTE_TOO_LONG = fieldMessage('fields.common.tooLong', { max: DAY_NOTE_MAX_CHARACTERS });

/**
 * `POST /api/staff/sessions/{id}/day/posts`: a post for today. A class note needs text; a child note text and
 * exactly one child; photos at least one uploaded photo (`POST /api/staff/day-photos`) and may name the
 * children in them. A photo naming a child without consent answers 409 with their names unless
 * `acknowledgeConsent` is true (then only that child's own family and the staff see it).
 */
export const DayPostInputSchema = z
  .object({
    kind: z.enum(DAY_POST_KINDS, { error: fieldMessage('fields.feed.kind') }),
    body: z.string().trim().max(DAY_NOTE_MAX_CHARACTERS, NOTE_TOO_LONG).default(''),
    studentIds: z.array(z.string()).max(40).default([]),
    photoIds: z
      .array(z.string())
      .max(DAY_POST_MAX_PHOTOS, fieldMessage('fields.feed.tooManyPhotos', { max: DAY_POST_MAX_PHOTOS }))
      .default([]),
    forClass: z.boolean().default(true),
    acknowledgeConsent: z.boolean().default(false),
  })
  .refine((v) => v.kind === 'Photo' || v.body.length > 0, {
    message: fieldMessage('fields.feed.writeSomething'),
    path: ['body'],
  })
  .refine((v) => v.kind !== 'ChildNote' || v.studentIds.length === 1, {
    message: fieldMessage('fields.feed.chooseOneChild'),
    path: ['studentIds'],
  })
  .refine((v) => v.kind !== 'Photo' || v.photoIds.length > 0, {
    message: fieldMessage('fields.feed.addPhoto'),
    path: ['photoIds'],
  });
export type DayPostInput = z.output<typeof DayPostInputSchema>;
export type DayPostFormInput = z.input<typeof DayPostInputSchema>;

/** `PATCH /api/staff/day-posts/{postId}`: the post's new text (a photo's caption may be empty). */
export const DayPostEditSchema = z.object({
  body: z.string().trim().max(DAY_NOTE_MAX_CHARACTERS, NOTE_TOO_LONG),
});
export type DayPostEdit = z.infer<typeof DayPostEditSchema>;

/** `POST /api/staff/day-photos`: the stored photo, to post within the hour. */
export const UploadedDayPhotoSchema = DayPhotoSchema;

/** One day of a child's feed: the door, meals and rest, and the posts the family may see (newest first). */
export const FeedDaySchema = z.object({
  day: z.string(),
  checkIn: z.object({ at: z.string(), adultName: z.string().nullable() }).nullable(),
  checkOut: z.object({ at: z.string(), adultName: z.string().nullable() }).nullable(),
  care: CareEntrySchema.nullable(),
  posts: z.array(DayPostSchema),
});
export type FeedDay = z.infer<typeof FeedDaySchema>;

/** `GET /api/Student/{studentId}/Feed`: the newest days with something in them; `olderBefore` reads on. */
export const ChildFeedSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  consent: z.enum(PHOTO_CONSENTS),
  days: z.array(FeedDaySchema),
  /** Pass as `before` to read the older days; null when there are none. */
  olderBefore: z.string().nullable(),
});
export type ChildFeed = z.infer<typeof ChildFeedSchema>;

/** `GET /api/Student/{studentId}/Feed` query: only days before `before`. */
export const ChildFeedQuerySchema = z.object({ before: IsoDateSchema.optional() });

/** `GET`/`PUT /api/Student/{studentId}/PhotoConsent`: the child's photo release and who last answered. */
export const PhotoConsentViewSchema = z.object({
  consent: z.enum(PHOTO_CONSENTS),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type PhotoConsentView = z.infer<typeof PhotoConsentViewSchema>;

/** The family's answer. */
export const PhotoConsentInputSchema = z.object({
  consent: z.enum(['Granted', 'Refused'], { error: fieldMessage('fields.feed.consent') }),
});
export type PhotoConsentInput = z.infer<typeof PhotoConsentInputSchema>;

/** `GET`/`PUT /api/UserAuthentication/DailySummary`: the parent's daily summary mail, opt-in. */
export const DailySummarySettingSchema = z.object({ dailySummary: z.boolean() });
export type DailySummarySetting = z.infer<typeof DailySummarySettingSchema>;

/** `/api/staff/sessions/{classSessionId}/day/care/{studentId}`. */
export const CareParamsSchema = z.object({ classSessionId: z.string(), studentId: z.string() });
/** `/api/staff/day-posts/{postId}`. */
export const DayPostIdParamsSchema = z.object({ postId: z.string() });
/** `/api/DayPhotos/{photoId}`. */
export const DayPhotoIdParamsSchema = z.object({ photoId: z.string() });
