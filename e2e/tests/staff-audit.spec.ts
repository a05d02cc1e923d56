/**
 * The audit trail in the browser (issue 10): a parent adds an allergy in the portal's API and the director
 * finds the change on /staff/audit (who, what, before and after), filters it by kind, and downloads a CSV that
 * holds exactly the table's rows; a teacher has no Audit link and is told the trail is the director's. The
 * page passes axe in light and dark at 390 and 1280 px without sideways scrolling.
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
  await page.getByLabel('Kind of record').selectOption({ label: 'Children' });
  await page.getByLabel('Search').fill(childId);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(
    new RegExp(`entityType=Student.*q=${childId}|q=${childId}.*entityType=Student`),
  );
  const table = page.getByRole('region', { name: 'Audit trail table' });
  const row = table.getByRole('row').filter({ hasText: 'student.allergy.add' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Noor Haddad');
  await expect(row).toContainText('allergy: Tree nuts');

  const onScreen = await table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows
        .slice(1)
        .map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.innerText.replace(/\n/g, '; ').trim())),
    );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-trail.csv');
  const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  const { parse } = await import('csv-parse/sync');
  const [header, ...rows] = parse(text) as string[][];
  expect(header).toEqual(['When', 'Who', 'What', 'Record', 'Changes']);
  expect(rows).toEqual(onScreen);
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
  await expectNoAxeViolationsInEveryTheme(page, 'audit trail', { noSidewaysScroll: true });
});
