/**
 * Bulk actions from a roster (issue 24, "An app of its own"): the director chooses two children of different
 * families on a roster, opens "Message selected families", sees the announcements' preview and how many the
 * message reaches, sends it, and the mail arrives over SMTP for exactly those two families (the third family
 * on the roster, not chosen, hears nothing). The selection bar and the dialog pass axe in light and dark at
 * 390 and 1280 px, and so do the director's Withdraw selected… (each child's refund by the policy) and Move
 * selected… dialogs.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, enrollByHand, everyDaySession } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme, mailFiles, waitForMail } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

test('a bulk email with its preview: the director writes to two families chosen on a roster, and the mails arrive', async ({
  page,
  request,
}) => {
  test.slow(); // four axe sweeps of four scans each
  const director = await tokenFor(request, DIRECTOR);
  const stamp = `${Date.now()}`;
  const room = `Sunflower Room e2e-bulk-${stamp}`;
  const sessionId = await everyDaySession(request, director, room);
  const chen = await createParent(request, { firstName: 'Grace', lastName: `Chen${stamp}` });
  const rivera = await createParent(request, { firstName: 'Luis', lastName: `Rivera${stamp}` });
  const okafor = await createParent(request, { firstName: 'Ada', lastName: `Okafor${stamp}` });
  await enrollByHand(request, director, sessionId, [
    await addChild(request, chen, 'Lily'),
    await addChild(request, rivera, 'Mateo'),
    await addChild(request, okafor, 'Ava'),
  ]);

  await storeTokenBeforeLoad(page, director);
  await openPage(page, `/staff/sessions/${sessionId}`, room);
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toHaveCount(0);
  await page.getByRole('checkbox', { name: `Select Lily Chen${stamp}` }).check();
  await page.getByRole('checkbox', { name: `Select Mateo Rivera${stamp}` }).check();
  await expect(bar.getByText('2 children selected')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'roster with a selection', { noSidewaysScroll: true });

  await bar.getByRole('button', { name: 'Message selected families' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message selected families' });
  await expect(
    dialog.getByText(
      'Reaches 2 families: email to 2 families and 0 emergency contacts; text messages to 0 families and 0 emergency contacts.',
    ),
  ).toBeVisible();
  const subject = uniqueMarker('Sunflower seeds go home Friday');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog
    .getByRole('textbox', { name: 'Email' })
    .fill('Your child planted a sunflower seed this week. It comes home on Friday in a paper cup.');
  await dialog.getByRole('textbox', { name: 'Text message' }).fill('Sunflower cups come home Friday!');
  await expect(dialog.getByRole('figure', { name: 'Email preview' })).toContainText(`Subject: ${subject}`);
  await expect(dialog.getByRole('figure', { name: 'Email preview' })).toContainText(
    '— The Bright Oak Learning Center team',
  );
  await expect(dialog.getByRole('figure', { name: 'Text message preview' })).toHaveText(
    'Bright Oak: Sunflower cups come home Friday!',
  );
  await expect(dialog.getByText(/^44 characters with “Bright Oak:” · 1 text part$/)).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'message selected families dialog');

  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Send to 2 families' }).click();
  await expect(
    page.getByText('Sent to 2 families: 2 emails and 0 text messages on their way.'),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(bar).toHaveCount(0);

  for (const parent of [chen, rivera]) {
    const mail = await waitForMail([`To: ${parent.emailAddress}`, subject]);
    expect(mail.replace(/=\r?\n/g, '')).toContain('It comes home on Friday in a paper cup.');
  }
  expect(mailFiles().filter((m) => m.includes(okafor.emailAddress) && m.includes(subject))).toEqual([]);

  // The director's own bulk actions list every child's consequence before the one confirmation.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(bar.getByText('3 children selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Withdraw selected…' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw selected children' });
  await expect(withdraw.getByText(`Lily Chen${stamp}: no refund by the policy.`)).toBeVisible();
  await expect(withdraw.getByText(/^In all: \$0\.00\./)).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'withdraw selected children dialog');
  await withdraw.getByRole('button', { name: 'Cancel' }).click();
  await bar.getByRole('button', { name: 'Move selected…' }).click();
  const move = page.getByRole('dialog', { name: 'Move selected children' });
  await expect(move.getByRole('textbox', { name: /Move to/ })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'move selected children dialog');
  await move.getByRole('button', { name: 'Cancel' }).click();
  await expect(bar.getByText('3 children selected')).toBeVisible();
});

test('on the families search the director exports exactly the chosen families, and a new search lets the choice go', async ({
  page,
  request,
}) => {
  const director = await tokenFor(request, DIRECTOR);
  const stamp = `${Date.now()}`;
  const first = await createParent(request, { firstName: 'Nadia', lastName: `Haddad${stamp}` });
  const second = await createParent(request, { firstName: 'Tomas', lastName: `Lindqvist${stamp}` });
  await addChild(request, first, 'Yara');
  await addChild(request, second, 'Elsa');

  await storeTokenBeforeLoad(page, director);
  await openPage(page, '/staff/families', 'Families');
  await page.getByRole('textbox', { name: 'Search families' }).fill(stamp);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('checkbox', { name: `Select Nadia Haddad${stamp}` })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('2 families selected')).toBeVisible();

  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export selected' }).click();
  const file = await download;
  const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  const { parse } = await import('csv-parse/sync');
  expect(parse(text)).toEqual([
    ['Parent', 'Shares the account with', 'Children', 'Mobile', 'Email'],
    [`Nadia Haddad${stamp}`, '', `Yara Haddad${stamp}`, '', first.emailAddress],
    [`Tomas Lindqvist${stamp}`, '', `Elsa Lindqvist${stamp}`, '', second.emailAddress],
  ]);

  await page.getByRole('textbox', { name: 'Search families' }).fill(`Haddad${stamp}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('checkbox', { name: `Select Tomas Lindqvist${stamp}` })).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Select Nadia Haddad${stamp}` })).not.toBeChecked();
});
