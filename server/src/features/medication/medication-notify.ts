/**
 * Telling the parents (issue 26; decision 040), like an incident (incidents/incident-notify.ts): when a dose is
 * logged, corrected or voided, every parent of the child hears at once in their own language: a mail queued
 * in the write's transaction (it leaves only if the entry commits) and a web push to their devices after the
 * commit. A notice names only that child: one dose is always one child's.
 */
import { routes } from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { userStudents, users } from '../../db/schema.ts';
import { CENTER, clockTimeIn, longDateIn, mailT } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { PendingPush } from '../../ports.ts';
import { familyMail } from '../family/family-mail.ts';

/** The facts a notice names. */
export type NoticeDose = {
  studentId: string;
  childFirstName: string;
  sessionName: string;
  medication: string;
  dose: string;
  givenAt: Date;
  day: string;
  giver: string;
  note: string;
  authorizedBy: string;
};

/** What happened to the entry. */
export type DoseNotice =
  | { kind: 'given' }
  | { kind: 'corrected'; reason: string }
  | { kind: 'voided'; reason: string };

/**
 * Queue the mail of `notice` in `tx` for every parent of the dose's child and answer the pushes to send after
 * the commit ({@link sendMedicationPushes}).
 */
export async function notifyMedicationFamily(
  ctx: AppContext,
  tx: DbOrTx,
  dose: NoticeDose,
  notice: DoseNotice,
): Promise<PendingPush[]> {
  const parents = await tx
    .select({
      userId: users.id,
      firstName: users.firstName,
      email: users.emailAddress,
      language: users.language,
      hasPush: sql<boolean>`exists (select 1 from push_subscriptions p where p.user_id = "users"."id")`,
    })
    .from(userStudents)
    .innerJoin(users, eq(users.id, userStudents.userId))
    .where(eq(userStudents.studentId, dose.studentId))
    .orderBy(users.id);
  const link = `${ctx.config.appUrl}${routes.childMedication(dose.studentId)}`;
  const pushes: PendingPush[] = [];
  for (const parent of parents) {
    const language = parent.language ?? 'en';
    const t = mailT(language);
    const at = clockTimeIn(dose.givenAt, ctx.clock.timeZone, language);
    const child = dose.childFirstName;
    const facts = { child, medication: dose.medication, dose: dose.dose, at, center: CENTER };
    await enqueueMail(
      tx,
      familyMail(language, (m) =>
        notice.kind === 'given'
          ? {
              to: parent.email,
              firstName: parent.firstName,
              subject: m('medication.subject', facts),
              paragraphs: [
                m('medication.body', {
                  ...facts,
                  giver: dose.giver,
                  session: dose.sessionName,
                  signer: dose.authorizedBy,
                }),
                ...(dose.note ? [m('medication.note', { note: dose.note })] : []),
                m('medication.read', { link }),
              ],
            }
          : {
              to: parent.email,
              firstName: parent.firstName,
              subject: m(
                notice.kind === 'corrected' ? 'medication.correctedSubject' : 'medication.voidedSubject',
                {
                  child,
                },
              ),
              paragraphs: [
                m(notice.kind === 'corrected' ? 'medication.correctedBody' : 'medication.voidedBody', {
                  ...facts,
                  day: longDateIn(dose.day, language),
                  reason: notice.reason,
                }),
                m('medication.read', { link }),
              ],
            },
      ),
    );
    if (parent.hasPush)
      pushes.push({
        userId: parent.userId,
        payload:
          notice.kind === 'given'
            ? {
                title: t('push.medication', { child }),
                body: t('push.medicationBody', { dose: dose.dose, medication: dose.medication, at }),
                url: routes.childMedication(dose.studentId),
                tag: `medication-${dose.studentId}`,
              }
            : {
                title: t('push.medicationCorrected', { child }),
                body: t('push.medicationCorrectedBody'),
                url: routes.childMedication(dose.studentId),
                tag: `medication-${dose.studentId}`,
              },
        ttlSeconds: 24 * 60 * 60,
        urgency: 'normal',
      });
  }
  return pushes;
}

/** Send the pushes of {@link notifyMedicationFamily} in the background, after the commit. */
export function sendMedicationPushes(ctx: AppContext, pushes: PendingPush[]): void {
  if (pushes.length > 0) ctx.work.defer('push to families about medication', () => ctx.push.deliver(pushes));
}
