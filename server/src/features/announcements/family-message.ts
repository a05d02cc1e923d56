/**
 * A message to chosen families from a staff list (issue 24: "email or text the selected families (with the
 * same preview and counts as announcements)"). The rows chosen name the families: parent accounts from the
 * families search and children from a roster.
 * - Scope (staff-visibility.ts, the families pages' one rule): the director any family; a teacher only the
 *   families of the children on their rosters, and for a family only those children. An id outside that
 *   scope, or unknown, answers 404 and nothing is sent, exactly like a family page.
 * - Who hears, by the announcements' rule (`recipientsFrom`): the family's parents with an open account
 *   (email always, texts when they gave a mobile number) and the children's active emergency contacts who
 *   chose email or texts; an address or number once. A family with no address for a channel is counted in
 *   the preview, never a failure.
 * - The email is queued in the mail outbox in the same transaction as its audit row (`family.message`); the
 *   texts go after the commit through the announcements' SMS path (`sendTexts`).
 * - Idempotent: the dialog's key is kept in the audit row; the same actor's same key again answers the first
 *   send and sends nothing (the actor's user row is locked first, so two clicks at once queue once).
 */
import type {
  AnnouncementReach,
  FamilyMessageInputParsed,
  FamilyMessageResult,
  FamilyMessageTargets,
} from '@lc/contract';
import { announcementSmsText } from '@lc/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { mailLanguage } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { visibleChild, visibleChildRows } from '../family/staff-visibility.ts';
import type { PendingText } from './announcement-delivery.ts';
import { announcementMail, type Recipient, recipientsFrom } from './announcements.ts';
import { reachOf } from './staff-announcements.ts';

export type FamilyMessageDeps = { db: Db; now: () => Date };

/** The families chosen, as the parent accounts named and the children whose parents and contacts hear. */
type Chosen = { parentIds: string[]; studentIds: string[] };

const idList = (ids: string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The families `user` chose (`targets`, de-duplicated): each family id must be a family `user` may see
 * (its visible children come with it), each child id a child they may see. 404 (`notFound.family` /
 * `notFound.child`) for any other, naming none.
 */
async function chosenFamilies(
  db: DbOrTx,
  user: AuthUser,
  now: Date,
  targets: { familyIds: string[]; childIds: string[] },
): Promise<Chosen> {
  const parentIds = [...new Set(targets.familyIds)];
  const studentIds = new Set<string>();
  for (const id of parentIds) {
    const children = isUuid(id) ? await visibleChildRows(db, now, user, id) : null;
    if (!children) throw notFound('family');
    for (const child of children) studentIds.add(child.id);
  }
  const childIds = [...new Set(targets.childIds)];
  if (childIds.length > 0) {
    if (!childIds.every(isUuid)) throw notFound('child');
    const found = await queryRows<{ id: string }>(
      db,
      sql`select s.id from students s where s.id in (${idList(childIds)})
        and ${visibleChild(user, now, sql`s.id`)}`,
    );
    if (found.length !== childIds.length) throw notFound('child');
    for (const id of childIds) studentIds.add(id);
  }
  return { parentIds, studentIds: [...studentIds] };
}

/**
 * Everyone the chosen families reach, row by row as `recipientRows` answers an announcement's: the parents
 * (the accounts chosen, their co-parents, and the accounts of the chosen children; open accounts only) and
 * the children's active emergency contacts with what each chose.
 */
async function familyRecipientRows(db: DbOrTx, chosen: Chosen): Promise<Recipient[]> {
  const none = sql`null::uuid`;
  const parents = chosen.parentIds.length > 0 ? idList(chosen.parentIds) : none;
  const kids = chosen.studentIds.length > 0 ? idList(chosen.studentIds) : none;
  const rows = await queryRows<{
    kind: 'parent' | 'contact';
    user_id: string | null;
    email: string | null;
    phone: string | null;
    wants_email: boolean;
    wants_sms: boolean;
    language: string;
  }>(
    db,
    sql`select 'parent' as kind, u.id::text as user_id, lower(u.email_address) as email, u.sms as phone,
        true as wants_email, u.sms is not null as wants_sms, u.language
      from users u
      where u.closed_at is null and (u.id in (${parents})
        or u.id in (select m.user_id from family_members m where m.family_id in
          (select f.family_id from family_members f where f.user_id in (${parents})))
        or u.id in (select us.user_id from user_students us where us.student_id in (${kids})))
    union
    select 'contact', null, lower(t.email_address), t.cell_phone, t.receive_email, t.receive_sms,
        coalesce((select p.language from user_trustees ut join users p on p.id = ut.user_id
          where ut.trustee_id = t.id order by p.created, p.id limit 1), 'en')
      from trustees t join student_trustees st on st.trustee_id = t.id
      where t.is_active and st.student_id in (${kids})`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    userId: r.user_id,
    email: r.email,
    phone: r.phone,
    wantsEmail: r.wants_email,
    wantsSms: r.wants_sms,
    language: mailLanguage(r.language),
  }));
}

/**
 * `POST /api/staff/families/message/reach`: how many families and contacts each channel reaches for the
 * chosen rows, the announcements' counts (`reachOf`). Sends nothing. 404 as {@link chosenFamilies}.
 */
export async function familyMessageReach(
  deps: FamilyMessageDeps,
  user: AuthUser,
  targets: Required<FamilyMessageTargets>,
): Promise<AnnouncementReach> {
  const chosen = await chosenFamilies(deps.db, user, deps.now(), targets);
  return reachOf(await familyRecipientRows(deps.db, chosen));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sentence the dialog shows after sending. */
function sentMessage(result: Omit<FamilyMessageResult, 'message'>): string {
  const what = `${plural(result.emailCount, 'email', 'emails')} and ${plural(result.smsCount, 'text message', 'text messages')}`;
  return result.replayed
    ? `This message was already sent to ${plural(result.families, 'family', 'families')} (${what}); nothing more went out.`
    : `Sent to ${plural(result.families, 'family', 'families')}: ${what} on their way.`;
}

/** The first answer to `user`'s `key`, read from its audit row; or null when the key is new. */
async function earlierSend(tx: DbOrTx, user: AuthUser, key: string): Promise<FamilyMessageResult | null> {
  const [row] = await tx
    .select({ after: auditEvents.after })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'family.message'),
        eq(auditEvents.actorUserId, user.id),
        sql`${auditEvents.after}->>'idempotencyKey' = ${key}`,
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  if (!row) return null;
  const after = row.after as { families?: number; emailCount?: number; smsCount?: number };
  const result = {
    families: after.families ?? 0,
    emailCount: after.emailCount ?? 0,
    smsCount: after.smsCount ?? 0,
    replayed: true,
  };
  return { ...result, message: sentMessage(result) };
}

/**
 * `POST /api/staff/families/message`: queue `input.emailMessage` (subject `input.subject`, the announcements'
 * sign-off in each reader's language) to every address the chosen families reach, and answer the texts to
 * send after the commit (`announcementSmsText`). One audit row (`family.message`) with the counts and the
 * key. 404 as {@link chosenFamilies}, with nothing queued. The same key again: the first answer, `replayed`.
 */
export async function messageFamilies(
  deps: FamilyMessageDeps,
  user: AuthUser,
  input: FamilyMessageInputParsed,
): Promise<{ result: FamilyMessageResult; texts: PendingText[] }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // One send at a time per staff member, so a double click finds the first one's audit row.
    await tx.execute(sql`select id from users where id = ${user.id}::uuid for update`);
    const earlier = await earlierSend(tx, user, input.idempotencyKey);
    if (earlier) return { result: earlier, texts: [] };
    const chosen = await chosenFamilies(tx, user, now, input);
    const rows = await familyRecipientRows(tx, chosen);
    const { emails, phones, languages } = recipientsFrom(rows);
    let emailCount = 0;
    if (input.emailMessage)
      for (const to of emails) {
        await enqueueMail(tx, announcementMail(to, input.subject, input.emailMessage, languages.get(to)));
        emailCount += 1;
      }
    const texts: PendingText[] = input.smsMessage
      ? phones.map((to) => ({ announcementId: null, to, body: announcementSmsText(input.smsMessage!) }))
      : [];
    const counts = {
      families: reachOf(rows).families,
      emailCount,
      smsCount: texts.length,
      replayed: false,
    };
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'family.message',
        entityType: 'FamilyMessage',
        entityId: input.idempotencyKey,
        before: null,
        after: {
          subject: input.subject,
          emailMessage: input.emailMessage,
          smsMessage: input.smsMessage,
          familyIds: chosen.parentIds,
          childIds: chosen.studentIds,
          families: counts.families,
          emailCount,
          smsCount: texts.length,
          idempotencyKey: input.idempotencyKey,
        },
      },
      now,
    );
    return { result: { ...counts, message: sentMessage(counts) }, texts };
  });
}
