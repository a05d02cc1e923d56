/**
 * Signed links to a message's files (issue 25; decision 032), as for a session's resource files
 * (resources/file-links.ts): the conversation hands a reader `/api/MessageAttachments/<id>?expires=…&signature=…`,
 * an HMAC-SHA256 of the file's id and the expiry that works until the end of the hour after the next, so an
 * `<img>` or a download works in the browser without the session token. A deleted message's files are gone
 * from the storage and the database, so its old links answer 404 at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { conversationsApi } from '@lc/contract';
import type { AppContext } from '../../app-context.ts';
import { loadSigningSecret } from '../auth/session-tokens.ts';

export type AttachmentLinks = {
  /** The signed address of attachment `id` for a reader at `now`. */
  sign(id: string, now: Date): string;
  /** True when `signature` is ours for `id` and `expires` (unix seconds), and `expires` has not passed. */
  verify(id: string, expires: number, signature: string, now: Date): boolean;
};

const LINK_HOURS = 2;
const signers = new WeakMap<AppContext, Promise<AttachmentLinks>>();

/** The link signer of `ctx` (made once per app), keyed from the session signing secret with its own label. */
export function attachmentLinks(ctx: AppContext): Promise<AttachmentLinks> {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = loadSigningSecret(ctx.config.jwtSecret, ctx.config.dataDir).then((secret) => {
      const key = createHmac('sha256', secret).update('lc:message-files:v1').digest();
      const mac = (id: string, expires: number) =>
        createHmac('sha256', key).update(`${id}\n${expires}`).digest('base64url');
      const base = conversationsApi.attachmentFile.path;
      return {
        sign(id, now) {
          const hour = 3600;
          const expires = (Math.floor(now.getTime() / 1000 / hour) + LINK_HOURS + 1) * hour;
          const query = new URLSearchParams({ expires: String(expires), signature: mac(id, expires) });
          return `${base.replace(':attachmentId', encodeURIComponent(id))}?${query}`;
        },
        verify(id, expires, signature, now) {
          if (!Number.isFinite(expires) || expires * 1000 < now.getTime()) return false;
          const expected = Buffer.from(mac(id, expires));
          const given = Buffer.from(signature);
          return expected.length === given.length && timingSafeEqual(expected, given);
        },
      };
    });
    signers.set(ctx, signer);
  }
  return signer;
}
