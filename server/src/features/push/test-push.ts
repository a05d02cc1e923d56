/**
 * "Send a test" (issue 25 "On the phone"): one notification to every device of the person, in their
 * language, that opens their notification settings; answered with what the push services said.
 */
import { routes } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { CENTER, mailT } from '../../i18n/family-mail.ts';
import type { PushDelivery, PushNotifier } from '../../ports.ts';

/** Send the test notification to `userId`'s devices now (a staff member's opens the staff settings page). */
export async function sendTestPush(db: Db, push: PushNotifier, userId: string): Promise<PushDelivery> {
  const [user] = await queryRows<{ language: string; type: string }>(
    db,
    sql`select language, type from users where id = ${userId}`,
  );
  const t = mailT(user?.language);
  const staff = user?.type === 'Staff' || user?.type === 'Admin';
  return push.deliver([
    {
      userId,
      payload: {
        title: t('push.testTitle'),
        body: t('push.testBody', { center: CENTER }),
        url: staff ? routes.staffNotifications : routes.notifications,
        tag: 'test',
      },
      // Worth nothing once the person has stopped waiting for it.
      ttlSeconds: 5 * 60,
      urgency: 'high',
    },
  ]);
}
