/**
 * Signed links to health documents (issue 26 part 1; decision 035; lib/signed-links.ts), as for a message's
 * files (conversations/attachment-links.ts): a record hands its reader
 * `/api/HealthDocuments/<id>?expires=…&signature=…`, valid until the end of the hour after the next, with its
 * own label, so a message file's signature never opens a health document. A removed document's links answer
 * 404 at once (the row and the file are gone).
 */
import { childHealthApi } from '@lc/contract';
import type { AppContext } from '../../app-context.ts';
import { type LinkSigner, linkSigner } from '../../lib/signed-links.ts';
import { loadSigningSecret } from '../auth/session-tokens.ts';

const signers = new WeakMap<AppContext, Promise<LinkSigner>>();

/** The health documents' link signer of `ctx` (made once per app), keyed from the session signing secret. */
export function healthDocumentLinks(ctx: AppContext): Promise<LinkSigner> {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = loadSigningSecret(ctx.config.jwtSecret, ctx.config.dataDir).then((secret) =>
      linkSigner(secret, 'lc:health-documents:v1', childHealthApi.documentFile.path, 'documentId'),
    );
    signers.set(ctx, signer);
  }
  return signer;
}
