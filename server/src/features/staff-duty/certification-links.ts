/**
 * Signed links to certificates' scans (issue 26, decision 041; lib/signed-links.ts), as for health documents
 * (child-health/document-links.ts): a certification list hands its reader (the director, or the holder)
 * `/api/CertificationDocuments/<certification id>?expires=…&signature=…`, valid until the end of the hour after
 * the next, with its own label, so a health document's signature never opens a certificate. A removed
 * certification's links answer 404 at once.
 */
import { dutyApi } from '@lc/contract';
import type { AppContext } from '../../app-context.ts';
import { type LinkSigner, linkSigner } from '../../lib/signed-links.ts';
import { loadSigningSecret } from '../auth/session-tokens.ts';

const signers = new WeakMap<AppContext, Promise<LinkSigner>>();

/** The certificate links' signer of `ctx` (made once per app), keyed from the session signing secret. */
export function certificationDocumentLinks(ctx: AppContext): Promise<LinkSigner> {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = loadSigningSecret(ctx.config.jwtSecret, ctx.config.dataDir).then((secret) =>
      linkSigner(
        secret,
        'lc:certification-documents:v1',
        dutyApi.certificationDocumentFile.path,
        'certificationId',
      ),
    );
    signers.set(ctx, signer);
  }
  return signer;
}
