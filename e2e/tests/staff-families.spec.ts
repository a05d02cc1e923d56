/**
 * Families and a child's page for staff (issue 10), in the browser: the director finds the demo family by a
 * child's name and by a phone number typed the way people type it, opens the family page and the child page
 * (allergies and who may pick up shown); the demo teacher finds only the families of their sessions, and a
 * direct link to another family is the not-found page. The three pages pass axe in light and dark at 390 and
 * 1280 px without sideways scrolling.
 */
import { DEMO_PARENT } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, TEACHER, tokenFor } from '../support/staff.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

const PARENT = { email: DEMO_PARENT.emailAddress, password: DEMO_PARENT.password };

/** The grandmother this spec adds to the demo family, and her cell as the family typed it. */
const GRANDMOTHER = { firstName: 'Ruth', lastName: 'Avery', cellPhone: '(650) 555-0178' };

// One worker: the demo family's allergy and contact are added once, before the first test.
test.describe.configure({ mode: 'serial' });

/** The demo parent gives Maya an allergy and a grandmother who may pick her up (through the parent's API). */
async function prepareDemoFamily(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenFor(request, PARENT)}` };
  const kids = (await (await request.get('/api/Student', { headers })).json()) as {
    id: string;
    firstName: string;
    allergies: { name: string }[];
  }[];
  const maya = kids.find((k) => k.firstName === 'Maya')!;
  if (!maya.allergies.some((a) => a.name === 'Peanuts')) {
    const res = await request.post(`/api/Student/${maya.id}/Allergies`, {
      headers,
      data: { name: 'Peanuts' },
    });
    expect(res.status()).toBe(201);
  }
  const contacts = (await (await request.get('/api/Student/Trustees', { headers })).json()) as {
    firstName: string;
  }[];
  if (!contacts.some((c) => c.firstName === GRANDMOTHER.firstName)) {
    const res = await request.post('/api/Student/Trustees', {
      headers,
      data: { ...GRANDMOTHER, relationship: 'Grandparent', canPickup: true, studentIds: [maya.id] },
    });
    expect(res.status()).toBe(201);
  }
}

async function demoFamilyId(request: APIRequestContext): Promise<string> {
  const res = await request.get(`/api/staff/families?q=${encodeURIComponent(PARENT.email)}`, {
    headers: { authorization: `Bearer ${await tokenFor(request, DIRECTOR)}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { userId: string }[] }).items[0]!.userId;
}

async function search(page: Page, words: string) {
  await page.getByRole('textbox', { name: 'Search families' }).fill(words);
  await page.getByRole('button', { name: 'Search' }).click();
}

test.beforeAll(async ({ request }) => {
  await prepareDemoFamily(request);
});

test('the director finds the demo family by a child’s name and by a phone, and opens the family and the child', async ({
  page,
  request,
}) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/sessions', 'Sessions');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Families' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Families' })).toBeVisible();

  await search(page, 'Maya');
  await expect(page).toHaveURL(/\/staff\/families\?q=Maya/);
  const table = page.getByRole('region', { name: 'Families table', exact: true });
  await expect(table.getByRole('link', { name: 'Jordan Avery' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Maya Avery' })).toBeVisible();
  // Another family with a Maya (the demo's Nguyen family) is found too; a family without one is not.
  await expect(table.getByRole('link', { name: 'Maya Nguyen' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Leo Garcia' })).toHaveCount(0);

  // The grandmother's cell is stored as +16505550178; typed with dashes it still matches.
  await search(page, '650-555-0178');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('link', { name: 'Jordan Avery' })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Families table', exact: true }).getByRole('row'),
  ).toHaveCount(2);

  await table.getByRole('link', { name: 'Jordan Avery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Avery’s family' })).toBeVisible();
  const children = page.getByRole('region', { name: 'Children table', exact: true });
  await expect(children.getByRole('row', { name: /Maya Avery/ })).toContainText('Peanuts');
  const contacts = page.getByRole('region', { name: 'Emergency contacts table', exact: true });
  await expect(contacts.getByRole('row', { name: /Ruth Avery/ })).toContainText('May pick up');
  await expect(contacts.getByRole('row', { name: /Ruth Avery/ })).toContainText('(650) 555-0178');
  await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();

  await children.getByRole('link', { name: 'Maya Avery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maya Avery' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Allergies' })).toBeVisible();
  await expect(page.getByText('Peanuts', { exact: true })).toBeVisible();
  const pickup = page.getByRole('region', { name: 'Who may pick up', exact: true });
  await expect(pickup).toContainText('Ruth Avery (Grandparent)');
  // The demo's bridge weeks (issue 11): Maya's drop-offs and pickups of the past weekdays.
  const checkIns = page.getByRole('region', { name: 'Check-ins table', exact: true });
  await expect(checkIns.getByRole('row', { name: /Late Fall Bridge Weeks/ }).first()).toBeVisible();
  // Who changed what: the parent added the allergy, and the director sees the value.
  const changes = page.getByRole('region', { name: 'Who changed what table', exact: true });
  await expect(changes.getByRole('row', { name: /student\.allergy\.add/ })).toContainText('allergy: Peanuts');
});

test('the teacher finds only the families of their sessions; another family’s page is not found', async ({
  page,
  request,
}) => {
  const avery = await demoFamilyId(request);
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, '/staff/families', 'Families');
  const table = page.getByRole('region', { name: 'Families table', exact: true });
  // Priya Patel's Aria is in Little Scientists, which the demo teacher teaches.
  await search(page, 'Aria');
  await expect(table.getByRole('link', { name: 'Priya Patel' })).toBeVisible();
  // Neither Maya is in the teacher's sessions.
  await search(page, 'Maya');
  await expect(page.getByText('No families match “Maya”.')).toBeVisible();
  await search(page, '(650) 555-0178');
  await expect(page.getByText('No families match “(650) 555-0178”.')).toBeVisible();

  await page.goto(`/staff/families/${avery}`);
  await expect(page.getByText('Oops! Looks like you followed a bad link.')).toBeVisible();
});

test('families, a family and a child have no axe violations in light and dark at 390 and 1280 px', async ({
  page,
  request,
}) => {
  test.slow(); // three pages, each scanned four times
  const avery = await demoFamilyId(request);
  const sweep = { noSidewaysScroll: true };
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/families?q=Avery', 'Families');
  await expect(page.getByRole('region', { name: 'Families table', exact: true })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'families', sweep);

  await openPage(page, `/staff/families/${avery}`, 'Jordan Avery’s family');
  await expect(page.getByRole('region', { name: 'Emergency contacts table', exact: true })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'family', sweep);

  await page
    .getByRole('region', { name: 'Children table', exact: true })
    .getByRole('link', { name: 'Maya Avery' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maya Avery' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Who changed what table', exact: true })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'child', sweep);
});
