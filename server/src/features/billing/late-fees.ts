/**
 * Late fees by the session's policy (issue 23, decision 023): an instalment of a payment plan still owing
 * `plan_late_fee_days` days after its date gets the session's `plan_late_fee` (cents) once, as a `late_fee`
 * ledger entry due the day it is posted, and every parent of the family who gets mail is told. Run by the
 * background sweep before autopay (which then charges the fee with the rest of what is due). The ledger key
 * `late-fee:<payer>:<session>:<child>:<instalment date>` posts it once however many processes run; only the
 * plan's own dates get one, so a late fee never earns a late fee.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import type { AutopayDeps } from './autopay.ts';
import { postEntries } from './ledger.ts';
import { lateFeeMail } from './money-mail.ts';

type LateInstalment = {
  payer_user_id: string;
  class_session_id: number;
  student_id: string | null;
  student_key: string;
  due_on: string;
  owing: number;
  late_fee: number;
  days: number;
  session_name: string;
  child: string | null;
};

/** The key that posts an instalment's late fee once. */
export const lateFeeKey = (
  i: Pick<LateInstalment, 'payer_user_id' | 'class_session_id' | 'student_key' | 'due_on'>,
) => `late-fee:${i.payer_user_id}:${i.class_session_id}:${i.student_key}:${i.due_on}`;

async function lateInstalments(db: DbOrTx, today: string): Promise<LateInstalment[]> {
  return queryRows<LateInstalment>(
    db,
    sql`select d.payer_user_id, d.class_session_id,
        nullif(d.student_key, '00000000-0000-0000-0000-000000000000'::uuid) as student_id, d.student_key,
        to_char(d.due_on, 'YYYY-MM-DD') as due_on, d.owing, cs.plan_late_fee as late_fee,
        cs.plan_late_fee_days as days, cs.name as session_name, s.first_name as child
      from ledger_place_dues d
      join class_sessions cs on cs.id = d.class_session_id
      left join students s on s.id = nullif(d.student_key, '00000000-0000-0000-0000-000000000000'::uuid)
      where cs.plan_late_fee > 0 and d.owing > 0
        and d.due_on + cs.plan_late_fee_days <= ${today}::date
        and cs.plan_due_dates @> to_jsonb(to_char(d.due_on, 'YYYY-MM-DD'))
        and not exists (select 1 from ledger_entries e where e.idempotency_key =
          'late-fee:' || d.payer_user_id || ':' || d.class_session_id || ':' || d.student_key || ':' || to_char(d.due_on, 'YYYY-MM-DD'))
      order by d.due_on, d.payer_user_id
      limit 500`,
  );
}

/** Post every late fee due today (the center's date); answers how many were posted now. */
export async function postLateFees(deps: AutopayDeps): Promise<number> {
  const now = deps.clock.now();
  const today = deps.clock.today(now);
  let posted = 0;
  for (const late of await lateInstalments(deps.db, today)) {
    const fresh = await deps.db.transaction(async (tx) => {
      const ids = await postEntries(
        tx,
        [
          {
            payerUserId: late.payer_user_id,
            kind: 'late_fee',
            amount: late.late_fee,
            classSessionId: late.class_session_id,
            studentId: late.student_id,
            dueOn: today,
            reference: `Late fee: the instalment due ${late.due_on} was still unpaid ${late.days} days after its date`,
            idempotencyKey: lateFeeKey(late),
          },
        ],
        { createdBy: null, now },
      );
      if (ids.length === 0) return false;
      for (const to of await familyRecipients(tx, { userId: late.payer_user_id }))
        await enqueueMail(
          tx,
          lateFeeMail({
            to: to.emailAddress,
            parentName: to.firstName,
            fee: late.late_fee,
            owing: late.owing,
            days: late.days,
            sessionName: late.session_name,
            childName: late.child,
            dueOn: late.due_on,
            appUrl: deps.appUrl,
            language: to.language,
          }),
        );
      return true;
    });
    if (fresh) posted += 1;
  }
  return posted;
}
