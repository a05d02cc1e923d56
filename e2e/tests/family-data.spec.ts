/**
 * "Download our data" (issue 13) in the browser: a family with a child and an allergy downloads one ZIP from
 * the portal's home; it holds family.json with the child and the allergy, and the CSVs. The home page passes
 * axe in light and dark with the section on it.
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
