/**
 * Telling the families (issue 26, part 3; decision 037): when a report is made (or a correction adds a child)
 * and when the director shares a follow-up, every parent of each involved child hears at once, in their own
 * language (`users.language`): a mail queued in the caller's transaction (so it leaves only if the report
 * commits) and a web push to each of their devices (features/push), sent after the commit like the door's
 * (passes/door-notify.ts). A parent hears about their own children only: every other child is "another child",
 * and a family with two children involved gets one mail naming both.
 */
import type { IncidentKind } from '@lc/contract';
import { routes } from '@lc/contract';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { userStudents, users } from '../../db/schema.ts';
import { CENTER, clockTimeIn, longDateIn, mailT, namesIn } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { PendingPush } from '../../ports.ts';
import { familyMail } from '../family/family-mail.ts';

/** The facts every notice of a report names. */
export type NoticeIncident = {
  id: string;
  sessionName: string;
  occurredAt: Date;
  day: string;
  place: string;
  kind: IncidentKind;
  whatHappened: string;
  firstAid: string;
  urgent: boolean;
};

/** What a notice says: the report itself, or a follow-up the director shared (its text). */
/**
 * What a family is told: a new report (or a correction that adds their child), the director's shared follow-up,
 * or a correction that takes their child out of a report they were told about (`removed`: no link, since the
 * report is no longer theirs to read).
 */
export type Notice = { kind: 'report' } | { kind: 'followUp'; note: string } | { kind: 'removed' };

type Parent = {
  userId: string;
  firstName: string;
  email: string;
  language: string;
  hasPush: boolean;
  children: string[];
};

/** Each parent of `studentIds`, with the first names of their own children among them. */
async function parentsOf(tx: DbOrTx, studentIds: readonly string[]): Promise<Parent[]> {
  if (studentIds.length === 0) return [];
  const rows = await tx
    .select({
      userId: users.id,
      firstName: users.firstName,
      email: users.emailAddress,
      language: users.language,
      child: sql<string>`(select s.first_name from students s where s.id = "user_students"."student_id")`,
      hasPush: sql<boolean>`exists (select 1 from push_subscriptions p where p.user_id = "users"."id")`,
    })
    .from(userStudents)
    .innerJoin(users, sql`${users.id} = ${userStudents.userId}`)
    .where(inArray(userStudents.studentId, [...studentIds]))
    .orderBy(users.id);
  const byUser = new Map<string, Parent>();
  for (const row of rows) {
    const parent = byUser.get(row.userId) ?? {
      userId: row.userId,
      firstName: row.firstName,
      email: row.email,
      language: row.language ?? 'en',
      hasPush: row.hasPush,
      children: [],
    };
    parent.children.push(row.child);
    byUser.set(row.userId, parent);
  }
  return [...byUser.values()].map((p) => ({ ...p, children: [...p.children].sort() }));
}

/**
 * Queue the mail of `notice` about `incident` in `tx` for every parent of `studentIds` and answer the pushes
 * to send after the commit ({@link sendIncidentPushes}).
 */
export async function notifyIncidentFamilies(
  ctx: AppContext,
  tx: DbOrTx,
  incident: NoticeIncident,
  studentIds: readonly string[],
  notice: Notice,
): Promise<PendingPush[]> {
  const parents = await parentsOf(tx, studentIds);
  const timeZone = ctx.clock.timeZone;
  const link = `${ctx.config.appUrl}${routes.incident(incident.id)}`;
  const pushes: PendingPush[] = [];
  for (const parent of parents) {
    const language = parent.language;
    const t = mailT(language);
    const children = namesIn(language, parent.children);
    const at = clockTimeIn(incident.occurredAt, timeZone, language);
    if (notice.kind === 'report') {
      await enqueueMail(
        tx,
        familyMail(language, (m) => ({
          to: parent.email,
          firstName: parent.firstName,
          subject: m(incident.urgent ? 'incident.subjectUrgent' : 'incident.subject', {
            children,
            center: CENTER,
          }),
          paragraphs: [
            m('incident.body', {
              session: incident.sessionName,
              what: incident.whatHappened,
              children,
              at,
              place: incident.place,
            }),
            ...(incident.urgent ? [m('incident.urgent')] : []),
            ...(incident.firstAid ? [m('incident.firstAid', { firstAid: incident.firstAid })] : []),
            m('incident.sign', { link }),
          ],
        })),
      );
      if (parent.hasPush)
        pushes.push({
          userId: parent.userId,
          payload: {
            title: t(incident.urgent ? 'push.incidentUrgent' : 'push.incident', { children }),
            body: t('push.incidentBody', {
              kind: t(`incidentCopy.kinds.${incident.kind}`),
              session: incident.sessionName,
              at,
            }),
            url: routes.incident(incident.id),
            tag: `incident-${incident.id}`,
          },
          ttlSeconds: 24 * 60 * 60,
          urgency: 'high',
        });
    } else if (notice.kind === 'removed') {
      await enqueueMail(
        tx,
        familyMail(language, (m) => ({
          to: parent.email,
          firstName: parent.firstName,
          subject: m('incident.removedSubject', { children }),
          paragraphs: [
            m('incident.removedBody', {
              day: longDateIn(incident.day, language),
              session: incident.sessionName,
              children,
            }),
          ],
        })),
      );
      if (parent.hasPush)
        pushes.push({
          userId: parent.userId,
          payload: {
            title: t('push.incidentRemoved'),
            body: t('push.incidentRemovedBody', { children }),
            url: routes.dashboard,
            tag: `incident-${incident.id}`,
          },
          ttlSeconds: 24 * 60 * 60,
          urgency: 'normal',
        });
    } else {
      await enqueueMail(
        tx,
        familyMail(language, (m) => ({
          to: parent.email,
          firstName: parent.firstName,
          subject: m('incident.followUpSubject', { children }),
          paragraphs: [
            m('incident.followUpBody', {
              day: longDateIn(incident.day, language),
              children,
              note: notice.note,
            }),
            m('incident.followUpRead', { link }),
          ],
        })),
      );
      if (parent.hasPush)
        pushes.push({
          userId: parent.userId,
          payload: {
            title: t('push.incidentFollowUp', { children }),
            body: t('push.incidentFollowUpBody'),
            url: routes.incident(incident.id),
            tag: `incident-${incident.id}`,
          },
          ttlSeconds: 24 * 60 * 60,
          urgency: 'normal',
        });
    }
  }
  return pushes;
}

/** Send the pushes of {@link notifyIncidentFamilies} in the background, after the commit. */
export function sendIncidentPushes(ctx: AppContext, pushes: PendingPush[]): void {
  if (pushes.length > 0) ctx.work.defer('push to families about an incident', () => ctx.push.deliver(pushes));
}
