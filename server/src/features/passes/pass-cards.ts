/**
 * The printable card of a pickup pass (issue 11): the holder's name, the children, the code and its QR, and
 * the wallet links while the pass works; read by the family (`GET /api/Student/Trustees/{trusteeId}/Pass/Card`)
 * or by the holder with the pass's code (`POST /api/passes/card`).
 */
import type { Language, PassCard } from '@lc/contract';
import QRCode from 'qrcode';
import type { AppContext } from '../../app-context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { loadPassContent } from './pass-content.ts';
import { groupCredential } from './pass-keys.ts';
import { type AdultRow, currentPass, findPassByCode, ownedAdult, type PassRow } from './pass-rows.ts';
import { passStatus } from './pass-status.ts';

/** The QR code of a credential as an SVG document (error correction M, as the kiosk camera reads it well). */
export function qrSvg(credential: string): Promise<string> {
  return QRCode.toString(credential, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The printable card of the pass `passportId` (which the caller is entitled to). */
export async function cardOf(
  ctx: AppContext,
  pass: PassRow,
  adult: AdultRow,
  language: Language,
): Promise<PassCard> {
  const now = ctx.clock.now();
  const content = await loadPassContent(ctx.db, ctx.config, ctx.passPhotos, pass.id, now);
  if (!content) throw notFound('pass');
  const { status, reason } = passStatus(pass, adult, now, ctx.clock.timeZone, language);
  const works = status === 'Active';
  return {
    holderName: content.holderName,
    relationship: content.relationship,
    children: content.children.map((c) => c.firstName),
    status,
    statusReason: reason,
    expiresAt: pass.expiresAt.toISOString(),
    code: groupCredential(content.credential),
    qrSvg: await qrSvg(content.credential),
    appleWalletUrl:
      works && ctx.wallets.apple ? await ctx.wallets.apple.downloadLink(content.serialNumber, now) : null,
    googleWalletUrl: works && ctx.wallets.google ? await ctx.wallets.google.saveUrl(content) : null,
  };
}

/** `GET /api/Student/Trustees/{trusteeId}/Pass/Card`: the family's view of the adult's current pass. */
export async function familyPassCard(
  ctx: AppContext,
  userId: string,
  trusteeId: string,
  language: Language,
): Promise<PassCard> {
  const adult = await ownedAdult(ctx.db, userId, trusteeId);
  const pass = await currentPass(ctx.db, trusteeId);
  if (!pass) throw notFound('pass');
  return cardOf(ctx, pass, adult, language);
}

/** `POST /api/passes/card`: the holder opens their own pass with its code (from the email link). */
export async function holderPassCard(ctx: AppContext, code: string, language: Language): Promise<PassCard> {
  const found = await findPassByCode(ctx.db, code);
  if (!found) {
    throw new HttpError(404, 'passes.holder.unknownCode', {
      fields: { code: 'passes.holder.unknownCodeField' },
    });
  }
  return cardOf(ctx, found.pass, found.adult, language);
}
