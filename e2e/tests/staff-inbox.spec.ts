/**
 * The staff inbox in the browser (issue 10, "Inbox"): a visitor asks for a tour on the public form; the
 * director sees the new count in the staff navigation, opens the message, writes a reply, and the reply
 * arrives at the test SMTP server (Reply-To the center) while the item shows Replied. "Invite to register"
 * mails a sign-up link that opens the form with the family's name and email filled in. A teacher without
 * the inbox has no Inbox link. A header's button orders the list on the server, kept in the address. The inbox screens pass axe in light and dark at 390 and 1280 px, and a phone
 * never scrolls sideways.
 */
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { CENTER_EMAIL } from '../support/env.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInEveryTheme,
  waitForMail,
} from '../support/fixtures.ts';
import { DIRECTOR, TEACHER, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

/** The demo's tutoring family, whose item has a note thread (server/src/db/seed/demo-inbox.ts). */
const DEMO_THREAD = 'Priya Raman';

/** One header of a raw .eml message (headers end at the first blank line; folded lines are unfolded). */
function mailHeader(mail: string, name: string): string | undefined {
  const head = mail.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The body of a raw quoted-printable .eml, decoded enough to read sentences and links. */
function mailBody(mail: string): string {
  return mail
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/((?:=[0-9A-F]{2})+)/g, (encoded) =>
      Buffer.from(encoded.replace(/=/g, ''), 'hex').toString('utf8'),
    );
}

test('a tour request reaches the inbox; the director replies and the family receives it by email', async ({
  page,
  browser,
  request,
}) => {
  const marker = uniqueMarker('inbox');
  const lastName = `Visitor${marker.slice(-6)}`;
  const email = `sam.${marker}@example.com`;

  // A visitor asks for a tour on the public form, in a browser of their own.
  const visitor = await browser.newPage();
  await openPage(visitor, '/contact?tour=true', 'Schedule a Tour');
  await visitor.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await visitor.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await visitor.getByRole('textbox', { name: 'Email' }).fill(email);
  await visitor.getByRole('textbox', { name: 'Child’s name (optional)' }).fill('Juniper');
  await visitor
    .getByRole('textbox', { name: 'Message' })
    .fill(`Could we see the classrooms on a Thursday morning? ${marker}`);
  await visitor.getByRole('button', { name: 'Request a tour' }).click();
  await expect(visitor.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await visitor.close();

  // The director sees the count of new messages in the staff navigation, read as "Inbox, N new".
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/sessions', 'Sessions');
  const staffNav = page.getByRole('navigation', { name: 'Staff' });
  const inboxLink = staffNav.getByRole('link', { name: /^Inbox, \d+ new$/ });
  await expect(inboxLink).toBeVisible();
  await inboxLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByText(/^\d+ new$/)).toBeVisible();

  // Filters live in the URL: search for the family, and the link survives a reload.
  await page.getByRole('textbox', { name: 'Search the inbox' }).fill(lastName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${lastName}`));
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: `Sam ${lastName}` });
  await expect(row).toHaveCount(1);
  // The row shows its badges once, each in its own column.
  await expect(row.getByText('New', { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(row.getByText('Tour request').filter({ visible: true })).toHaveCount(1);
  await row.getByRole('link', { name: `Sam ${lastName}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Sam ${lastName}` })).toBeVisible();
  await expect(page.getByText(`Could we see the classrooms on a Thursday morning? ${marker}`)).toBeVisible();
  const reply = page.getByRole('textbox', { name: 'Your reply to Sam' });
  // An empty reply is refused by its field, with focus on it.
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Please write your reply.')).toBeVisible();
  await expect(reply).toBeFocused();
  await reply.fill('Thursday at 9:30 would be lovely — Juniper can help feed the garden snails.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Your reply is on its way to ${email}.` }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Status' })).toHaveValue('Replied');
  await expect(page.getByText('Emailed to the family by Elena Okafor')).toBeVisible();

  const mail = await waitForMail([`To: ${email}`, 'Subject: Your tour of Bright Oak Learning Center']);
  expect(mailHeader(mail, 'Reply-To')).toBe(CENTER_EMAIL);
  const body = mailBody(mail);
  expect(body).toContain('Hi Sam,');
  expect(body).toContain('Thursday at 9:30 would be lovely');
  expect(body).toContain('Elena Okafor');

  // Back in the list, the item is Replied.
  await page.getByRole('link', { name: '← Back to the inbox' }).click();
  await page.getByRole('textbox', { name: 'Search the inbox' }).fill(lastName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Sam ${lastName}` })
      .getByText('Replied', { exact: true })
      .filter({ visible: true }),
  ).toHaveCount(1);
});

test('a header of the inbox orders the rows on the server and keeps the order in the address', async ({
  page,
  request,
}) => {
  const marker = uniqueMarker('order');
  // Three messages of one search, written a moment apart: Ada first, then Cy, then Bo (the newest).
  for (const first of ['Ada', 'Cy', 'Bo']) {
    const sent = await request.post('/api/Contact', {
      data: {
        firstName: first,
        lastName: `Order${marker.slice(-6)}`,
        email: `${first}.${marker}@example.com`,
        message: `Sorting ${marker}`,
      },
    });
    expect(sent.status()).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, `/staff/inbox?q=${marker.slice(-6)}`, 'Inbox');
  const table = page.getByRole('region', { name: 'Inbox table' });
  const names = () => table.getByRole('rowheader').getByRole('link').allInnerTexts();
  const last = `Order${marker.slice(-6)}`;
  // New first, the newest first among them, until asked otherwise: all three are new.
  await expect.poll(names).toEqual([`Bo ${last}`, `Cy ${last}`, `Ada ${last}`]);
  await expect(table.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');

  await table.getByRole('button', { name: 'From' }).click();
  await expect(page).toHaveURL(/[?&]sort=from(&|$)/);
  await expect(page).toHaveURL(/[?&]dir=asc(&|$)/);
  await expect.poll(names).toEqual([`Ada ${last}`, `Bo ${last}`, `Cy ${last}`]);
  await expect(table.getByRole('columnheader', { name: 'From' })).toHaveAttribute('aria-sort', 'ascending');

  await table.getByRole('button', { name: 'Received' }).click();
  await expect(page).toHaveURL(/[?&]sort=received&dir=desc|[?&]dir=desc&sort=received/);
  await table.getByRole('button', { name: 'Received' }).click();
  await expect(page).toHaveURL(/[?&]dir=asc(&|$)/);
  await expect.poll(names).toEqual([`Ada ${last}`, `Cy ${last}`, `Bo ${last}`]);
  // The order is in the address: a reload keeps it.
  await page.reload();
  await expect.poll(names).toEqual([`Ada ${last}`, `Cy ${last}`, `Bo ${last}`]);
});

test('“Invite to register” mails a sign-up link that opens the form already filled in', async ({
  page,
  browser,
  request,
}) => {
  const marker = uniqueMarker('invite');
  const lastName = `Invitee${marker.slice(-6)}`;
  const email = `noor.${marker}@example.com`;
  const sent = await request.post('/api/Contact', {
    data: { firstName: 'Noor', lastName, email, message: `Is there room in the spring session? ${marker}` },
  });
  expect(sent.status()).toBe(204);
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, `/staff/inbox?q=${lastName}`, 'Inbox');
  await page.getByRole('link', { name: `Noor ${lastName}` }).click();
  await page.getByRole('button', { name: 'Invite to register' }).click();
  await expect(page.getByText(`We emailed Noor a link to create their account.`)).toBeVisible();

  const mail = mailBody(
    await waitForMail([`To: ${email}`, 'Subject: Create your Bright Oak Learning Center']),
  );
  const link = /https?:\/\/\S+\/register#\S+/.exec(mail)![0];
  const family = await browser.newPage();
  await family.goto(link);
  await expect(family.getByRole('textbox', { name: 'First name' })).toHaveValue('Noor');
  await expect(family.getByRole('textbox', { name: 'Last name' })).toHaveValue(lastName);
  await expect(family.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
  await family.close();
});

test('a teacher without the inbox sees no Inbox link and is told whom to ask', async ({ page, request }) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, '/staff/sessions', 'Sessions');
  const staffNav = page.getByRole('navigation', { name: 'Staff' });
  await expect(staffNav.getByRole('link', { name: 'Sessions' })).toBeVisible();
  await expect(staffNav.getByRole('link', { name: /Inbox/ })).toHaveCount(0);
  await page.goto('/staff/inbox');
  await expect(page.getByText('The inbox is not open to you yet')).toBeVisible();
});

test('the director gives a teacher the inbox on the team page, and can take it back', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, DIRECTOR);
  const marker = uniqueMarker('frontdesk');
  const lastName = `Desk${marker.slice(-6)}`;
  const invited = await request.post('/api/staff/team', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Rosa', lastName, emailAddress: `rosa.${marker}@example.com`, role: 'Staff' },
  });
  expect(invited.status()).toBe(201);
  const inboxOf = async () => {
    const team = (await (
      await request.get('/api/staff/team', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { lastName: string; inboxAccess: boolean }[];
    return team.find((m) => m.lastName === lastName)?.inboxAccess;
  };
  await storeTokenBeforeLoad(page, token);
  await openPage(page, '/staff/team', 'Team');
  const toggle = page.getByRole('switch', { name: `Rosa ${lastName} reads and answers the inbox` });
  await expect(toggle).not.toBeChecked();
  // The switches, and the "Invited" badge of someone who has not signed in yet, pass axe.
  await expectNoAxeViolations(page, 'team with an invited teacher');
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Rosa ${lastName} can now read and answer the inbox.`)).toBeVisible();
  await expect(toggle).toBeChecked();
  expect(await inboxOf()).toBe(true);
  await toggle.click();
  await expect(page.getByText(`Rosa ${lastName} no longer sees the inbox.`)).toBeVisible();
  expect(await inboxOf()).toBe(false);
});

test('the inbox screens have no axe violations in light and dark at 390 and 1280 px', async ({
  page,
  request,
}) => {
  test.slow(); // two pages, each scanned four times
  const sweep = { noSidewaysScroll: true };
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  // Searched, so the demo family is on the first page however many messages other tests have sent.
  await openPage(page, `/staff/inbox?q=${encodeURIComponent(DEMO_THREAD)}`, 'Inbox');
  await expect(page.getByRole('table')).toBeVisible();
  // The status shows at every width (in its column; on a phone the table scrolls sideways in its region).
  const demoRow = page.getByRole('row').filter({ hasText: DEMO_THREAD });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(demoRow.getByText('Contacted', { exact: true }).filter({ visible: true })).toHaveCount(1);
  }
  await expectNoAxeViolationsInEveryTheme(page, '/staff/inbox', sweep);
  await page.getByRole('link', { name: DEMO_THREAD }).click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO_THREAD })).toBeVisible();
  await expect(page.getByText('Staff note by Elena Okafor')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'inbox item', sweep);
});
