/**
 * The day's photos (issue 25; decision 033): uploaded by a teacher before posting, cleaned like a message's
 * photos (lib/photos.ts: upright, at most 2048 px, no EXIF or GPS location), kept in the file storage under
 * `day-photos/<random>.<ext>`, and opened only through signed links (lib/signed-links.ts) that the feed and
 * the teacher's day hand to readers who may see the post.
 * - An upload not posted within the hour is removed ({@link sweepUnpostedPhotos}).
 * - Every photo is removed after the center's retention period (`PHOTO_RETENTION_DAYS`, counted from its
 *   upload; {@link sweepExpiredPhotos}): the row goes first, then its file; a photo post left without photos
 *   goes with them.
 */
import { randomBytes } from 'node:crypto';
import { ATTACHMENT_PHOTO_MAX_PIXELS, type DayPhoto, dayFeedApi } from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { cleanPhoto } from '../../lib/photos.ts';
import { type LinkSigner, linkSigner } from '../../lib/signed-links.ts';
import { loadSigningSecret } from '../auth/session-tokens.ts';

/** The storage folder of the day's photos. */
export const DAY_PHOTOS = 'day-photos';
/** How long an uploaded photo waits to be posted before it is removed, in milliseconds. */
export const UNPOSTED_PHOTO_MS = 60 * 60 * 1000;
/** The photos a day may take: JPEG, PNG or WebP, by the content their bytes show; content type → extension. */
export const DAY_PHOTO_KINDS: ReadonlyMap<string, string> = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);

const signers = new WeakMap<AppContext, Promise<LinkSigner>>();

/** The photo link signer of `ctx` (made once per app), keyed from the session signing secret, its own label. */
export function dayPhotoLinks(ctx: AppContext): Promise<LinkSigner> {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = loadSigningSecret(ctx.config.jwtSecret, ctx.config.dataDir).then((secret) =>
      linkSigner(secret, 'lc:day-photos:v1', dayFeedApi.photoFile.path, 'photoId'),
    );
    signers.set(ctx, signer);
  }
  return signer;
}

/** A photo row as the views need it. */
export type PhotoRow = { id: string; width: number; height: number; bytes: number };

/** A photo as readers see it, with its signed links for `now`. */
export function photoView(row: PhotoRow, links: LinkSigner, now: Date): DayPhoto {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    url: links.sign(row.id, now),
    downloadUrl: links.sign(row.id, now, true),
  };
}

/**
 * Store an upload of `uploaderId` (its kind already read from its bytes) cleaned of its metadata, and answer it
 * with its links. 400 by `file` when sharp cannot read it.
 */
export async function storeDayPhoto(
  deps: { db: DbOrTx; storage: FileStorage; links: LinkSigner },
  uploaderId: string,
  upload: { bytes: Buffer; mime: string; ext: string },
  now: Date,
): Promise<DayPhoto> {
  const photo = await cleanPhoto(upload.bytes, upload.mime, ATTACHMENT_PHOTO_MAX_PIXELS);
  if (!photo) throw new HttpError(400, 'feed.choosePhoto', { fields: { file: 'feed.choosePhoto' } });
  const key = `${DAY_PHOTOS}/${randomBytes(16).toString('hex')}.${upload.ext}`;
  await deps.storage.put(key, photo.bytes, upload.mime);
  const [row] = await queryRows<PhotoRow>(
    deps.db,
    sql`insert into day_photos (uploader_id, storage_key, content_type, bytes, width, height, created)
      values (${uploaderId}, ${key}, ${upload.mime}, ${photo.bytes.length}, ${photo.width}, ${photo.height}, ${now})
      returning id, width, height, bytes`,
  );
  return photoView(row!, deps.links, now);
}

/** A posted photo by id (its post not deleted), or null. */
export async function postedPhoto(
  db: DbOrTx,
  id: string,
): Promise<{ storage_key: string; content_type: string; day: string } | null> {
  const [row] = await queryRows<{ storage_key: string; content_type: string; day: string }>(
    db,
    sql`select ph.storage_key, ph.content_type, p.day::text as day from day_photos ph
      join day_posts p on p.id = ph.post_id
      where ph.id = ${id} and p.deleted_at is null`,
  );
  return row ?? null;
}

/** Remove the files of `keys` (after their rows are gone); a file that will not go is left to no one. */
export async function removePhotoFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.delete(key).catch(() => {});
}

/** Remove uploads not posted within {@link UNPOSTED_PHOTO_MS}; answers how many went. */
export async function sweepUnpostedPhotos(db: DbOrTx, storage: FileStorage, now: Date): Promise<number> {
  const gone = await queryRows<{ storage_key: string }>(
    db,
    sql`delete from day_photos where post_id is null
      and created < ${new Date(now.getTime() - UNPOSTED_PHOTO_MS)} returning storage_key`,
  );
  await removePhotoFiles(
    storage,
    gone.map((r) => r.storage_key),
  );
  return gone.length;
}

/**
 * Remove every photo uploaded more than `retentionDays` days before `now` (rows, then files), and the photo
 * posts they leave empty. Answers how many photos went.
 */
export async function sweepExpiredPhotos(
  db: DbOrTx,
  storage: FileStorage,
  now: Date,
  retentionDays: number,
): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  const gone = await queryRows<{ storage_key: string; post_id: string | null }>(
    db,
    sql`delete from day_photos where created < ${before} returning storage_key, post_id`,
  );
  const posts = [...new Set(gone.flatMap((r) => (r.post_id ? [r.post_id] : [])))];
  if (posts.length > 0)
    await db.execute(sql`delete from day_posts p where p.kind = 'Photo'
      and p.id in (${sql.join(
        posts.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      and not exists (select 1 from day_photos ph where ph.post_id = p.id)`);
  await removePhotoFiles(
    storage,
    gone.map((r) => r.storage_key),
  );
  return gone.length;
}
