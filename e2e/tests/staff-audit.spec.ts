/**
 * The audit trail in the browser (issues 10 and 24): a parent adds an allergy in the portal's API and the director
 * finds the change on /staff/audit as a sentence with names (filtered by kind and words), opens its Details
 * with the keyboard for the values before and after, narrows the trail to the child, and downloads a CSV with
 * the same filters whose rows carry the page's sentence, who and when; a teacher has no Audit link and is told
 * the trail is the director's. The page, with a change's Details open, passes axe in light and dark at 390 and
 * 1280 px without sideways scrolling.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, TEACHER, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

test('the director finds a parent’s allergy change in the audit trail and downloads exactly the table', async ({
  page,
  request,
}) => {
  const parent = await createParent(request, { firstName: 'Noor', lastName: 'Haddad' });
  const auth = { authorization: `Bearer ${parent.token}` };
  const child = await request.post('/api/Student', {
    headers: auth,
    data: { firstName: 'Layla', lastName: 'Haddad', dateOfBirth: '2021-05-04' },
  });
  expect(child.status()).toBe(201);
  const childId = (await child.json()).id;
  const allergy = await request.post(`/api/Student/${childId}/Allergies`, {
    headers: auth,
    data: { name: 'Tree nuts' },
  });
  expect(allergy.status()).toBe(201);

  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/sessions', 'Sessions');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await page.getByLabel('Kind of change').selectOption({ label: 'Children’s allergies' });
  await page.getByLabel('Search').fill(childId);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`kind=children.*q=${childId}|q=${childId}.*kind=children`));
  const table = page.getByRole('region', { name: 'Audit trail table' });
  const sentence = 'Noor Haddad added the allergy “Tree nuts” for Layla Haddad.';
  const row = table.getByRole('row').filter({ hasText: sentence });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Noor Haddad');
  // The line the director reads is the sentence alone: no code, no record id.
  // The sentence is the row's header.
  await expect(row.getByRole('rowheader').locator('p').first()).toHaveText(sentence);

  // The raw values sit behind Details, a disclosure the keyboard opens.
  const summary = row.getByText('Details', { exact: true });
  await expect(row.getByText('allergy: Tree nuts')).toBeHidden();
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByText('allergy: Tree nuts')).toBeVisible();
  await expect(row.getByText('"allergy": "Tree nuts"')).toBeVisible();
  await expect(row).toContainText('Recorded as student.allergy.add');

  // The child's own trail, named, from the change.
  await row.getByRole('button', { name: 'Only this child’s changes' }).click();
  await expect(page).toHaveURL(new RegExp(`studentId=${childId}`));
  await expect(page.getByText('Only the changes about')).toContainText('Layla Haddad');
  await expect(table.getByRole('row').filter({ hasText: sentence })).toHaveCount(1);

  const onScreen = await table.getByRole('row').evaluateAll((rows) =>
    rows.slice(1).map((r) => {
      const cells = Array.from(r.querySelectorAll(':scope > :is(th, td)')) as HTMLElement[];
      return [
        cells[2]!.innerText.trim(),
        cells[1]!.innerText.trim(),
        cells[0]!.querySelector('p')!.innerText,
      ];
    }),
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-trail.csv');
  const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  const { parse } = await import('csv-parse/sync');
  const [header, ...rows] = parse(text) as string[][];
  expect(header).toEqual(['When', 'Who', 'What happened', 'Action', 'Record', 'Changes']);
  // The same filters: the same changes, each with the page's sentence, who and when.
  expect(rows.map((r) => r.slice(0, 3))).toEqual(onScreen);
  expect(rows[0]!.slice(3)).toEqual(['student.allergy.add', `Student ${childId}`, 'allergy: Tree nuts']);

  // The child's staff page leads to the same trail.
  await openPage(page, `/staff/children/${childId}`);
  await page.getByRole('link', { name: 'Everything about Layla in the audit trail' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/audit\\?studentId=${childId}$`));
  await expect(table.getByRole('row').filter({ hasText: sentence })).toHaveCount(1);
});

test('a teacher has no Audit link and is told the trail is the director’s', async ({ page, request }) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, '/staff/sessions', 'Sessions');
  await expect(
    page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Audit' }),
  ).toHaveCount(0);
  await page.goto('/staff/audit');
  await expect(page.getByText('The audit trail is the director’s')).toBeVisible();
});

test('the audit trail has no axe violations in light and dark at 390 and 1280 px', async ({
  page,
  request,
}) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/audit', 'Audit trail');
  await expect(page.getByRole('region', { name: 'Audit trail table' })).toBeVisible();
  // With a change's Details open, so the raw values and the buttons are scanned too.
  await page.locator('details > summary').first().click();
  await expect(page.locator('details[open]')).toHaveCount(1);
  await expectNoAxeViolationsInEveryTheme(page, 'audit trail', { noSidewaysScroll: true });
});
