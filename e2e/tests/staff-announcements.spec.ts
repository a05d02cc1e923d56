/**
 * Announcements on the staff side in the browser (issue 10): the demo teacher composes an announcement for a
 * session they teach, sees how many families each channel reaches and the text message's parts, and
 * schedules it; the director finds it in the list (filters in the URL), edits it and cancels it. A
 * keyboard-only pass through the compose form (errors by the fields, focus on the first). The list and
 * compose pages pass axe in light and dark at 390 and 1280 px without sideways scrolling.
 */
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, TEACHER, tokenFor } from '../support/staff.ts';
import { expect, type Page, test } from '../support/test.ts';

const TAUGHT = 'Little Scientists (Tuesday & Thursday)';

/** Press Tab until the focused element has the accessible `name` (keyboard only); fails after `max` presses. */
async function tabTo(page: Page, name: RegExp, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return [] as string[];
      const labelledBy = el.getAttribute('aria-labelledby');
      const byId = labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const labels = (el as HTMLInputElement).labels;
      return [
        el.getAttribute('aria-label') ?? '',
        byId,
        ...(labels ? Array.from(labels, (l) => l.textContent ?? '') : []),
        el.tagName === 'BUTTON' ? (el.textContent ?? '') : '',
      ].map((text) => text.trim());
    });
    if (label.some((text) => name.test(text))) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test('a teacher schedules an announcement for their session; the director edits it and cancels it', async ({
  page,
  browser,
  request,
}) => {
  // Many steps and three axe runs: a busy CI machine needs more than the default 30 s.
  test.slow();
  const title = uniqueMarker('Seed planting morning');
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, '/staff/announcements', 'Announcements');
  await page.getByRole('link', { name: 'New announcement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New announcement' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Sessions' }).click();
  // Only the teacher's own sessions are offered.
  await expect(page.getByRole('option', { name: 'Winter Morning Session' })).toHaveCount(0);
  await page.getByRole('option', { name: TAUGHT }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText(/^Reaches \d+ famil(y|ies): email to \d+ famil(y|ies)/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Category' }).fill('Garden');
  await page.getByRole('textbox', { name: 'Web message' }).click();
  await page.keyboard.type('Bring a small pot from home: we plant beans on Thursday.');
  await page
    .getByRole('textbox', { name: 'Email' })
    .fill('We plant beans on Thursday. Please send a small pot.');
  await page.getByRole('textbox', { name: 'Text message' }).fill('Bean planting Thursday: send a small pot!');
  await expect(page.getByText(/^53 characters with “Bright Oak:” · 1 text part$/)).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Text message preview' })).toHaveText(
    'Bright Oak: Bean planting Thursday: send a small pot!',
  );
  await expect(page.getByRole('figure', { name: 'Email preview' })).toContainText(`Subject: ${title}`);

  await page.getByRole('radio', { name: /At a time I choose/ }).check();
  await page.getByLabel(/^Send on/).fill('2030-01-15T09:00');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Scheduled 1 announcement. It goes out at the time you chose.')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/announcements$/);
  const mine = page
    .getByRole('region', { name: 'Announcements table' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(mine).toContainText('Scheduled');
  await expect(mine).toContainText(/Goes out Jan 15, 2030, 9:00\sAM/);

  // The director: the scheduled list (a link to it works), then edit and cancel.
  const director = await browser.newPage();
  await storeTokenBeforeLoad(director, await tokenFor(request, DIRECTOR));
  await openPage(director, '/staff/announcements?status=scheduled', 'Announcements');
  await expect(director.getByRole('radio', { name: 'Scheduled' })).toBeChecked();
  await expect(director.getByRole('link', { name: 'Winter family picnic' })).toBeVisible();
  await director.getByRole('link', { name: title }).click();
  await expect(director.getByRole('heading', { level: 1, name: 'Edit announcement' })).toBeVisible();
  await expect(director.getByRole('textbox', { name: 'Email' })).toHaveValue(
    'We plant beans on Thursday. Please send a small pot.',
  );
  await director.getByRole('textbox', { name: 'Title' }).fill(`${title} (moved)`);
  await director.getByLabel(/^Send on/).fill('2030-01-16T08:30');
  await director.getByRole('button', { name: 'Schedule' }).click();
  await expect(director.getByText(/^Saved\. It goes out on Jan 16, 2030, 8:30\sAM\.$/)).toBeVisible();
  await director.getByRole('link', { name: `${title} (moved)` }).click();
  await director.getByRole('button', { name: 'Cancel announcement' }).click();
  await director
    .getByRole('dialog', { name: 'Cancel it before it goes out?' })
    .getByRole('button', { name: 'Yes, cancel it' })
    .click();
  await expect(director.getByText('Cancelled. It will not be sent.')).toBeVisible();
  await director
    .locator('label')
    .filter({ hasText: /^Cancelled$/ })
    .click();
  await expect(director).toHaveURL(/status=cancelled/);
  await expect(director.getByRole('row').filter({ hasText: `${title} (moved)` })).toContainText(
    'before it went out',
  );
  await director.close();
});

test('keyboard only: the compose form shows errors by the fields, moves focus to the first, and sends', async ({
  page,
  request,
}) => {
  // Many steps and three axe runs: a busy CI machine needs more than the default 30 s.
  test.slow();
  const title = uniqueMarker('Lab coats day');
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, '/staff/announcements/new', 'New announcement');

  // Submitting empty: the first field in error (the sessions) takes the focus; the others say why too.
  await tabTo(page, /Send now/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Choose at least one of your sessions.')).toBeVisible();
  await expect(page.getByText('Give the announcement a title of at least 3 characters.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sessions' })).toBeFocused();

  await page.keyboard.type('Little');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await tabTo(page, /^Title/);
  await page.keyboard.type(title);
  await tabTo(page, /^Web message/);
  await page.keyboard.type('Lab coats on Tuesday: old shirts are perfect.');
  await tabTo(page, /^Email/);
  await page.keyboard.type('Tuesday is lab coats day: an old shirt is perfect.');
  await tabTo(page, /Send now/);
  await page.keyboard.press('Enter');
  // Nothing goes out before the confirmation says how many emails (issue 21 item 17); its Send button
  // has the focus, so Enter sends, and the dialog works with the keyboard alone.
  const confirm = page.getByRole('dialog', { name: 'Send it now?' });
  await expect(confirm.getByText(/^This sends \d+ emails? right away, to \d+ famil/)).toBeVisible();
  await expect(confirm.getByRole('button', { name: /^Send \d+ emails?$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(/^Sent 1 announcement; \d+ emails? and 0 text messages on their way\.$/),
  ).toBeVisible();
  const sent = page
    .getByRole('region', { name: 'Announcements table' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(sent).toContainText('Sent');
  await expect(sent).toContainText(/\d+ emails? · 0 texts/);
});

test('the announcement pages have no axe violations and no sideways scroll in light and dark at 390 and 1280 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // three pages, each scanned four times
  const sweep = { noSidewaysScroll: true };
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/announcements', 'Announcements');
  await expect(page.getByRole('link', { name: 'Winter family picnic' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'announcements', sweep);

  await page.getByRole('link', { name: 'Winter family picnic' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit announcement' })).toBeVisible();
  await expect(page.getByText(/^Reaches \d+ famil/)).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'edit announcement', sweep);

  await openPage(page, '/staff/announcements/new', 'New announcement');
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Give the announcement a title of at least 3 characters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Text message' }).fill('Picnic on Saturday!');
  await expectNoAxeViolationsInEveryTheme(page, 'new announcement with errors', sweep);
});
