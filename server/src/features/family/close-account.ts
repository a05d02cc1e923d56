/**
 * "Close our account" (issue 13, decision 013): after the parent types their password again, the family's
 * personal data is erased in one transaction, and payments stay for the center's accounting without personal
 * details. Refused while a child is enrolled in a session that has not ended, or while money is on its way
 * (a checkout in progress, a refund pending or due).
 *
 * Erased: the children (allergies, places, waitlist places, drop-offs and pickups), the contacts and their
 * pickup passes and photos, the family's contact and tutoring forms and the center's notes on them, the
 * emails the center sent them, the forms signed for the children and their signed PDFs (decision 036), their conversation with the center and its files (unless a co-parent keeps the
 * family), their sign-in links and counters, their devices for notifications, and the values the audit trail
 * recorded about them (blanked under the `lc.audit_redaction` exception of migration 0016), and their signatures on
 * incident reports (decision 037). Kept: the incident reports themselves (licensing), the children's names on them;
 * the medication log (decision 040: the child and the signature it was given under become null, the names as
 * logged stay); the account row as a
 * nameless tombstone ("Former family", `closed-<id>@accounts.invalid`, no password) so each payment keeps
 * its payer, and the payments' amounts, line items, statuses and refunds with their free text removed.
 */

import { sql } from 'drizzle-orm';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { queryRows, type Tx, uuidList } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { CENTER } from '../../i18n/family-mail.ts';
import { recordAudit } from '../audit/record.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { afterLeaving, leaveFamilyInTx } from './co-parents.ts';
import { familyMail } from './family-mail.ts';
import { lockFamilyMembers } from './members.ts';

/** What is left of a closed account's names and email. */
export const FORMER_FAMILY = { firstName: 'Former', lastName: 'family' } as const;

type Person = { first_name: string; last_name: string };

/**
 * Close the account of `userId` after checking `password`. 400 (field `password`) for a wrong password,
 * 403 for a staff account, 409 with the reason while a child is enrolled in a session that has not ended or
 * money is on its way. The parent is emailed a confirmation in their language (sent directly, so no copy
 * stays in the outbox).
 */
export async function closeAccount(ctx: AppContext, userId: string, password: string): Promise<void> {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const [account] = await queryRows<{
    type: string;
    password: string;
    email_address: string;
    first_name: string;
    language: string;
  }>(
    ctx.db,
    sql`select type, password, email_address, first_name, language from users where id = ${userId} and closed_at is null`,
  );
  if (!account) throw new HttpError(401, 'access.signIn');
  if (account.type !== 'Parent') throw new HttpError(403, 'family.close.staffAccount');
  if (!(await verifyPassword(account.password, password))) {
    throw new HttpError(400, 'family.close.wrongPassword', {
      fields: { password: 'family.close.wrongPasswordField' },
    });
  }
  const { photos, left } = await ctx.db.transaction(async (tx) => {
    // Every parent of the family, in one id order (the closing account among them), as other family writes do.
    await lockFamilyMembers(tx, userId);
    // A parent sharing the family (issue 13) leaves it first: the children stay with the other parents, so
    // only what is this account's own is refused over or erased (their own pickup contact included).
    const left = await leaveFamilyInTx(tx, userId, now);
    await refuseWhileBusy(tx, userId, today);
    return { photos: await erase(tx, userId, account.email_address, now), left };
  });
  afterLeaving(ctx, left);
  await tellRemainingParents(ctx, left.others);
  const storage = createStorage(ctx.config);
  for (const key of photos) await storage.delete(key).catch(() => {});
  try {
    await ctx.mailer.send(
      familyMail(account.language, (t) => ({
        to: account.email_address,
        firstName: null,
        subject: t('accountClosed.subject', { center: CENTER }),
        paragraphs: [t('accountClosed.body'), t('accountClosed.notYou'), t('accountClosed.thanks')],
      })),
    );
  } catch (error) {
    // The account is closed either way; the note goes to the log, not to a queue that would keep the address.
    ctx.work.defer('log a closure mail that failed', async () => {
      throw error;
    });
  }
}

/**
 * Tell the parents who still share the family that the other account was closed, without naming it (its
 * details are erased); sent directly, like the closure mail, each in their own language.
 */
async function tellRemainingParents(ctx: AppContext, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const parents = await queryRows<{ email_address: string; first_name: string; language: string }>(
    ctx.db,
    sql`select email_address, first_name, language from users where id in ${uuidList(userIds)} and closed_at is null`,
  );
  for (const parent of parents) {
    await ctx.mailer
      .send(
        familyMail(parent.language, (t) => ({
          to: parent.email_address,
          firstName: parent.first_name,
          subject: t('familyAccountClosed.subject'),
          paragraphs: [t('familyAccountClosed.body'), t('callIfUnexpected')],
        })),
      )
      .catch((error: unknown) =>
        ctx.work.defer('log a family notice that failed', async () => {
          throw error;
        }),
      );
  }
}

/** 409 while a child is enrolled in a session that has not ended, or money is on its way. */
async function refuseWhileBusy(tx: Tx, userId: string, today: string): Promise<void> {
  const [place] = await queryRows<{ first_name: string; name: string }>(
    tx,
    sql`select s.first_name, cs.name from class_session_enrollments e
      join students s on s.id = e.student_id join class_sessions cs on cs.id = e.class_session_id
      where e.student_id in (select student_id from user_students where user_id = ${userId})
        and e.status in ('Enrolled', 'PendingPayment') and cs.session_end_date >= ${today}
      order by cs.session_start_date limit 1`,
  );
  if (place) {
    throw new HttpError(409, 'family.close.childEnrolled', {
      params: { child: place.first_name, session: place.name },
    });
  }
  const [money] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from payments p where p.user_id = ${userId}
      and (p.status in ('Pending', 'RefundDue')
        or exists (select 1 from refunds r where r.payment_id = p.id and r.status = 'Pending'))`,
  );
  if ((money?.n ?? 0) > 0) {
    throw new HttpError(409, 'family.close.moneyPending');
  }
}

/** Erase the family's personal data inside `tx` (see the module comment); answers photo files to delete. */
async function erase(tx: Tx, userId: string, email: string, now: Date): Promise<string[]> {
  const children = await queryRows<{ id: string } & Person>(
    tx,
    sql`select s.id, s.first_name, s.last_name from students s
      where s.id in (select student_id from user_students where user_id = ${userId})
        and not exists (select 1 from user_students o where o.student_id = s.id and o.user_id <> ${userId})`,
  );
  const contacts = await queryRows<{ id: string } & Person>(
    tx,
    sql`select t.id, t.first_name, t.last_name from trustees t
      where t.id in (select trustee_id from user_trustees where user_id = ${userId})
        and not exists (select 1 from user_trustees o where o.trustee_id = t.id and o.user_id <> ${userId})`,
  );
  const [me] = await queryRows<Person>(tx, sql`select first_name, last_name from users where id = ${userId}`);
  const childIds = children.map((c) => c.id);
  const contactEmails = await queryRows<{ email: string }>(
    tx,
    sql`select lower(t.email_address) as email from trustees t
      where t.id in (select trustee_id from user_trustees where user_id = ${userId}) and t.email_address is not null`,
  );
  const contactIds = contacts.map((c) => c.id);
  const passes = await queryRows<{ id: string; image_url: string | null }>(
    tx,
    sql`select p.id, p.image_url from digital_passports p
      join trustee_passports tp on tp.passport_id = p.id where tp.trustee_id in ${uuidList(contactIds)}`,
  );
  const passIds = passes.map((p) => p.id);

  // The audit trail: blank what it recorded about this family (rows about them, or naming them).
  const names = [me, ...children, ...contacts]
    .filter((p): p is Person => Boolean(p))
    .map((p) => `${p.first_name} ${p.last_name}`);
  const mentions = [email, ...names].map((text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  // `… ilike any (${mentioned})`: a text that names the family anywhere.
  const mentioned = sql`array[${sql.join(
    mentions.map((m) => sql`${m}`),
    sql`, `,
  )}]`;
  await tx.execute(sql`select set_config('lc.audit_redaction', 'on', true)`);
  await tx.execute(sql`update audit_events set before = null, after = '{"redacted":"family account closed"}'::jsonb
    where entity_id in (${sql.join(
      [userId, ...childIds, ...contactIds, ...passIds].map((id) => sql`${id}`),
      sql`, `,
    )})
      or before::text ilike any (${mentioned})
      or after::text ilike any (${mentioned})`);
  await tx.execute(sql`select set_config('lc.audit_redaction', 'off', true)`);

  // Forms signed for the children, and the family's forms when no co-parent keeps the family (decision 036):
  // the rows go now, their PDFs after commit.
  const signed = await queryRows<{ id: string; pdf_key: string }>(
    tx,
    sql`select id, pdf_key from form_signatures where student_id in ${uuidList(childIds)}
      or (student_id is null and signer_user_id = ${userId} and not exists (select 1 from user_students a
        join user_students b on b.student_id = a.student_id and b.user_id <> ${userId} where a.user_id = ${userId}))`,
  );
  await tx.execute(sql`delete from form_signatures where id in ${uuidList(signed.map((f) => f.id))}`);
  // Children and everything hanging from them.
  // Children and everything hanging from them (their health records go with them by cascade; the health
  // documents' files leave the storage after commit, decision 035).
  const healthFiles = await queryRows<{ storage_key: string }>(
    tx,
    sql`select storage_key from health_documents where student_id in ${uuidList(childIds)}`,
  );
  await tx.execute(sql`delete from class_session_enrollments where student_id in ${uuidList(childIds)}`);
  await tx.execute(
    sql`delete from waitlist_submissions where student_id in ${uuidList(childIds)} or user_id = ${userId}`,
  );
  await tx.execute(sql`delete from students where id in ${uuidList(childIds)}`);
  // Contacts, their passes (and devices' registrations of them) and photos.
  await tx.execute(sql`delete from digital_passports where id in ${uuidList(passIds)}`);
  await tx.execute(sql`delete from trustees where id in ${uuidList(contactIds)}`);
  await tx.execute(sql`delete from user_students where user_id = ${userId}`);
  await tx.execute(sql`delete from user_trustees where user_id = ${userId}`);
  // The calendar subscription address stops working with the account (issue 24).
  await tx.execute(sql`delete from calendar_feeds where user_id = ${userId}`);
  // The family's signatures on incident reports (decision 037): those about its children go with them; a
  // parent's own signatures too. The reports stay with the center, as licensing requires.
  await tx.execute(sql`delete from incident_acknowledgements where signer_id = ${userId}`);
  // The devices that got web push notifications (decision 034): a closed account hears nothing more.
  await tx.execute(sql`delete from push_subscriptions where user_id = ${userId}`);
  // Their conversation with the center (decision 032): still named by this account only when no other parent
  // shares the family (leaving passed it to one who stays), so it goes with its messages, reads and files; the
  // files leave the storage after commit. In a shared family the conversation stays, their words with it.
  const files = await queryRows<{ storage_key: string }>(
    tx,
    sql`select x.storage_key from message_attachments x
      join conversation_messages m on m.id = x.message_id
      join conversations c on c.id = m.conversation_id where c.family_user_id = ${userId}
      union all select storage_key from message_attachments where uploader_id = ${userId} and message_id is null`,
  );
  await tx.execute(sql`delete from conversations where family_user_id = ${userId}`);
  await tx.execute(sql`delete from message_attachments where uploader_id = ${userId} and message_id is null`);
  await tx.execute(sql`delete from conversation_reads where user_id = ${userId}`);
  await tx.execute(sql`delete from message_alerts where user_id = ${userId}`);
  // What they sent the center and what it sent them.
  await tx.execute(sql`delete from inbox_entries where contact_submission_id in
    (select id from contact_submissions where lower(email) = lower(${email}))
    or tutoring_submission_id in (select id from tutoring_waitlist_submissions where lower(email_address) = lower(${email}))`);
  await tx.execute(sql`delete from contact_submissions where lower(email) = lower(${email})`);
  await tx.execute(
    sql`delete from tutoring_waitlist_submissions where lower(email_address) = lower(${email})`,
  );
  // Mail to them, to their contacts (a pass sent to a grandmother), or naming them (the center's copies).
  const addresses = [email.toLowerCase(), ...contactEmails.map((c) => c.email)];
  await tx.execute(
    sql`delete from mail_outbox where lower("to") in (${sql.join(
      addresses.map((a) => sql`${a}`),
      sql`, `,
    )}) or text ilike any (${mentioned}) or subject ilike any (${mentioned})`,
  );
  await tx.execute(sql`delete from user_tokens where user_id = ${userId}`);
  await tx.execute(
    sql`delete from family_invitations where invited_by = ${userId} or email_address = ${email.toLowerCase()}`,
  );
  await tx.execute(sql`delete from auth_throttle where key like ${`%:${email.toLowerCase()}`}`);
  // Payments stay for the accounts, without personal details or free text.
  await tx.execute(sql`update payments set email_address = null, phone_number = null, checkout_json = null,
    charge_json = null, receipt_url = null, checkout_url = null, note = null where user_id = ${userId}`);
  await tx.execute(sql`update refunds set reason = 'Removed when the family closed their account'
    where payment_id in (select id from payments where user_id = ${userId})`);
  // The account itself: a nameless tombstone nobody can sign in to.
  await tx.execute(sql`update users set first_name = ${FORMER_FAMILY.firstName}, last_name = ${FORMER_FAMILY.lastName},
    email_address = ${`closed-${userId}@accounts.invalid`}, password = '!closed', sms = null,
    email_confirmed_at = null, token_version = token_version + 1, closed_at = ${now.toISOString()}
    where id = ${userId}`);
  await recordAudit(
    tx,
    {
      actorUserId: userId,
      action: 'family.close',
      entityType: 'User',
      entityId: userId,
      before: null,
      after: { children: childIds.length, contacts: contactIds.length, passes: passIds.length },
    },
    now,
  );
  return [
    ...passes.map((p) => p.image_url).filter((key): key is string => Boolean(key)),
    ...files.map((f) => f.storage_key),
    ...signed.map((f) => f.pdf_key),
    ...healthFiles.map((f) => f.storage_key),
  ];
}
