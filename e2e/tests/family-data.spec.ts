/**
 * The family's own data (issue 13) in the browser: a family with a child and an allergy downloads one ZIP
 * from the portal's home (family.json with the child and the allergy, and the CSVs), then closes the account:
 * the password is asked again (its errors by the field), the family is signed out onto the login page, and
 * the old password no longer opens the account. Axe in light and dark on the home page and the dialog.
 */
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { createParent } from '../support/accounts.ts';
import { storeTokenBeforeLoad } from '../support/app.ts';
import { addChild, bearer } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { expect, test } from '../support/test.ts';

test('a family downloads everything the center holds about them in one file', async ({ page, request }) => {
  const parent = await createParent(request, { firstName: 'Amara', lastName: 'Whitfield' });
  const childId = await addChild(request, parent, 'Juniper');
  const allergy = await request.post(`/api/Student/${childId}/Allergies`, {
    headers: bearer(parent.token),
    data: { name: 'Kiwi' },
  });
  expect(allergy.status()).toBe(201);

  await storeTokenBeforeLoad(page, parent.token);
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Your family’s data' });
  await expect(section).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'portal home with the data section', {
    noSidewaysScroll: true,
  });

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download our data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bright-oak-family-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['family.json', 'children.csv', 'allergies.csv']),
  );
  const data = JSON.parse(strFromU8(files['family.json']!));
  expect(data.parents[0]).toMatchObject({ firstName: 'Amara', emailAddress: parent.emailAddress });
  expect(data.children[0]).toMatchObject({ firstName: 'Juniper', lastName: 'Whitfield' });
  expect(data.allergies[0]).toMatchObject({ child: 'Juniper', allergy: 'Kiwi' });
  expect(strFromU8(files['children.csv']!)).toContain('Juniper');
});

test('a family closes its account after typing the password again', async ({ page, request }) => {
  const parent = await createParent(request, { firstName: 'Tobias', lastName: 'Lindgren' });
  await addChild(request, parent, 'Elsa');
  await storeTokenBeforeLoad(page, parent.token);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Close our account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close our account' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Your password');
  await dialog.getByRole('button', { name: 'Close our account' }).click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(/Type your password to confirm/);
  await password.fill('not the right one');
  await dialog.getByRole('button', { name: 'Close our account' }).click();
  await expect(dialog.getByText('That password is not right')).toBeVisible();
  await expect(password).toBeFocused();
  await expectNoAxeViolationsInEveryTheme(page, 'close account dialog', { noSidewaysScroll: true });

  await password.fill(parent.password);
  await dialog.getByRole('button', { name: 'Close our account' }).click();
  await expect(page.getByText(/Your account is closed/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const login = await request.post('/api/UserAuthentication/Login', {
    data: { emailAddress: parent.emailAddress, password: parent.password },
  });
  expect(login.status()).toBe(401);
});
