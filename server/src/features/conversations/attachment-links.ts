/**
 * Signed links to a message's files (issue 25; decision 032; lib/signed-links.ts), as for a session's resource
 * files (resources/file-links.ts): the conversation hands a reader `/api/MessageAttachments/<id>?expires=…&signature=…`,
 * an HMAC-SHA256 of the file's id and the expiry that works until the end of the hour after the next, so an
 * `<img>` or a download works in the browser without the session token. A deleted message's files are gone
 * from the storage and the database, so its old links answer 404 at once.
 */
import { conversationsApi } from '@lc/contract';
import type { AppContext } from '../../app-context.ts';
import { type LinkSigner, linkSigner } from '../../lib/signed-links.ts';
import { loadSigningSecret } from '../auth/session-tokens.ts';

export type AttachmentLinks = LinkSigner;

const signers = new WeakMap<AppContext, Promise<AttachmentLinks>>();

/** The link signer of `ctx` (made once per app), keyed from the session signing secret with its own label. */
export function attachmentLinks(ctx: AppContext): Promise<AttachmentLinks> {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = loadSigningSecret(ctx.config.jwtSecret, ctx.config.dataDir).then((secret) =>
      linkSigner(secret, 'lc:message-files:v1', conversationsApi.attachmentFile.path, 'attachmentId'),
    );
    signers.set(ctx, signer);
  }
  return signer;
}
