/**
 * A message's files (issue 25; decision 032): photos and PDFs uploaded before the message is sent, kept in the
 * file storage under `messages/<random>.<ext>` (adapters/storage.ts) like other files.
 * - The kind is read from the bytes (`file-type`, in routes' `readUpload`), never the name; at most
 *   {@link ATTACHMENT_MAX_BYTES}.
 * - A photo is turned upright, resized to at most {@link ATTACHMENT_PHOTO_MAX_PIXELS} on its longest side, and
 *   written again by sharp, which drops its metadata (EXIF, GPS location, the camera's serial): nothing of where
 *   a child was photographed leaves with it. A file sharp cannot read is refused like a wrong kind.
 * - An upload not sent within the hour is removed by the background round ({@link sweepUnsentAttachments}).
 */
import { randomBytes } from 'node:crypto';
import { ATTACHMENT_PHOTO_MAX_PIXELS, type MessageAttachment } from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { cleanPhoto } from '../../lib/photos.ts';
import type { AttachmentLinks } from './attachment-links.ts';
import { UNSENT_ATTACHMENT_MS } from './conversation-writes.ts';

/** The storage folder of message files. */
export const MESSAGE_FILES = 'messages';

/** A photo made safe to share (lib/photos.ts); 400 by `file` when sharp cannot read it. */
export async function cleanMessagePhoto(
  bytes: Buffer,
  mime: string,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const photo = await cleanPhoto(bytes, mime, ATTACHMENT_PHOTO_MAX_PIXELS);
  if (!photo)
    throw new HttpError(400, 'messages.conversations.chooseFile', {
      fields: { file: 'messages.conversations.chooseFile' },
    });
  return photo;
}

/**
 * Store an upload of `uploaderId` (already checked: `mime` from its bytes, `ext`, a clean `fileName`) and
 * answer it with its signed link. Photos are cleaned first ({@link cleanMessagePhoto}).
 */
export async function storeAttachment(
  deps: { db: DbOrTx; storage: FileStorage; links: AttachmentLinks },
  uploaderId: string,
  upload: { bytes: Buffer; mime: string; ext: string; fileName: string },
  now: Date,
): Promise<MessageAttachment> {
  const photo = upload.mime.startsWith('image/') ? await cleanMessagePhoto(upload.bytes, upload.mime) : null;
  const bytes = photo?.bytes ?? upload.bytes;
  const key = `${MESSAGE_FILES}/${randomBytes(16).toString('hex')}.${upload.ext}`;
  await deps.storage.put(key, bytes, upload.mime);
  const [row] = await queryRows<{ id: string }>(
    deps.db,
    sql`insert into message_attachments (uploader_id, storage_key, file_name, content_type, bytes, width, height, created)
      values (${uploaderId}, ${key}, ${upload.fileName}, ${upload.mime}, ${bytes.length},
        ${photo?.width ?? null}, ${photo?.height ?? null}, ${now})
      returning id`,
  );
  return {
    id: row!.id,
    fileName: upload.fileName,
    contentType: upload.mime,
    bytes: bytes.length,
    width: photo?.width ?? null,
    height: photo?.height ?? null,
    url: deps.links.sign(row!.id, now),
  };
}

/** A sent file by id (its message not deleted), or null. */
export async function sentAttachment(
  db: DbOrTx,
  id: string,
): Promise<{ storage_key: string; file_name: string; content_type: string } | null> {
  const [row] = await queryRows<{ storage_key: string; file_name: string; content_type: string }>(
    db,
    sql`select a.storage_key, a.file_name, a.content_type from message_attachments a
      join conversation_messages m on m.id = a.message_id
      where a.id = ${id} and m.deleted_at is null`,
  );
  return row ?? null;
}

/**
 * Remove uploads never sent with a message within {@link UNSENT_ATTACHMENT_MS}: the row goes first, then its
 * file. Answers how many went. Run by the background round.
 */
export async function sweepUnsentAttachments(db: DbOrTx, storage: FileStorage, now: Date): Promise<number> {
  const gone = await queryRows<{ storage_key: string }>(
    db,
    sql`delete from message_attachments where message_id is null
      and created < ${new Date(now.getTime() - UNSENT_ATTACHMENT_MS)} returning storage_key`,
  );
  for (const row of gone) await storage.delete(row.storage_key).catch(() => {});
  return gone.length;
}
