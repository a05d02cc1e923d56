/**
 * The demo's announcements (docs/architecture.md, Layers: the storage layer's seed; issue 10): two sent to the
 * Winter session's families and a family picnic the director has scheduled for three days from now.
 */
import type { Tx } from '../client.ts';
import { announcements } from '../schema.ts';
import { at9am } from './demo-dates.ts';

/** Insert the announcements; `winter` is the Winter Morning Session's id. */
export async function insertDemoAnnouncements(tx: Tx, today: string, winter: number): Promise<void> {
  await tx.insert(announcements).values([
    {
      title: 'Welcome to the Winter Morning Session!',
      category: 'Welcome',
      priority: 1,
      startDate: at9am(today, -7),
      endDate: at9am(today, 120),
      webMessage:
        'We can’t wait to meet everyone. Our first week is a gentle start: parents are welcome to stay for the first 20 minutes on Monday and Tuesday.',
      classSessionId: winter,
      sentAt: at9am(today, -7),
    },
    {
      title: 'Pajama & story morning on the last Friday',
      category: 'Event',
      priority: 0,
      startDate: at9am(today, -3),
      endDate: at9am(today, 115),
      webMessage:
        'Children may come in pajamas and bring one favourite book to share. Cocoa (dairy-free option too) at 10 am.',
      classSessionId: winter,
      sentAt: at9am(today, -3),
    },
    // Scheduled by the director (issue 10): the sweep sends it in three days; until then it waits in the
    // staff's announcements list, where it can still be edited or cancelled.
    {
      title: 'Winter family picnic',
      category: 'Event',
      priority: 1,
      webMessage:
        '<p>Join us for our <strong>winter family picnic</strong> in the garden on Saturday from 11 am to 1 pm. Bring a blanket and a dish to share if you like; we bring cocoa, fruit and music.</p>',
      emailMessage:
        'Join us for our winter family picnic in the garden on Saturday from 11 am to 1 pm. Bring a blanket and a dish to share if you like; we bring cocoa, fruit and music. Grandparents and siblings are welcome!',
      sendEmail: true,
      smsMessage:
        'Winter family picnic this Saturday, 11 am–1 pm in the garden. Bring a blanket; we bring cocoa!',
      sendSMS: true,
      sendAt: at9am(today, 3),
    },
  ]);
}
