/**
 * What an automatic payment (autopay.ts) is taking from a family right now, so that pay now and the office do not
 * take the same instalment a second time while a charge is in flight or a bank debit is processing (issue 23).
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, uuidList } from '../../db/client.ts';

/** Cents of the payers' instalments being charged now or in a processing bank debit. */
export async function autopayInFlight(db: DbOrTx, payerIds: string[]): Promise<number> {
  const [row] = await queryRows<{ amount: number }>(
    db,
    sql`select coalesce(sum(amount), 0)::int as amount from autopay_attempts
      where status in ('charging', 'processing') and payer_user_id in ${uuidList(payerIds)}`,
  );
  return row?.amount ?? 0;
}
