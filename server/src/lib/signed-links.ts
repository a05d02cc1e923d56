/**
 * Signed links to private files (decisions 031 and 033): `<path>?expires=…&signature=…`, an HMAC-SHA256 of
 * the file's id and the expiry, valid until the end of the hour after the next (so a page's links stay the
 * same for an hour and the browser can cache them), letting an `<img>` or a download work without the
 * session token. Each kind of file has its own label, so a message file's signature never opens a photo.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signs and checks links of one kind of file. */
export type LinkSigner = {
  /** The signed address of file `id` for a reader at `now`; `download` asks for a download. */
  sign(id: string, now: Date, download?: boolean): string;
  /** True when `signature` is ours for `id` and `expires` (unix seconds), and `expires` has not passed. */
  verify(id: string, expires: number, signature: string, now: Date): boolean;
};

const LINK_HOURS = 2;

/**
 * A signer keyed from `secret` with `label` ("lc:message-files:v1"), whose links are `path` (an API row's
 * path) with `:param` replaced by the file's id.
 */
export function linkSigner(secret: string, label: string, path: string, param: string): LinkSigner {
  const key = createHmac('sha256', secret).update(label).digest();
  const mac = (id: string, expires: number) =>
    createHmac('sha256', key).update(`${id}\n${expires}`).digest('base64url');
  return {
    sign(id, now, download = false) {
      const hour = 3600;
      const expires = (Math.floor(now.getTime() / 1000 / hour) + LINK_HOURS + 1) * hour;
      const query = new URLSearchParams({ expires: String(expires), signature: mac(id, expires) });
      if (download) query.set('download', '1');
      return `${path.replace(`:${param}`, encodeURIComponent(id))}?${query}`;
    },
    verify(id, expires, signature, now) {
      if (!Number.isFinite(expires) || expires * 1000 < now.getTime()) return false;
      const expected = Buffer.from(mac(id, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
