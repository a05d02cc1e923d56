/**
 * Pickup passes from the family's side, end to end (issue 11): a parent adds a contact who may pick up,
 * issues them a pass with a PIN and shows it; the contact's email arrives over SMTP with a `/pass#…` link,
 * which opens the pass — QR code and all — in a browser that never logged in; the parent turns it off and the
 * holder's page says so. The contact page with its pass, the pass page and the attendance page pass axe in
 * both themes at 390 and 1280 px without sideways scrolling.
 */
import type { Browser } from '@playwright/test';
import { createParent, DEMO_PARENT } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { expectNoAxeViolationsInEveryTheme, waitForMail } from '../support/fixtures.ts';
import { expect, type Page, test, waitForApp } from '../support/test.ts';

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** An ISO date `years` before today (the browser's today). */
function birthDate(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/** Screenshots of the open page at a phone's and a desktop's size, for people to look at. */
async function screenshots(page: Page, name: string, outputPath: (file: string) => string) {
  for (const [label, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: outputPath(`${name}-${label}.png`), fullPage: true });
  }
}

/** A page in a fresh browser context: no token, no storage, as the adult's own phone would be. */
async function strangerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

test('a parent issues a pickup pass, the adult opens it from the email without logging in, and the parent turns it off', async ({
  page,
  request,
  browser,
}, info) => {
  // Two browsers, a mail, and three pages each scanned by axe four times.
  test.setTimeout(180_000);
  const parent = await createParent(request, { firstName: 'Amara', lastName: 'Okafor' });
  const auth = { authorization: `Bearer ${parent.token}` };
  for (const firstName of ['Maya', 'Leo']) {
    const child = await request.post('/api/Student', {
      headers: auth,
      data: { firstName, lastName: 'Okafor', dateOfBirth: birthDate(5) },
    });
    expect(child.status()).toBe(201);
  }
  const email = `${uniqueMarker('rosa')}@families.example`;
  await storeTokenBeforeLoad(page, parent.token);

  // The contact, added in the portal: may pick up, with an email address.
  await openPage(page, '/dashboard/emergency-contacts/new');
  await page.getByRole('textbox', { name: 'First name' }).fill('Rosa');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Rivera');
  await page.getByRole('textbox', { name: 'Relationship' }).fill('Grandparent');
  await page.getByRole('textbox', { name: 'Cell phone' }).fill('650 555 0142');
  await page.getByRole('textbox', { name: 'Email (optional)' }).fill(email);
  await page.getByRole('checkbox', { name: 'Can pick up' }).check();
  await page.getByRole('checkbox', { name: 'Maya Okafor' }).check();
  await page.getByRole('checkbox', { name: 'Leo Okafor' }).check();
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page).toHaveURL('/dashboard/emergency-contacts');
  await page.getByRole('heading', { level: 2, name: 'Rosa Rivera' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Rosa Rivera' })).toBeVisible();

  // The pass: a PIN refused by its field, then the pass issued.
  const panel = page.getByRole('region', { name: 'Pickup pass' });
  await expect(panel).toContainText(
    'A pickup pass lets Rosa check Leo and Maya in and out at our door with their phone.',
  );
  const pin = panel.getByRole('textbox', { name: 'PIN (4 to 6 digits)' });
  await pin.fill('12');
  await panel.getByRole('textbox', { name: 'Type the PIN again' }).fill('12');
  await panel.getByRole('button', { name: 'Issue pass' }).click();
  await expect(pin).toBeFocused();
  await expect(pin).toHaveAccessibleDescription(/Choose a PIN of 4 to 6 digits/);
  await pin.fill('482913');
  await panel.getByRole('textbox', { name: 'Type the PIN again' }).fill('482913');
  await panel.getByRole('button', { name: 'Issue pass' }).click();
  await expect(toast(page, 'Rosa’s pickup pass is ready.')).toBeVisible();
  await expect(panel.getByText('Active', { exact: true })).toBeVisible();
  await expect(panel.getByText(/^Valid until /)).toBeVisible();

  await panel.getByRole('button', { name: 'Show pass' }).click();
  const qr = panel.getByRole('img', { name: 'QR code for Rosa Rivera’s pickup pass' });
  await expect(qr).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  // The toast has gone (its close button is Mantine's, outside this page).
  await expect(toast(page, 'Rosa’s pickup pass is ready.')).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolationsInEveryTheme(page, 'the contact page with the pass', { noSidewaysScroll: true });
  await screenshots(page, 'contact-pass', info.outputPath.bind(info));
  // Printing prints the card alone: not the form around it, nor the card's own buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(qr).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.screenshot({ path: info.outputPath('contact-pass-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The email, as it travelled over SMTP: the link to the pass, with the code in its fragment.
  const mail = (await waitForMail([email, '/pass#'])).replace(/=\r?\n/g, '');
  const link = /(http:\/\/[^\s"<>]+\/pass#[0-9A-Z]{26})/.exec(mail)?.[1];
  expect(link, 'the pass link in the mail').toBeTruthy();
  expect(mail).not.toContain('482913');

  // The adult's phone: no login.
  const holder = await strangerPage(browser);
  try {
    await holder.goto(link!);
    await waitForApp(holder);
    await expect(holder.getByRole('heading', { level: 1, name: 'Rosa Rivera’s pickup pass' })).toBeVisible();
    await expect(holder.getByRole('img', { name: 'QR code for Rosa Rivera’s pickup pass' })).toBeVisible();
    await expect(holder.getByText('Leo and Maya')).toBeVisible();
    // The code leaves the address bar at once.
    await expect(holder).toHaveURL(/\/pass$/);
    await expect(holder.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolationsInEveryTheme(holder, 'the pass page', { noSidewaysScroll: true });
    await screenshots(holder, 'pass-page', info.outputPath.bind(info));
    await holder.emulateMedia({ media: 'print' });
    await expect(holder.getByRole('img', { name: 'QR code for Rosa Rivera’s pickup pass' })).toBeVisible();
    await expect(holder.getByRole('link', { name: 'Our Philosophy' }).first()).toBeHidden();
    await expect(holder.getByRole('button', { name: 'Print' })).toBeHidden();
    await holder.screenshot({ path: info.outputPath('pass-page-print.png'), fullPage: true });
    await holder.emulateMedia({ media: 'screen' });

    // A reload in the same tab still shows the pass.
    await holder.reload();
    await waitForApp(holder);
    await expect(holder.getByRole('heading', { level: 1, name: 'Rosa Rivera’s pickup pass' })).toBeVisible();

    // The parent turns the pass off; the holder's page says it no longer works.
    await panel.getByRole('button', { name: 'Turn off pass' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off pickup pass' });
    await expect(dialog).toContainText('Turn off Rosa Rivera’s pickup pass?');
    await dialog.getByRole('button', { name: 'Turn off pass' }).click();
    await expect(toast(page, 'Rosa’s pickup pass is turned off.')).toBeVisible();
    await expect(panel.getByText('Revoked', { exact: true })).toBeVisible();

    await holder.reload();
    await waitForApp(holder);
    await expect(holder.getByText('This pass does not work at our door right now')).toBeVisible();
    await expect(holder.getByText('This pass has been turned off by the family.')).toBeVisible();
    await expect(holder.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  } finally {
    await holder.context().close();
  }
});

test('the pass page without a code asks for it, and a wrong code is explained by the field', async ({
  page,
}) => {
  await openPage(page, '/pass', 'Open your pickup pass');
  const field = page.getByRole('textbox', { name: 'Pass code' });
  await field.fill('ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZ');
  await page.getByRole('button', { name: 'Open my pass' }).click();
  await expect(field).toHaveAccessibleDescription(/We could not find a pass with that code/);
  await expect(field).toBeFocused();
  await expectNoAxeViolationsInEveryTheme(page, 'the pass page asking for a code', {
    noSidewaysScroll: true,
  });
});

test('the demo family sees its drop-offs and pickups, filtered by child, on an accessible page', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/UserAuthentication/Login', {
    data: { emailAddress: DEMO_PARENT.emailAddress, password: DEMO_PARENT.password },
  });
  expect(login.status()).toBe(200);
  await storeTokenBeforeLoad(page, (await login.text()).trim());

  await openPage(page, '/dashboard/attendance', 'Attendance');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table).toContainText('Late Fall Bridge Weeks');
  await expect(table).toContainText(/Dropped off by|Picked up by/);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expectNoAxeViolationsInEveryTheme(page, '/dashboard/attendance', { noSidewaysScroll: true });
  await screenshots(page, 'attendance', info.outputPath.bind(info));
  await page.setViewportSize({ width: 1280, height: 900 });

  const child = page.getByRole('combobox', { name: 'Child' });
  const maya = await child.locator('option', { hasText: 'Maya' }).first().getAttribute('value');
  await child.selectOption(maya!);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`studentId=${maya}`));
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Maya');
  for (const text of await rows.allInnerTexts()) {
    if (!text.startsWith('Date')) expect(text).toContain('Maya');
  }
});
