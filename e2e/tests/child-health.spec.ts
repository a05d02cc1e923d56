/**
 * A child's health record in the browser (issue 26; decision 035). A new family's Rafael is placed in a room
 * of the Morning Program, which asks for immunizations and a physical within 12 months (the demo's
 * requirements, both warnings). His parent opens his Health page, sees both missing, uploads an immunization
 * certificate (a PDF) valid until next year, and sees the immunizations complete and the document listed with
 * a link that opens it; the teacher's compliance list and his staff record show it. The Health page passes axe
 * in light and dark at 390 and 1280 px, in English and in Spanish; so do the staff's list and record.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, centerDate, enrollByHand } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('health').slice(-6);
const ROOM = `Bluebird Room ${marker}`;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
let roomId: number;
let director: string;
let parent: { token: string };
let rafael: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  director = await tokenFor(request, DIRECTOR);
  const programs = (await (
    await request.get('/api/staff/health-requirements', { headers: bearer(director) })
  ).json()) as Array<{ programId: number; name: string }>;
  const morning = programs.find((p) => p.name.startsWith('Morning Program'))!;
  const res = await request.post('/api/ClassSession', {
    headers: bearer(director),
    data: {
      name: ROOM,
      description: 'Stories, songs, painting and garden play, every morning.',
      sessionStartDate: centerDate(-7),
      sessionEndDate: centerDate(60),
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      registrationPrice: 40_000,
      rosterSize: 6,
      isActive: false,
      classSectionId: morning.programId,
    },
  });
  expect(res.status()).toBe(201);
  roomId = ((await res.json()) as { id: number }).id;
  parent = await createParent(request, { firstName: 'Camila', lastName: 'Ortega' });
  rafael = await addChild(request, parent as never, 'Rafael');
  await enrollByHand(request, director, roomId, [rafael]);
});

test('a parent uploads an immunization certificate and the center’s needs update', async ({ page }) => {
  await storeTokenBeforeLoad(page, parent.token);
  await openPage(page, `/dashboard/children/${rafael}/health`, 'Rafael’s health record');
  const needs = page.getByRole('region', { name: 'What the center still needs' });
  await expect(needs).toContainText('Immunizations up to date');
  await expect(needs.getByText('Missing')).toHaveCount(2);
  await expectNoAxeViolationsInEveryTheme(page, 'a child’s health record, nothing entered');

  const documents = page.getByRole('region', { name: 'Documents' });
  await documents.getByLabel('Kind of document').selectOption('ImmunizationCertificate');
  await documents.getByLabel('Valid until (optional)').fill(centerDate(300));
  await page.locator('input[type="file"]').setInputFiles({
    name: 'rafael-immunizations.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await documents.getByRole('button', { name: 'Upload document' }).click();
  await expect(documents.getByText('Immunization certificate · rafael-immunizations.pdf')).toBeVisible();
  await expect(needs.getByText('Missing')).toHaveCount(1);
  await expect(needs.getByText('Complete')).toBeVisible();
  const open = documents.getByRole('link', { name: 'Open' });
  const href = await open.getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');

  // A dose with a date in the future is refused by the field, with focus on it.
  const doses = page.getByRole('region', { name: 'Immunizations' });
  await doses.getByLabel('Vaccine').selectOption('MMR');
  await doses.getByLabel('Date given').fill(centerDate(3));
  await doses.getByRole('button', { name: 'Add dose' }).click();
  await expect(doses.getByLabel('Date given')).toBeFocused();
  await expect(doses.getByText('A dose can’t be given after today. Check the date.')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'a child’s health record with a document');
});

test('the staff see it on the compliance list and the child’s record', async ({ page }) => {
  await storeTokenBeforeLoad(page, director);
  await openPage(page, `/staff/health?session=${roomId}`, 'Health records');
  const row = page.getByRole('row', { name: /Rafael Ortega/ });
  await expect(row).toContainText('Complete');
  await expect(row).toContainText('Missing');
  await expectNoAxeViolationsInEveryTheme(page, 'the compliance list');
  await row.getByRole('link', { name: 'Rafael Ortega' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rafael Ortega: health record');
  await page.getByRole('button', { name: 'Mark rafael-immunizations.pdf checked' }).click();
  await expect(page.getByText(/Checked by .* on/).first()).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'a child’s staff health record');
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('the Health page passes axe in Spanish', async ({ page, request }) => {
    const language = await request.put('/api/UserAuthentication/Language', {
      headers: bearer(parent.token),
      data: { language: 'es' },
    });
    expect(language.status()).toBe(204);
    await storeTokenBeforeLoad(page, parent.token);
    await page.goto(`/dashboard/children/${rafael}/health`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Expediente de salud de Rafael');
    await expectNoAxeViolationsInEveryTheme(page, 'the Health page in Spanish', { noSidewaysScroll: true });
  });
});
