/**
 * The audit trail's one writer (docs/architecture.md "Staff back office"): append a row in the caller's
 * transaction, so the record commits or rolls back with the change it describes. Rows are never updated or
 * deleted (the `audit_events_no_update_or_delete` trigger refuses it, migration 0004).
 *
 * No secret is kept in the trail (issue 21, decision 017): a value under a field whose name says it is one
 * (password, PIN, token, credential, nonce, secret, signature — hashes included) is written as
 * {@link SECRET_FIELD_VALUE}, however deep it sits, so a future entry that spreads a whole row cannot leak it.
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

/** What a secret field's value becomes in the trail. */
export const SECRET_FIELD_VALUE = '[secret not kept]';

const SECRET_FIELD = /password|token|secret|credential|nonce|signature|^pin$|^pinHash$/i;

/** `value` (JSON-like) with every field named like a secret replaced by {@link SECRET_FIELD_VALUE}. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_FIELD.test(key) && inner !== null && inner !== undefined
        ? SECRET_FIELD_VALUE
        : withoutSecrets(inner),
    ]),
  );
}

/** Append one audit row inside `tx` (pass the transaction that makes the change). */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(auditEvents).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    before: withoutSecrets(entry.before ?? null),
    after: withoutSecrets(entry.after ?? null),
    at,
  });
}
