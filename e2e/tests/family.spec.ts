/**
 * The family in the portal end to end (issue 4): a new parent adds a child with an allergy and an
 * emergency contact, edits and removes them, and sees them on the dashboard; validation messages sit by
 * their fields; the screens pass axe in both themes, at phone width too.
 */

import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { expect, type Page, test } from '../support/test.ts';

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** An ISO date `years` and `months` before today (the browser's today). */
function birthDate(years: number, months = 0): string {
  const d = new Date();
  d.setMonth(d.getMonth() - years * 12 - months);
  return d.toISOString().slice(0, 10);
}

test('a new family: next steps, a child with an allergy, an emergency contact, edits and removals, all on the dashboard', async ({
  page,
  request,
}) => {
  // A whole family's setup, about sixty steps: 20 s on a quiet machine, 32 s on a busy CI run.
  test.setTimeout(120_000); // a long flow: about 50 s on a busy 2-core CI machine
  const parent = await createParent(request, { firstName: 'Imani', lastName: 'Brooks' });
  await storeTokenBeforeLoad(page, parent.token);
  await openPage(page, '/dashboard', 'Welcome, Imani');
  const steps = page.getByRole('region', { name: 'Your next steps' });
  await expect(steps.getByRole('link', { name: 'Add a child' })).toBeVisible();
  await steps.getByRole('link', { name: 'Add a child' }).click();

  // Validation by the fields, focus on the first invalid one.
  await expect(page.getByRole('heading', { level: 1, name: 'Add a child' })).toBeVisible();
  await page.getByRole('button', { name: 'Add child' }).click();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await expect(page.getByText('Please enter the child’s first name')).toBeVisible();
  await page.getByLabel('Date of birth').fill(birthDate(2));
  await page.getByLabel('Date of birth').blur();
  await expect(page.getByText('Our programs are for children from 3½ to 12 years old')).toBeVisible();
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('123');
  await page.getByRole('textbox', { name: 'ZIP code' }).blur();
  await expect(page.getByText('Please enter a 5-digit ZIP code, like 94061')).toBeVisible();
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('');

  await page.getByRole('textbox', { name: 'First name' }).fill('Zuri');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Brooks');
  await page.getByLabel('Date of birth').fill(birthDate(5, 3));
  await page.getByRole('button', { name: 'Add child' }).click();
  await expect(toast(page, 'Zuri is added to your family.')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/my-students');
  await expect(page.getByRole('heading', { level: 2, name: 'Zuri Brooks' })).toBeVisible();

  // An allergy, and a duplicate refused by its field.
  await page.getByRole('link', { name: 'Add an allergy for Zuri' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add an allergy for Zuri' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Allergy' }).fill('Tree nuts');
  await page.getByRole('button', { name: 'Add allergy' }).click();
  await expect(toast(page, 'Tree nuts is on Zuri’s allergy list.')).toBeVisible();
  await page.getByRole('link', { name: 'Add an allergy for Zuri' }).click();
  await page.getByRole('textbox', { name: 'Allergy' }).fill('tree NUTS');
  await page.getByRole('button', { name: 'Add allergy' }).click();
  await expect(page.getByRole('textbox', { name: 'Allergy' })).toHaveAccessibleDescription(
    /This allergy is already on the list/,
  );
  await page.getByRole('textbox', { name: 'Allergy' }).fill('Penicillin');
  await page.getByRole('button', { name: 'Add allergy' }).click();
  await expect(toast(page, 'Penicillin is on Zuri’s allergy list.')).toBeVisible();

  // An emergency contact for Zuri.
  await openPage(page, '/dashboard/emergency-contacts/new');
  await page.getByRole('textbox', { name: 'First name' }).fill('Denise');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Brooks');
  await page.getByRole('textbox', { name: 'Relationship' }).fill('Grandparent');
  await page.getByRole('checkbox', { name: 'Receive text messages' }).check();
  await page.getByRole('checkbox', { name: 'Zuri Brooks' }).check();
  await page
    .getByRole('button', { name: /save|add/i })
    .last()
    .click();
  await expect(page.getByText('Add a cell phone number to send text messages')).toBeVisible();
  await page.getByRole('textbox', { name: 'Cell phone' }).fill('650 555 0177');
  await page.getByRole('checkbox', { name: 'Can pick up' }).check();
  await page
    .getByRole('button', { name: /save|add/i })
    .last()
    .click();
  await expect(page).toHaveURL('/dashboard/emergency-contacts');
  await expect(page.getByText('(650) 555-0177')).toBeVisible();

  // The dashboard shows them; the next steps are done.
  await openPage(page, '/dashboard', 'Welcome, Imani');
  const children = page.getByRole('region', { name: 'Your children' });
  await expect(children).toContainText('Zuri Brooks');
  await expect(children).toContainText('allergies: Penicillin, Tree nuts');
  const contacts = page.getByRole('region', { name: 'Emergency contacts' });
  await expect(contacts).toContainText('Denise Brooks');
  await expect(contacts).toContainText('Grandparent · can pick up');
  await expect(page.getByRole('region', { name: 'Your next steps' })).toHaveCount(0);

  // Edit the child and remove an allergy.
  await children.getByRole('link', { name: 'Zuri Brooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Zuri’s details' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Zuri Ann');
  await page.getByRole('button', { name: 'Remove Penicillin' }).click();
  await expect(toast(page, 'Penicillin is removed from Zuri’s allergies.')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Zuri Ann’s details are saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Zuri Ann Brooks' })).toBeVisible();

  // Remove the contact, then the child.
  await openPage(page, '/dashboard/emergency-contacts', 'Emergency contacts');
  await page.getByRole('heading', { level: 2, name: 'Denise Brooks' }).getByRole('link').click();
  await page.getByRole('button', { name: 'Delete contact' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /delete/i })
    .click();
  await expect(page).toHaveURL('/dashboard/emergency-contacts');
  await expect(page.getByRole('heading', { level: 2, name: 'Denise Brooks' })).toHaveCount(0);

  await openPage(page, '/dashboard/my-students', 'My students');
  await page.getByRole('link', { name: 'Edit details for Zuri Ann' }).click();
  await page.getByRole('button', { name: 'Remove Zuri Ann' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Zuri Ann is removed from your family.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No children yet' })).toBeVisible();
});

test('another family’s child is not found', async ({ page, request }) => {
  const owner = await createParent(request, { firstName: 'Owner' });
  const created = await request.post('/api/Student', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { firstName: 'Private', lastName: 'Child', dateOfBirth: birthDate(6) },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const stranger = await createParent(request, { firstName: 'Stranger' });
  await storeTokenBeforeLoad(page, stranger.token);
  await openPage(page, `/dashboard/my-students/${id}`, 'We couldn’t find that child');
  await expect(page.getByText('Private')).toHaveCount(0);
});

test('the family screens have no axe violations in light and dark at 390 and 1280 px', async ({
  page,
  request,
}, info) => {
  // Eight screens, each loaded once and scanned four times (the dashboard has sessions and announcements too).
  test.setTimeout(180_000);
  const parent = await createParent(request, { firstName: 'Lena' });
  const auth = { authorization: `Bearer ${parent.token}` };
  const child = (await (
    await request.post('/api/Student', {
      headers: auth,
      data: { firstName: 'Milo', lastName: 'Hart', dateOfBirth: birthDate(4, 2) },
    })
  ).json()) as { id: string };
  await request.post(`/api/Student/${child.id}/Allergies`, { headers: auth, data: { name: 'Dairy' } });
  const contact = (await (
    await request.post('/api/Student/Trustees', {
      headers: auth,
      data: {
        firstName: 'Rosa',
        lastName: 'Hart',
        relationship: 'Aunt or uncle',
        cellPhone: '(650) 555-0142',
        canPickup: true,
        studentIds: [child.id],
      },
    })
  ).json()) as { id: string };
  await storeTokenBeforeLoad(page, parent.token);

  const pages: Array<[string, string | undefined]> = [
    ['/dashboard', 'Welcome, Lena'],
    ['/dashboard/my-students', 'My students'],
    ['/dashboard/my-students/new', 'Add a child'],
    [`/dashboard/my-students/${child.id}`, 'Edit Milo’s details'],
    [`/dashboard/my-students/${child.id}/allergies/new`, 'Add an allergy for Milo'],
    ['/dashboard/emergency-contacts', 'Emergency contacts'],
    ['/dashboard/emergency-contacts/new', undefined],
    [`/dashboard/emergency-contacts/${contact.id}`, undefined],
  ];
  for (const [path, heading] of pages) {
    await openPage(page, path, heading);
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectNoAxeViolationsInEveryTheme(page, path);
    await page.screenshot({ path: info.outputPath(`${path.replaceAll('/', '_')}.png`), fullPage: true });
  }
});
