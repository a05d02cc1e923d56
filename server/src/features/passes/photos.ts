/**
 * The photo of a pickup adult (issue 11): a JPEG or PNG of at most 5 MB kept in the file storage under
 * `photos/<random>.<ext>` (adapters/storage.ts), shown at the kiosk and on the wallet pass.
 *
 * Only a working pass holds a photo (issue 21, decision 020): re-issuing moves it to the new pass, revoking
 * and replacing let go of it. A file is deleted only after the change that let go of it has committed; a
 * delete that fails then (or a server stopped in between) leaves a file no pass names, which
 * {@link sweepOrphanPhotos} removes later. The family's photos count against its quota (family/limits.ts).
 */
import { isNotNull } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.ts';
import type { DbOrTx } from '../../db/client.ts';
import { digitalPassports } from '../../db/schema.ts';
import type { PhotoStore } from '../../ports.ts';

export type { PhotoStore };

export const PHOTOS = 'photos';
/** The largest photo accepted, in bytes. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** A photo file no pass names is swept once it is this old (an upload writes the file before its row commits). */
export const ORPHAN_PHOTO_GRACE_MS = 60 * 60 * 1000;

/** Photos read and discarded through `storage`. */
export function createPhotoStore(storage: FileStorage): PhotoStore {
  return {
    async read(key) {
      const file = await storage.get(key);
      if (!file) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return { bytes: Buffer.concat(chunks), mimeType: file.contentType };
    },
    async discard(keys) {
      for (const key of new Set(keys)) await storage.delete(key).catch(() => {});
    },
  };
}

/**
 * Delete every file under `photos/` that no pass names and that is older than `graceMs` (files of uploads
 * still committing are younger). Answers how many went. Run by the background work (app.ts) now and then.
 */
export async function sweepOrphanPhotos(
  db: DbOrTx,
  storage: FileStorage,
  now: Date,
  graceMs = ORPHAN_PHOTO_GRACE_MS,
): Promise<number> {
  const held = new Set(
    (
      await db
        .selectDistinct({ key: digitalPassports.imageUrl })
        .from(digitalPassports)
        .where(isNotNull(digitalPassports.imageUrl))
    ).map((r) => r.key),
  );
  let removed = 0;
  for await (const file of storage.list(PHOTOS)) {
    if (held.has(file.key) || now.getTime() - file.modified.getTime() < graceMs) continue;
    await storage.delete(file.key);
    removed += 1;
  }
  return removed;
}

/**
 * The background task of {@link sweepOrphanPhotos}: sweeps on its first run, then at most once every
 * `everyMs` (the background work runs every few seconds; listing the storage that often would be waste).
 */
export function createPhotoSweep(
  db: DbOrTx,
  storage: FileStorage,
  now: () => Date,
  everyMs = ORPHAN_PHOTO_GRACE_MS,
): () => Promise<number> {
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    const at = now();
    if (at.getTime() - last < everyMs) return 0;
    last = at.getTime();
    return sweepOrphanPhotos(db, storage, at);
  };
}
