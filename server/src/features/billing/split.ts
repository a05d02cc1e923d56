/**
 * Split billing (issue 23, decision 024): the two parents of a shared family divide the bills that fall due
 * from the day they agree, by percentage or each child to one parent.
 *
 * - One parent proposes (`proposeSplit`), the other accepts or declines (`answerSplit`); each step is mailed.
 *   A proposal replaces the proposer's earlier one; the proposer may withdraw it (declining their own).
 * - Accepting makes the split active from the center's today: every dated charge of the family's places due
 *   from then on (an instalment, a plan fee, a discount dated with one) is divided by contract
 *   `divideCharge`, exact to the cent: the other parent's share moves to them as a charge of the same kind and
 *   date on their own account, and a discount of the same date takes it off the owner's. Each source entry is
 *   divided once (ledger key `split:<split>:<entry>:<parent>:…`), so dues posted later (a new plan) are divided
 *   by calling `applyActiveSplit` again. A late fee stays with the parent whose share was late. A split that ends has its moves from today on undone
 *   (`split-undo:<entry>`) before the next one applies.
 * - From then on each parent's share is their own: autopay charges it to their own method only (never the
 *   other parent's), pay now pays the caller's own places first, and each parent's receipts and year-end
 *   statement are theirs. One parent's unpaid share never blocks the other's view or payments.
 */
import { divideCharge, type SplitRule, type SplitView, type StoredSplit } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows, type Tx, uuidList } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { lockFamilyMembers } from '../family/members.ts';
import { type NewEntry, postEntries } from './ledger.ts';
import { splitMail } from './money-mail.ts';

type Parent = { id: string; first_name: string; email_address: string; language: string; closed: boolean };

/** The caller's shared family and its parents in the order they joined; null outside a shared family. */
async function familyOf(db: DbOrTx, userId: string): Promise<{ familyId: string; parents: Parent[] } | null> {
  const rows = await queryRows<Parent & { family_id: string }>(
    db,
    sql`select m.family_id, u.id, u.first_name, u.email_address, u.language, u.closed_at is not null as closed
      from family_members m join users u on u.id = m.user_id
      where m.family_id = (select family_id from family_members where user_id = ${userId})
      order by m.joined_at, u.id`,
  );
  if (rows.length === 0) return null;
  return { familyId: rows[0]!.family_id, parents: rows };
}

type SplitRow = {
  id: string;
  rule: StoredSplit;
  status: string;
  since: string | null;
  proposed_by: string;
  decided_by: string | null;
  created: Date;
};

async function splitsOf(db: DbOrTx, familyId: string) {
  const rows = await queryRows<SplitRow>(
    db,
    sql`select id, rule, status, to_char(since, 'YYYY-MM-DD') as since, proposed_by, decided_by, created
      from billing_splits where family_id = ${familyId} and status in ('active', 'proposed')`,
  );
  return {
    active: rows.find((r) => r.status === 'active') ?? null,
    proposal: rows.find((r) => r.status === 'proposed') ?? null,
  };
}

/** What Billing shows of the split to `userId` (see contract `SplitView`). */
export async function splitView(db: DbOrTx, userId: string): Promise<SplitView> {
  const family = await familyOf(db, userId);
  const parents = family?.parents.filter((p) => !p.closed) ?? [];
  const ids = parents.length > 0 ? parents.map((p) => p.id) : [userId];
  const children = await queryRows<{ id: string; first_name: string }>(
    db,
    sql`select distinct s.id, s.first_name, s.date_of_birth from students s
      join user_students us on us.student_id = s.id where us.user_id in ${uuidList(ids)}
      order by s.date_of_birth, s.first_name`,
  );
  const { active, proposal } = family
    ? await splitsOf(db, family.familyId)
    : { active: null, proposal: null };
  const shares = await queryRows<{
    payer: string;
    balance: number;
    due_on: string | null;
    due: number | null;
  }>(
    db,
    sql`select p.id as payer,
        coalesce((select sum(l.signed) from ledger_signed l where l.payer_user_id = p.id), 0)::int as balance,
        (select to_char(d.due_on, 'YYYY-MM-DD') from ledger_place_dues d where d.payer_user_id = p.id and d.owing > 0
          order by d.due_on limit 1) as due_on,
        (select sum(d.owing)::int from ledger_place_dues d where d.payer_user_id = p.id and d.owing > 0
          and d.due_on = (select min(x.due_on) from ledger_place_dues x where x.payer_user_id = p.id and x.owing > 0)) as due
      from users p where p.id in ${uuidList(ids)}`,
  );
  const nameOf = (id: string) => parents.find((p) => p.id === id)?.first_name ?? '';
  return {
    canSplit: parents.length === 2,
    parents: parents.map((p) => ({ id: p.id, firstName: p.first_name, you: p.id === userId })),
    children: children.map((c) => ({ id: c.id, firstName: c.first_name })),
    active: active
      ? { rule: active.rule, since: active.since!, agreedBy: [active.proposed_by, active.decided_by ?? ''] }
      : null,
    proposal: proposal
      ? {
          id: proposal.id,
          rule: proposal.rule,
          proposedBy: proposal.proposed_by,
          proposedByYou: proposal.proposed_by === userId,
          created: new Date(proposal.created).toISOString(),
        }
      : null,
    // In the parents' join order, as `parents` lists them.
    shares: ids
      .flatMap((id) => shares.filter((s) => s.payer === id))
      .map((s) => ({
        parentId: s.payer,
        firstName: nameOf(s.payer),
        balance: s.balance,
        nextDue: s.due_on && s.due ? { amount: s.due, dueOn: s.due_on } : null,
      })),
  };
}

export type SplitDeps = { db: Db; clock: Clock; appUrl: string };

/** The stored form of what a parent proposed, checked against the family: 400 by the field, 409 no split. */
function storedRule(rule: SplitRule, me: string, other: string, childIds: string[]): StoredSplit {
  if (rule.kind === 'none') return { kind: 'none' };
  if (rule.kind === 'percent')
    return { kind: 'percent', percents: { [me]: rule.yourPercent, [other]: 100 - rule.yourPercent } };
  const payers: Record<string, string> = {};
  for (const child of childIds) {
    const payer = rule.payers[child];
    if (payer !== me && payer !== other)
      throw new HttpError(400, 'billing.split.everyChild', {
        fields: { payers: 'billing.split.everyChild' },
      });
    payers[child] = payer;
  }
  if (Object.keys(rule.payers).some((id) => !childIds.includes(id))) throw notFound('child');
  return { kind: 'child', payers };
}

/**
 * Propose `rule` to the other parent (replacing the caller's open proposal, or answering theirs with a new one).
 * 409 outside a family of two parents, or when stopping a split that is not in force. Mailed to the other parent.
 */
export async function proposeSplit(deps: SplitDeps, userId: string, rule: SplitRule): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockFamilyMembers(tx, userId);
    const family = await familyOf(tx, userId);
    const parents = family?.parents.filter((p) => !p.closed) ?? [];
    if (!family || parents.length !== 2) throw new HttpError(409, 'billing.split.twoParents');
    const me = parents.find((p) => p.id === userId)!;
    const other = parents.find((p) => p.id !== userId)!;
    const children = await queryRows<{ id: string }>(
      tx,
      sql`select distinct us.student_id as id from user_students us where us.user_id in ${uuidList([me.id, other.id])}`,
    );
    const stored = storedRule(
      rule,
      me.id,
      other.id,
      children.map((c) => c.id),
    );
    const { active, proposal } = await splitsOf(tx, family.familyId);
    if (stored.kind === 'none' && !active) throw new HttpError(409, 'billing.split.nothingToStop');
    if (proposal)
      await tx.execute(sql`update billing_splits set status = 'declined', decided_by = ${userId}, decided = ${now}
        where id = ${proposal.id}`);
    await tx.execute(sql`insert into billing_splits (family_id, proposed_by, rule, created)
      values (${family.familyId}, ${userId}, ${JSON.stringify(stored)}::jsonb, ${now})`);
    await enqueueMail(
      tx,
      splitMail('proposed', {
        to: other.email_address,
        parentName: other.first_name,
        otherName: me.first_name,
        rule: describeFor(stored, other.id, parents, await childNames(tx, stored)),
        appUrl: deps.appUrl,
        language: other.language,
      }),
    );
  });
}

/** First names of the children a per-child split names. */
async function childNames(tx: DbOrTx, rule: StoredSplit): Promise<Record<string, string>> {
  if (rule.kind !== 'child' || Object.keys(rule.payers).length === 0) return {};
  const rows = await queryRows<{ id: string; first_name: string }>(
    tx,
    sql`select id, first_name from students where id in ${uuidList(Object.keys(rule.payers))}`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.first_name]));
}

/** The split in words for one parent's mail: their share and the other's. */
function describeFor(
  rule: StoredSplit,
  readerId: string,
  parents: Parent[],
  children: Record<string, string>,
): { kind: StoredSplit['kind']; yours: string; theirs: string } {
  const other = parents.find((p) => p.id !== readerId)!;
  if (rule.kind === 'percent')
    return {
      kind: 'percent',
      yours: String(rule.percents[readerId] ?? 0),
      theirs: String(rule.percents[other.id] ?? 0),
    };
  if (rule.kind === 'child') {
    const of = (id: string) =>
      Object.entries(rule.payers)
        .filter(([, payer]) => payer === id)
        .map(([child]) => children[child] ?? '')
        .filter(Boolean)
        .join(', ');
    return { kind: 'child', yours: of(readerId), theirs: of(other.id) };
  }
  return { kind: 'none', yours: '', theirs: '' };
}

/**
 * Answer the family's open proposal: accept (the other parent only; it takes effect today and the split before
 * it ends) or decline (either parent; the proposer withdraws it). 404 when there is none to answer; 409 when
 * the proposer tries to accept their own. Mailed.
 */
export async function answerSplit(deps: SplitDeps, userId: string, accept: boolean): Promise<void> {
  const now = deps.clock.now();
  const today = deps.clock.today(now);
  await deps.db.transaction(async (tx) => {
    const payers = await lockFamilyMembers(tx, userId);
    const family = await familyOf(tx, userId);
    if (!family) throw notFound('proposal');
    const { active, proposal } = await splitsOf(tx, family.familyId);
    if (!proposal) throw notFound('proposal');
    if (accept && proposal.proposed_by === userId) throw new HttpError(409, 'billing.split.ownProposal');
    const parents = family.parents;
    const proposer = parents.find((p) => p.id === proposal.proposed_by);
    if (!accept) {
      await tx.execute(sql`update billing_splits set status = 'declined', decided_by = ${userId}, decided = ${now}
        where id = ${proposal.id}`);
      if (proposer && proposer.id !== userId)
        await enqueueMail(
          tx,
          splitMail('declined', {
            to: proposer.email_address,
            parentName: proposer.first_name,
            otherName: parents.find((p) => p.id === userId)?.first_name ?? '',
            rule: describeFor(proposal.rule, proposer.id, parents, await childNames(tx, proposal.rule)),
            appUrl: deps.appUrl,
            language: proposer.language,
          }),
        );
      return;
    }
    if (active) {
      await undoSplit(tx, active.id, payers, today, now);
      await tx.execute(
        sql`update billing_splits set status = 'ended', decided = ${now} where id = ${active.id}`,
      );
    }
    const starts = proposal.rule.kind !== 'none';
    await tx.execute(sql`update billing_splits set status = ${starts ? 'active' : 'ended'}, since = ${today}::date,
      decided_by = ${userId}, decided = ${now} where id = ${proposal.id}`);
    if (starts)
      await divideDues(
        tx,
        { id: proposal.id, rule: proposal.rule, since: today },
        payers,
        deps.clock.timeZone,
        now,
      );
    const names = await childNames(tx, proposal.rule);
    for (const parent of parents.filter((p) => !p.closed))
      await enqueueMail(
        tx,
        splitMail(starts ? 'accepted' : 'stopped', {
          to: parent.email_address,
          parentName: parent.first_name,
          otherName: parents.find((p) => p.id !== parent.id)?.first_name ?? '',
          rule: describeFor(proposal.rule, parent.id, parents, names),
          appUrl: deps.appUrl,
          language: parent.language,
        }),
      );
  });
}

/**
 * Divide every dated charge, plan fee and dated discount of the payers' places due on or after the split's
 * `since`. Idempotent: each source entry's moves have keys of their own, so dividing again posts only what is
 * new. A late fee is not divided: it belongs to the parent whose share was late.
 */
async function divideDues(
  tx: DbOrTx,
  split: { id: string; rule: StoredSplit; since: string },
  payers: string[],
  timeZone: string,
  now: Date,
): Promise<number> {
  const sources = await queryRows<{
    id: string;
    payer_user_id: string;
    kind: 'charge' | 'plan_fee' | 'discount';
    amount: number;
    class_session_id: number;
    student_id: string | null;
    due_on: string;
  }>(
    tx,
    sql`select e.id, e.payer_user_id, e.kind, e.amount, e.class_session_id, e.student_id,
        to_char(e.due_on, 'YYYY-MM-DD') as due_on
      from ledger_entries e
      where e.payer_user_id in ${uuidList(payers)} and e.class_session_id is not null and e.due_on >= ${split.since}::date
        and (e.kind in ('charge', 'plan_fee') or (e.kind = 'discount' and e.due_on is not null))
        -- Bills to come: a charge due the day it was posted (a deposit paid at the checkout) stays with its payer.
        and e.due_on > (e.created at time zone ${timeZone})::date
        and e.idempotency_key not like 'split:%' and e.idempotency_key not like 'split-undo:%'`,
  );
  const entries: NewEntry[] = [];
  for (const source of sources) {
    const shares = divideCharge(source.amount, source.payer_user_id, source.student_id, split.rule);
    for (const [parent, share] of Object.entries(shares)) {
      if (parent === source.payer_user_id || share === 0 || !payers.includes(parent)) continue;
      const place = {
        classSessionId: source.class_session_id,
        studentId: source.student_id,
        dueOn: source.due_on,
      };
      const key = `split:${split.id}:${source.id}:${parent}`;
      const isDiscount = source.kind === 'discount';
      entries.push(
        {
          ...place,
          payerUserId: source.payer_user_id,
          kind: isDiscount ? 'charge' : 'discount',
          amount: share,
          reference: 'Shared: the other parent’s part of this bill',
          idempotencyKey: `${key}:out`,
        },
        {
          ...place,
          payerUserId: parent,
          kind: source.kind,
          amount: share,
          reference: 'Your share of a shared bill',
          idempotencyKey: `${key}:in`,
        },
      );
    }
  }
  return (await postEntries(tx, entries, { createdBy: null, now })).length;
}

/** Undo a split's moves of bills due from `today` on: each of its entries gets its opposite, once. */
async function undoSplit(tx: DbOrTx, splitId: string, payers: string[], today: string, now: Date) {
  const moved = await queryRows<{
    id: string;
    payer_user_id: string;
    kind: string;
    amount: number;
    class_session_id: number;
    student_id: string | null;
    due_on: string;
  }>(
    tx,
    sql`select id, payer_user_id, kind, amount, class_session_id, student_id, to_char(due_on, 'YYYY-MM-DD') as due_on
      from ledger_entries where payer_user_id in ${uuidList(payers)} and due_on >= ${today}::date
        and idempotency_key like 'split:' || ${splitId} || ':%'`,
  );
  await postEntries(
    tx,
    moved.map((m) => ({
      payerUserId: m.payer_user_id,
      kind: m.kind === 'discount' ? 'charge' : 'discount',
      amount: m.amount,
      classSessionId: m.class_session_id,
      studentId: m.student_id,
      dueOn: m.due_on,
      reference: 'The bills are no longer shared this way',
      idempotencyKey: `split-undo:${m.id}`,
    })),
    { createdBy: null, now },
  );
}

/** The other parent's first name when `userId`'s family shares its bills now (a split is active), else null. */
export async function sharesBillsWith(db: DbOrTx, userId: string): Promise<string | null> {
  const family = await familyOf(db, userId);
  if (!family) return null;
  const { active } = await splitsOf(db, family.familyId);
  return active ? (family.parents.find((p) => p.id !== userId)?.first_name ?? null) : null;
}

/**
 * Divide any dues of `userId`'s family posted since the active split took effect (a new plan, a late fee), in
 * the caller's transaction; nothing outside a family with an active split. Answers the entries posted.
 */
export async function applyActiveSplit(
  tx: Tx | DbOrTx,
  userId: string,
  timeZone: string,
  now: Date,
): Promise<number> {
  const family = await familyOf(tx, userId);
  if (!family) return 0;
  const { active } = await splitsOf(tx, family.familyId);
  if (!active?.since) return 0;
  return divideDues(
    tx,
    { id: active.id, rule: active.rule, since: active.since },
    family.parents.map((p) => p.id),
    timeZone,
    now,
  );
}
