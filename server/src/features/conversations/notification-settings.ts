/**
 * How a person hears about new messages (issue 25 "Notifications"): email and/or text, and their quiet hours
 * on the center's clock (`users.notify_email`, `notify_sms`, `quiet_from`, `quiet_until`; the center's
 * default is email, 8 pm to 7 am). Texts go to the account's mobile number (`users.sms`), which the person
 * may give or change here (`smsNumber`); choosing texts without one answers 400 by `sms`.
 */
import type { NotificationSettings, NotificationSettingsView } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';

type Row = {
  notify_email: boolean;
  notify_sms: boolean;
  quiet_from: string;
  quiet_until: string;
  sms: string | null;
};

const view = (r: Row): NotificationSettingsView => ({
  email: r.notify_email,
  sms: r.notify_sms && r.sms !== null,
  quietFrom: r.quiet_from,
  quietUntil: r.quiet_until,
  smsNumber: r.sms,
});

/** `userId`'s settings. */
export async function readNotificationSettings(
  db: DbOrTx,
  userId: string,
): Promise<NotificationSettingsView> {
  const [row] = await queryRows<Row>(
    db,
    sql`select notify_email, notify_sms, quiet_from, quiet_until, sms from users where id = ${userId}`,
  );
  return view(row!);
}

/** Change `userId`'s settings; a waiting notification keeps its time and is checked again when it is due. */
export async function updateNotificationSettings(
  db: DbOrTx,
  userId: string,
  input: NotificationSettings,
): Promise<NotificationSettingsView> {
  const number = input.smsNumber === undefined ? sql`sms` : sql`${input.smsNumber}::text`;
  const [row] = await queryRows<Row>(
    db,
    sql`update users set notify_email = ${input.email}, notify_sms = ${input.sms},
        quiet_from = ${input.quietFrom}, quiet_until = ${input.quietUntil}, sms = ${number}
      where id = ${userId} and (${!input.sms} or ${number} is not null)
      returning notify_email, notify_sms, quiet_from, quiet_until, sms`,
  );
  if (!row)
    throw new HttpError(400, 'messages.conversations.smsNeedsNumber', {
      fields: { sms: 'messages.conversations.smsNeedsNumber' },
    });
  return view(row);
}
