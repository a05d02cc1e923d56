/**
 * A family's conversation follows the family when its parents change (issue 25; decision 032), called by
 * features/family in the same transaction as the change (it imports nothing of the family domain):
 * - two parents join: if each had a conversation, the newer one's messages, read positions and waiting
 *   notifications move into the older one, so the family has one conversation;
 * - a parent leaves (or is removed): a conversation named by that parent's account passes to a parent who
 *   stays, so the leaver no longer reads it and the family keeps it.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx, uuidList } from '../../db/client.ts';

/** Move conversation `sourceId` into `targetId` (messages, read positions, waiting notifications), then drop it. */
async function mergeInto(tx: Tx, targetId: string, sourceId: string): Promise<void> {
  await tx.execute(
    sql`update conversation_messages set conversation_id = ${targetId} where conversation_id = ${sourceId}`,
  );
  await tx.execute(sql`insert into conversation_reads (conversation_id, user_id, read_at)
    select ${targetId}, user_id, read_at from conversation_reads where conversation_id = ${sourceId}
    on conflict (conversation_id, user_id) do update
      set read_at = greatest(conversation_reads.read_at, excluded.read_at)`);
  await tx.execute(sql`insert into message_alerts (user_id, conversation_id, due_at, created)
    select user_id, ${targetId}, due_at, created from message_alerts where conversation_id = ${sourceId}
    on conflict (user_id, conversation_id) do nothing`);
  await tx.execute(sql`update conversations t set
      last_message_at = (select max(created) from conversation_messages where conversation_id = ${targetId}),
      status = case when t.status = 'Closed' then s.status else t.status end
    from conversations s where t.id = ${targetId} and s.id = ${sourceId}`);
  await tx.execute(sql`delete from conversations where id = ${sourceId}`);
}

/** After parents `memberIds` came to share one family: one conversation for them, the oldest. */
export async function mergeFamilyConversations(tx: Tx, memberIds: string[]): Promise<void> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from conversations where family_user_id in ${uuidList(memberIds)} order by created, id for update`,
  );
  for (const row of rows.slice(1)) await mergeInto(tx, rows[0]!.id, row.id);
}

/** After `leaverId` left a family whose remaining parents are `others` (first: who takes it over). */
export async function conversationStaysWithFamily(tx: Tx, leaverId: string, others: string[]): Promise<void> {
  if (others.length === 0) return;
  const [own] = await queryRows<{ id: string }>(
    tx,
    sql`select id from conversations where family_user_id = ${leaverId} for update`,
  );
  if (!own) return;
  const [theirs] = await queryRows<{ id: string }>(
    tx,
    sql`select id from conversations where family_user_id in ${uuidList(others)} order by created, id limit 1 for update`,
  );
  if (theirs) await mergeInto(tx, theirs.id, own.id);
  else await tx.execute(sql`update conversations set family_user_id = ${others[0]!} where id = ${own.id}`);
}
