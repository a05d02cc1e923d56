/**
 * Incident reports in the browser (issue 26, part 3; decision 037). A session meeting every day with its own
 * teacher and two families, the Quinteros (Lucia) and the Abebes (Dawit). On a 390 px phone the teacher opens
 * the session's day, taps "Report an incident", and reports a bumped head involving both children. Lucia's
 * mother reads the family's copy — Lucia named, Dawit only "another child" — and signs it with her full name.
 * The director reviews it and shares a follow-up. Every new page passes axe in light and dark at 390 and
 * 1280 px, in English and in Spanish.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, enrollByHand, everyDaySession, newTeacher } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, type StaffLogin, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('incident').slice(-6);
const ROOM = `Kingfisher Room ${marker}`;
const PLACE = `Reading corner ${marker}`;
let roomId: number;
let TEACHER: StaffLogin;
let quintero: { token: string };
let abebe: { token: string };
let lucia: string;
let dawit: string;
let incidentPath = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const director = await tokenFor(request, DIRECTOR);
  roomId = await everyDaySession(request, director, ROOM);
  const teacher = await newTeacher(request, director);
  TEACHER = teacher.login;
  const taught = await request.put(`/api/staff/sessions/${roomId}/teachers`, {
    headers: bearer(director),
    data: { userIds: [teacher.userId] },
  });
  expect(taught.status()).toBe(200);
  quintero = await createParent(request, { firstName: 'Marisol', lastName: 'Quintero' });
  abebe = await createParent(request, { firstName: 'Selam', lastName: 'Abebe' });
  lucia = await addChild(request, quintero as never, 'Lucia');
  dawit = await addChild(request, abebe as never, 'Dawit');
  await enrollByHand(request, director, roomId, [lucia, dawit]);
});

test('on a phone the teacher reports an incident from the session’s day in a few taps', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, `/staff/sessions/${roomId}/day`, `${ROOM}: the day`);
  await page.getByRole('link', { name: 'Report an incident' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report an incident');
  await expect(page.getByLabel('Session')).toBeDisabled();
  // Nothing chosen: the errors sit by their fields and focus goes to the first.
  await page.getByRole('button', { name: 'Report and tell the families' }).click();
  await expect(page.getByLabel('Where it happened')).toBeFocused();
  await expect(page.getByText('Say where it happened.')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the incident form with its errors');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByLabel('Where it happened').fill(PLACE);
  await page
    .getByLabel('What happened')
    .fill('Two children stood up under the reading table at once and bumped heads.');
  await page
    .getByLabel('First aid given')
    .fill('Cold packs for ten minutes; both were checked every fifteen minutes.');
  await page.getByRole('switch', { name: 'Head injury, or 911 was called' }).check();
  await page.getByRole('checkbox', { name: /Lucia Quintero/ }).check();
  await page.getByRole('checkbox', { name: /Dawit Abebe/ }).check();
  await page
    .getByLabel('What happened to Lucia Quintero (optional)')
    .fill('A small bump above her left eyebrow.');
  await page.getByRole('switch', { name: 'A parent of Lucia Quintero was called' }).check();
  await page.getByRole('button', { name: 'Report and tell the families' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Incident in ${ROOM}`);
  incidentPath = new URL(page.url()).pathname;
  await expect(page.getByText('Lucia Quintero')).toBeVisible();
  await expect(page.getByText('Dawit Abebe')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Correct the report' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the staff’s incident report');
});

test('Lucia’s mother is told on her dashboard, reads a copy naming only Lucia, and signs it', async ({
  page,
}) => {
  await storeTokenBeforeLoad(page, quintero.token);
  await openPage(page, '/dashboard');
  const notice = page.getByRole('region', { name: 'An incident report needs your signature' });
  await expect(notice).toContainText('Lucia');
  await expect(notice).not.toContainText('Dawit');
  await expectNoAxeViolationsInEveryTheme(page, 'the dashboard with the incident notice');
  await notice.getByRole('link', { name: 'Read and sign' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Incident report');
  await expect(page.getByText('About Lucia')).toBeVisible();
  await expect(page.getByText(/Another child was also involved/)).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Dawit');
  await expectNoAxeViolationsInEveryTheme(page, 'the family’s incident report');

  await page.getByLabel('Your full name').fill('Marisol Q');
  await page.getByLabel('I have read this incident report.').check();
  await page.getByRole('button', { name: 'Sign the report' }).click();
  await expect(page.getByLabel('Your full name')).toBeFocused();
  await expect(page.getByText(/Type your full name exactly as it appears on your account/)).toBeVisible();
  await page.getByLabel('Your full name').fill('Marisol Quintero');
  await page
    .getByLabel('A comment or question (optional)')
    .fill('Thank you for calling. Should we watch for anything tonight?');
  await page.getByRole('button', { name: 'Sign the report' }).click();
  await expect(page.getByText(/Signed by Marisol Quintero on/)).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the signed incident report');
  await openPage(page, '/dashboard/incidents', 'Incident reports');
  await expect(page.getByText('Signed', { exact: true })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the family’s incident reports');
});

test('the director sees the signature, reviews the report and shares a follow-up', async ({
  page,
  request,
}) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, `/staff/incidents?session=${roomId}`, 'Incidents');
  await expect(page.getByRole('cell', { name: 'Lucia Quintero, Dawit Abebe' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the staff’s incidents list');
  await openPage(page, incidentPath, `Incident in ${ROOM}`);
  await expect(page.getByText('Signed by Marisol Quintero', { exact: false })).toBeVisible();
  await expect(page.getByText(/Should we watch for anything tonight/)).toBeVisible();
  await page.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(page.getByText(/Reviewed by/)).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Add a follow-up note' })
    .fill('We moved the reading table away from the wall so there is room to stand.');
  await page.getByRole('switch', { name: /Share this note with the families/ }).check();
  await page.getByRole('button', { name: 'Add the note' }).click();
  await expect(page.getByText('Shared with the families')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the reviewed incident report');
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('the family’s copy passes axe in Spanish', async ({ page, request }) => {
    test.setTimeout(180_000);
    const language = await request.put('/api/UserAuthentication/Language', {
      headers: bearer(abebe.token),
      data: { language: 'es' },
    });
    expect(language.status()).toBe(204);
    await storeTokenBeforeLoad(page, abebe.token);
    await page.goto(incidentPath.replace('/staff/incidents/', '/dashboard/incidents/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informe de incidente');
    await expect(page.getByText('Sobre Dawit')).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Lucia');
    await expect(page.getByText(/Notas de la directora/)).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'the family’s incident report in Spanish', {
      noSidewaysScroll: true,
    });
  });

  test('the teacher’s form and the list pass axe in Spanish', async ({ page, request }) => {
    test.setTimeout(180_000);
    await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
    await page.goto(`/staff/incidents/new?session=${roomId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informar un incidente');
    await expectNoAxeViolationsInEveryTheme(page, 'the incident form in Spanish', { noSidewaysScroll: true });
    await page.goto('/staff/incidents');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Incidentes');
    await expectNoAxeViolationsInEveryTheme(page, 'the incidents list in Spanish');
  });
});
