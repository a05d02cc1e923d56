/** Whether the database answers, for `GET /readyz` (health/routes.ts). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Runs `select 1`; resolves when the database answers, rejects (the driver's error) when it does not. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
