/**
 * The audit trail's one writer (ARCHITECTURE.md "Staff back office"): append a row in the caller's
 * transaction, so the record commits or rolls back with the change it describes. Rows are never updated or
 * deleted (the `audit_events_no_update_or_delete` trigger refuses it, migration 0004).
 */
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

export type AuditEntry = {
  /** The signed-in user who made the change; null for the system. */
  actorUserId: string | null;
  /** Dotted verb, e.g. `session.teachers.set`. */
  action: string;
  entityType: string;
  entityId: string | number;
  /** The values before and after (JSON); null when the thing did not exist before or no longer exists. */
  before: unknown;
  after: unknown;
};

/** Append one audit row inside `tx` (pass the transaction that makes the change). */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(auditEvents).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    at,
  });
}
