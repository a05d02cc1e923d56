/**
 * Split billing (issue 23, decision 024): two parents of a shared family divide the bills that fall due from the
 * day they agree, by percentage or each child to one parent. Each dated charge (an instalment, a late fee) is
 * divided exact to the cent: the other parent's share is `floor(amount × percent / 100)`, and the parent whose
 * place it is keeps the rest, so an odd cent never goes missing or appears. Amounts are integer cents.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';

/** How a split divides the bills: by percentage, or each child's bills to one parent. */
export const SplitRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    /** The proposing parent's share, 1 to 99 percent; the other parent pays the rest. */
    yourPercent: z
      .number({ error: fieldMessage('fields.billing.splitPercent') })
      .int(fieldMessage('fields.billing.splitPercent'))
      .min(1, fieldMessage('fields.billing.splitPercent'))
      .max(99, fieldMessage('fields.billing.splitPercent')),
  }),
  z.object({
    kind: z.literal('child'),
    /** Each child's id → the parent (user id) who pays that child's bills. */
    payers: z.record(z.uuid(), z.uuid()),
  }),
  /** Stop splitting: each bill stays with the parent whose place it is. */
  z.object({ kind: z.literal('none') }),
]);
export type SplitRule = z.infer<typeof SplitRuleSchema>;

/** A split as stored: percentages by parent, or a parent by child. */
export type StoredSplit =
  | { kind: 'percent'; percents: Record<string, number> }
  | { kind: 'child'; payers: Record<string, string> }
  | { kind: 'none' };

/**
 * Who pays what of `amount` cents charged on a place that is `owner`'s (the place's payer), for `childId`, under
 * `split`: a map of parent → cents that sums to `amount` exactly. The owner keeps the remainder cent.
 */
export function divideCharge(
  amount: number,
  owner: string,
  childId: string | null,
  split: StoredSplit,
): Record<string, number> {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`whole cents ≥ 0, not ${amount}`);
  if (split.kind === 'none') return { [owner]: amount };
  if (split.kind === 'child') {
    const payer = (childId && split.payers[childId]) || owner;
    return { [payer]: amount };
  }
  const shares: Record<string, number> = {};
  let given = 0;
  for (const [parent, percent] of Object.entries(split.percents)) {
    if (parent === owner) continue;
    const share = Math.floor((amount * percent) / 100);
    shares[parent] = share;
    given += share;
  }
  shares[owner] = (shares[owner] ?? 0) + amount - given;
  return shares;
}

/** The parent's view of the family's split: what is in force, what waits for an answer, each parent's share. */
export const SplitViewSchema = z.object({
  /** Two parents share the family: a split can be proposed. */
  canSplit: z.boolean(),
  parents: z.array(z.object({ id: z.string(), firstName: z.string(), you: z.boolean() })),
  children: z.array(z.object({ id: z.string(), firstName: z.string() })),
  /** In force since `since` (ISO date), or null: each bill stays with the parent whose place it is. */
  active: z
    .object({ rule: z.custom<StoredSplit>(), since: z.string(), agreedBy: z.array(z.string()) })
    .nullable(),
  /** A change one parent proposed and the other has not answered. */
  proposal: z
    .object({
      id: z.string(),
      rule: z.custom<StoredSplit>(),
      proposedBy: z.string(),
      proposedByYou: z.boolean(),
      created: z.string(),
    })
    .nullable(),
  /** Each parent's balance (cents) and what falls due next for them. */
  shares: z.array(
    z.object({
      parentId: z.string(),
      firstName: z.string(),
      balance: z.number().int(),
      nextDue: z.object({ amount: z.number().int(), dueOn: z.string() }).nullable(),
    }),
  ),
});
export type SplitView = z.infer<typeof SplitViewSchema>;
