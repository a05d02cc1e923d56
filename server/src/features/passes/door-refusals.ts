/**
 * A refusal at the door is answered in plain words and kept in the audit trail as `door.refused` (issue 11,
 * decision 012), in its own statement: the refused change itself is not made. Looking up the pass a kiosk
 * sent is the first refusal point (unknown, revoked, expired or paused pass).
 */
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { findPassByCode } from './pass-rows.ts';
import { passStatus } from './pass-status.ts';

/** The kiosk a request came from (see http/authenticate.ts, `auth: 'kiosk'`). */
export type KioskCaller = { id: string; name: string };

/** What the audit trail keeps of a refusal: where, which pass (null for an unknown code), why. */
type Refusal = { kioskId: string | null; passportId: string | null; reason: string };

/** Keep a refusal in the audit trail (its own statement: the refused change itself is not made). */
export async function logRefusal(
  ctx: AppContext,
  args: Refusal & { action?: string; studentIds?: string[] },
): Promise<void> {
  await recordAudit(
    ctx.db,
    {
      actorUserId: null,
      action: 'door.refused',
      entityType: args.passportId ? 'DigitalPassport' : 'Kiosk',
      entityId: args.passportId ?? args.kioskId ?? 'unknown',
      before: null,
      after: {
        reason: args.reason,
        kioskId: args.kioskId,
        ...(args.action ? { attempted: args.action } : {}),
        ...(args.studentIds ? { studentIds: args.studentIds } : {}),
      },
    },
    ctx.clock.now(),
  );
}

/**
 * Look up the pass for `code` (locked `FOR UPDATE` when `lock`) and answer it if it works now; otherwise
 * throw the refusal, which {@link loggingRefusals} logs: 404 for an unknown code, 403 with the reason for a
 * revoked, expired or paused pass.
 */
export async function workingPass(
  ctx: AppContext,
  kiosk: KioskCaller | null,
  code: string,
  db: DbOrTx = ctx.db,
  lock = false,
) {
  const found = await findPassByCode(db, code, lock);
  if (!found) {
    const unknown = new HttpError(404, 'passes.door.unknownPass', {
      fields: { code: 'passes.door.unknownCode' },
    });
    throw Object.assign(unknown, {
      refusal: { kioskId: kiosk?.id ?? null, passportId: null, reason: 'Unknown code' },
    });
  }
  const { status, reason, refusal } = passStatus(
    found.pass,
    found.adult,
    ctx.clock.now(),
    ctx.clock.timeZone,
  );
  if (status !== 'Active') {
    const refused = refusal
      ? new HttpError(403, refusal.code, { params: refusal.params })
      : new HttpError(403, 'passes.door.notWorking');
    throw Object.assign(refused, {
      refusal: { kioskId: kiosk?.id ?? null, passportId: found.pass.id, reason: reason ?? status },
    });
  }
  return found;
}

/** Run `run`; log a refusal it throws (see {@link workingPass}) as an attempt at `action`, and rethrow it. */
export async function loggingRefusals<T>(ctx: AppContext, action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const refusal = (error as { refusal?: Refusal }).refusal;
    if (refusal) await logRefusal(ctx, { ...refusal, action });
    throw error;
  }
}
