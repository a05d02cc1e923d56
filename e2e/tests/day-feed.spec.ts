/**
 * The day's notes and photos in the browser (issue 25; decision 033). A session meeting every day (hidden from
 * the catalog) with its own teacher and two families: the Quinteros granted photo consent for Lucia, the
 * Abebes never answered for Dawit. On a 390 px phone the teacher posts a class photo tagged with both
 * children: the page warns that Dawit has no consent and offers "Post anyway, only their own family will see
 * it". Dawit's family then sees the photo in his day; Lucia's family — another family to Dawit — does not. The
 * teacher's day, the child's day and the photo consent choice pass axe in light and dark at 390 and 1280 px,
 * in English and in Spanish.
 */
import path from 'node:path';
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, enrollByHand, everyDaySession, newTeacher } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, type StaffLogin, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('feed').slice(-6);
const ROOM = `Hummingbird Room ${marker}`;
const CAPTION = `Building a block tower ${marker}`;
let roomId: number;
let TEACHER: StaffLogin;
let quintero: { token: string };
let abebe: { token: string };
let lucia: string;
let dawit: string;

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
  const consent = await request.put(`/api/Student/${lucia}/PhotoConsent`, {
    headers: bearer(quintero.token),
    data: { consent: 'Granted' },
  });
  expect(consent.status()).toBe(200);
});

test('on a phone the teacher is warned about a child without consent and posts the class photo anyway', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, `/staff/sessions/${roomId}/day`, `${ROOM}: the day`);
  const classList = page.getByRole('region', { name: 'Today’s class' });
  await expect(classList.getByText('Photos shared')).toBeVisible();
  await expect(classList.getByText('Not asked yet')).toBeVisible();

  // The segmented control's radios are drawn by their labels.
  await page
    .locator('label')
    .filter({ hasText: /^Photos$/ })
    .click();
  // A real picture of the site's (its share card), as a phone's camera roll would hand one over.
  await page
    .locator('input[type="file"]')
    .setInputFiles(path.resolve(import.meta.dirname, '../../web/public/images/share-card.png'));
  await expect(page.getByText('1 photo ready to post')).toBeVisible();
  await page.getByRole('checkbox', { name: /Lucia Quintero/ }).check();
  await page.getByRole('checkbox', { name: /Dawit Abebe/ }).check();
  await page.getByLabel('Caption (optional)').fill(CAPTION);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Not every child has photo consent' });
  await expect(warning).toContainText('Dawit Abebe has no photo consent');
  await expectNoAxeViolationsInEveryTheme(page, 'the teacher’s day with the consent warning');
  await page.setViewportSize({ width: 390, height: 844 });
  await warning.getByRole('button', { name: 'Post anyway, only their own family will see it' }).click();
  await expect(page.getByRole('region', { name: 'Posted today' }).getByText(CAPTION)).toBeVisible();
});

test('the child’s own family sees the photo and can download it', async ({ page }) => {
  await storeTokenBeforeLoad(page, abebe.token);
  await openPage(page, `/dashboard/children/${dawit}/feed`, 'Dawit’s day');
  await expect(page.getByText(CAPTION)).toBeVisible();
  await expect(page.getByRole('img', { name: /Photo 1 of 1/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download photo 1' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'a child’s day');
});

test('another family does not see the photo of a child without consent, though their child is in it', async ({
  page,
}) => {
  await storeTokenBeforeLoad(page, quintero.token);
  await openPage(page, `/dashboard/children/${lucia}/feed`, 'Lucia’s day');
  await expect(page.getByText('Photos of Lucia with other children: Photos shared.')).toBeVisible();
  await expect(page.getByText(CAPTION)).toHaveCount(0);
  // Dawit's day is not theirs to open.
  await page.goto(`/dashboard/children/${dawit}/feed`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'We could not find that child in your family.',
  );
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('the child’s day and the photo choice pass axe in Spanish', async ({ page, request }) => {
    test.setTimeout(120_000);
    const language = await request.put('/api/UserAuthentication/Language', {
      headers: bearer(abebe.token),
      data: { language: 'es' },
    });
    expect(language.status()).toBe(204);
    await storeTokenBeforeLoad(page, abebe.token);
    await page.goto(`/dashboard/children/${dawit}/feed`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('El día de Dawit');
    await expect(page.getByText(CAPTION)).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'a child’s day in Spanish', { noSidewaysScroll: true });

    await page.goto(`/dashboard/my-students/${dawit}`);
    const choice = page.getByRole('region', { name: 'Fotos de Dawit' });
    await expect(choice).toContainText('Aún no ha elegido');
    await expectNoAxeViolationsInEveryTheme(page, 'the photo choice in Spanish', { noSidewaysScroll: true });
    await choice
      .getByRole('radio', { name: /No, mostrar las fotos de Dawit solo a nuestra familia/ })
      .check();
    await choice.getByRole('button', { name: 'Guardar la elección de fotos' }).click();
    await expect(choice).toContainText('Lo eligió Selam Abebe');
  });

  test('the teacher’s day passes axe in Spanish', async ({ page, request }) => {
    await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
    await page.goto(`/staff/sessions/${roomId}/day`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${ROOM}: el día`);
    await expectNoAxeViolationsInEveryTheme(page, 'the teacher’s day in Spanish', { noSidewaysScroll: true });
  });
});
