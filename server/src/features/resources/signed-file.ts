/**
 * One private file behind a signed link (decisions 031, 033, 035 and 041: message files, the day's photos,
 * health documents, certificate scans). The link's signature and expiry are checked, the file's row is found,
 * the file is read from the storage and sent with its own type, `inline` (or as a download with `download=1`),
 * kept by the browser only (`private`). A bad or expired link, an unknown id, a removed row and a missing file
 * all answer the caller's 404, so none of them tells the others apart.
 */
import type { FastifyReply } from 'fastify';
import { type FileStorage, isStorageKey } from '../../adapters/storage.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { disposition } from './routes.ts';

/** A signed link's query: unix seconds, the HMAC, and `download=1` for a download. */
export type SignedFileQuery = { expires?: number | string; signature?: string; download?: string };

export type SignedFileOptions = {
  /** The file's id from the path (a UUID). */
  id: string;
  query: SignedFileQuery;
  links: LinkSigner;
  now: Date;
  storage: FileStorage;
  /** The file's storage key and name, or null when it is gone (or never was). */
  find: (id: string) => Promise<{ key: string; fileName: string } | null | undefined>;
  /** The 404 to throw. */
  notFound: () => Error;
  /** Whether a file of this type may open in the browser (default: any); others always download. */
  inline?: (contentType: string) => boolean;
};

/** Send the file `options.id` names on `reply`, or throw `options.notFound()`. */
export async function sendSignedFile(reply: FastifyReply, options: SignedFileOptions) {
  const { id, query, links, now, storage, find, notFound } = options;
  const { expires, signature, download } = query;
  if (!isUuid(id) || !expires || !signature || !links.verify(id, Number(expires), signature, now))
    throw notFound();
  const row = await find(id);
  if (!row || !isStorageKey(row.key)) throw notFound();
  const file = await storage.get(row.key);
  if (!file) throw notFound();
  const inline = download !== '1' && (options.inline?.(file.contentType) ?? true);
  reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', disposition(inline ? 'inline' : 'attachment', row.fileName))
    .header('cache-control', 'private, max-age=600, no-transform');
  return reply.send(file.stream);
}
