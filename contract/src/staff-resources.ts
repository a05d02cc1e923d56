/**
 * A session's files and links on the staff side (issue 10 "Sessions and programs": digital resources per
 * session, and the session's thumbnail picture). Files are uploaded as multipart (`file` field) and checked by
 * their content on the server; links are JSON. Families read the active ones, in this order, through spec §7
 * `GET /api/ClassSession/{id}/Resources`.
 */
import { z } from 'zod';
import { apiErrorSentence } from './api-errors.ts';
import { DigitalResourceSchema } from './class-session.ts';
import { fieldMessage } from './field-message.ts';

/** Largest session picture, bytes (5 MB). */
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
/** Largest resource file, bytes (20 MB). */
export const RESOURCE_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** What to do when a picture is refused (wrong kind or too large): the server's `sessions.resources.chooseThumbnail`. */
export const THUMBNAIL_FILE_MESSAGE = apiErrorSentence('sessions.resources.chooseThumbnail', undefined, 'en');
/** What to do when a resource file is refused (wrong kind or too large): the server's `sessions.resources.chooseFile`. */
export const RESOURCE_FILE_MESSAGE = apiErrorSentence('sessions.resources.chooseFile', undefined, 'en');

/** A resource as staff see it: every field plus its place in the list (0 first). */
export const StaffResourceSchema = DigitalResourceSchema.extend({ sortOrder: z.number().int() });
export type StaffResource = z.infer<typeof StaffResourceSchema>;
/** A session's files and links in order, as every staff resource call answers them. */
export const StaffResourceListSchema = z.array(StaffResourceSchema);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const resourceName = z
  .string()
  .trim()
  .min(2, fieldMessage('fields.resources.giveNameFamiliesWillRecognise'))
  .max(120, fieldMessage('fields.resources.keepNameUnder120Characters'));

/** `POST /api/staff/sessions/{id}/resources` as JSON: a link or a video on another site. */
export const ResourceLinkInputSchema = z.object({
  type: z.enum(['Link', 'Video'], fieldMessage('fields.resources.chooseLinkVideo')),
  name: resourceName,
  description: optionalText(1000, fieldMessage('fields.resources.keepDescriptionUnder1000')),
  url: z
    .string()
    .trim()
    .max(2000, fieldMessage('fields.resources.keepAddressUnder2000'))
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        message: fieldMessage('fields.resources.enterWebAddressStartingHttps'),
      }),
    ),
});
export type ResourceLinkInput = z.infer<typeof ResourceLinkInputSchema>;

/** The text fields sent with an uploaded file (multipart fields `name` and `description`). */
export const ResourceFileFieldsSchema = z.object({
  name: resourceName,
  description: optionalText(1000, fieldMessage('fields.resources.keepDescriptionUnder1000')),
});

/** `PUT /api/staff/resources/{resourceId}`. */
export const ResourceUpdateInputSchema = z.object({
  name: resourceName,
  description: optionalText(1000, fieldMessage('fields.resources.keepDescriptionUnder1000')),
  isActive: z.boolean(),
});
export type ResourceUpdateInput = z.infer<typeof ResourceUpdateInputSchema>;

/** `PUT /api/staff/resources/{resourceId}`: the id as sent (not a whole number: 404). */
export const ResourceIdParamsSchema = z.object({ resourceId: z.string() });

/** `PUT /api/staff/sessions/{id}/resources/order`: every resource id of the session, first to last. */
export const ResourceOrderInputSchema = z.object({
  ids: z.array(z.number().int()).max(500),
});
export type ResourceOrderInput = z.infer<typeof ResourceOrderInputSchema>;

/** `POST /api/staff/sessions/{id}/thumbnail`: the picture's new address (served by `GET /api/files/…`). */
export const ThumbnailResultSchema = z.object({ thumbnail: z.string() });

/** `GET /api/files/{folder}/{name}`: a stored file's folder (`thumbnails`, `resources`) and random name. */
export const StoredFileParamsSchema = z.object({ folder: z.string(), name: z.string() });

/** A resource file's signed link (`GET /api/ClassSession/{id}/Resources` gives it); a picture needs none. */
export const StoredFileQuerySchema = z.object({
  expires: z.string().optional(),
  scope: z.string().optional(),
  signature: z.string().optional(),
});
