/**
 * Forms families sign, in the browser (issue 26, part 2; decision 036). The director writes a program's
 * enrollment agreement and publishes it; a parent whose child is in the program finds it under "Forms to sign"
 * on the dashboard, tries to sign without answering (each error by its field, focus on the first), then
 * answers, agrees to sign electronically, types their name and signs; the signed PDF opened from the page
 * reads back the signer and the same SHA-256 the page shows. The director's forms, the editor and the
 * session's signed forms, and the parent's form page in English and Spanish, pass axe in light and dark at
 * 390 and 1280 px.
 */
import { extractText } from 'unpdf';
import { createParent, type TestParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, centerDate, enrollByHand } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('forms').slice(-6);
const PROGRAM = `Garden Mornings ${marker}`;
const TITLE = `Garden Mornings agreement ${marker}`;
let director: string;
let sessionId: number;
let formId: string;
let parent: TestParent;
let child: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  director = await tokenFor(request, DIRECTOR);
  const programs = await request.post('/api/staff/programs', {
    headers: bearer(director),
    data: { name: PROGRAM, isActive: true },
  });
  expect(programs.status()).toBe(201);
  const programId = ((await programs.json()) as Array<{ id: number; name: string }>).find(
    (p) => p.name === PROGRAM,
  )!.id;
  const session = await request.post('/api/ClassSession', {
    headers: bearer(director),
    data: {
      name: `Garden Room ${marker}`,
      description: 'Mornings in the garden: planting, stories under the oak and muddy boots.',
      sessionStartDate: centerDate(-7),
      sessionEndDate: centerDate(30),
      registrationStartDate: new Date(Date.now() - 10 * 86_400_000).toISOString(),
      registrationEndDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      registrationPrice: 40_000,
      rosterSize: 6,
      isActive: false,
      classSectionId: programId,
    },
  });
  expect(session.status()).toBe(201);
  sessionId = ((await session.json()) as { id: number }).id;
  const created = await request.post('/api/staff/forms', {
    headers: bearer(director),
    data: {
      programId,
      kind: 'EnrollmentAgreement',
      scope: 'Child',
      requirement: 'Blocking',
      titleEn: TITLE,
      titleEs: `Acuerdo de Garden Mornings ${marker}`,
      bodyEn: '<p>We agree to the program’s hours, fees and policies, and to pick up by 12:30.</p>',
      bodyEs:
        '<p>Aceptamos el horario, las tarifas y las normas del programa, y recoger antes de las 12:30.</p>',
      fields: [
        {
          type: 'YesNo',
          labelEn: 'I have read the family handbook',
          labelEs: 'Leí el manual para familias',
          required: true,
        },
        {
          type: 'ShortText',
          labelEn: 'Who usually picks up?',
          labelEs: '¿Quién recoge normalmente?',
          required: true,
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  formId = ((await created.json()) as { id: string }).id;
  expect(
    (await request.post(`/api/staff/forms/${formId}/publish`, { headers: bearer(director) })).status(),
  ).toBe(200);
  parent = await createParent(request, { firstName: 'Noor', lastName: 'Haddad' });
  child = await addChild(request, parent, 'Layla');
  await enrollByHand(request, director, sessionId, [child]);
});

test('a parent signs the enrollment agreement and the signed PDF reads back the signer and the hash', async ({
  page,
  request,
}) => {
  await storeTokenBeforeLoad(page, parent.token);
  await openPage(page, '/dashboard');
  const card = page.getByRole('region', { name: 'Forms to sign' });
  await expect(card).toContainText('Needs your signature');
  await card.getByRole('link', { name: `${TITLE} for Layla` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expectNoAxeViolationsInEveryTheme(page, 'a form to sign', { noSidewaysScroll: true });

  // Nothing answered: each error by its field, focus on the first.
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const handbook = page.getByLabel('I have read the family handbook');
  await expect(handbook).toBeFocused();
  await expect(handbook).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Who usually picks up?')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Check the box to agree to sign electronically.')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'a form to sign with its errors');

  await handbook.selectOption('yes');
  await page.getByLabel('Who usually picks up?').fill('Noor, and Grandma Samira on Fridays');
  await page.getByRole('checkbox', { name: /I agree to sign electronically/ }).check();
  // Another name than the account holder's is refused by the server, beside the field.
  await page.getByLabel('Your full name').fill('Samira Haddad');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByLabel('Your full name')).toBeFocused();
  await expect(
    page.getByText(/Type your full name exactly as it appears on your account \(Noor Haddad\)/),
  ).toBeVisible();
  await page.getByLabel('Your full name').fill('noor haddad');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();

  const signed = page.getByRole('region', { name: 'You’re all set' });
  await expect(signed).toContainText('Signed by noor haddad (version 1)');
  const hash = (await signed.locator('code').textContent())!.trim();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expectNoAxeViolationsInEveryTheme(page, 'a signed form', { noSidewaysScroll: true });

  const href = await signed.getByRole('link', { name: 'Open the signed copy (PDF)' }).getAttribute('href');
  const pdf = await request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = (await extractText(new Uint8Array(await pdf.body()), { mergePages: true })).text.replace(
    /\s+/g,
    ' ',
  );
  expect(text).toContain('Signed by: noor haddad');
  expect(text).toContain(hash);
  expect(text).toContain('Noor, and Grandma Samira on Fridays');

  await openPage(page, '/dashboard');
  await expect(page.getByRole('region', { name: 'Forms to sign' })).toContainText('Everything is signed');
});

test('the director’s forms, the editor and the session’s signed forms pass axe', async ({ page }) => {
  test.setTimeout(120_000);
  await storeTokenBeforeLoad(page, director);
  await openPage(page, '/staff/forms', 'Forms');
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the director’s forms');
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByText('Version 1, published')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'a form in the editor');
  await openPage(page, `/staff/sessions/${sessionId}/forms`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('signed forms');
  await expect(page.getByRole('link', { name: /Signed copy of Layla’s form/ })).toBeVisible();
  await page.getByRole('button', { name: 'Check the fingerprint' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Matches the document signed.' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'a session’s signed forms');
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('the signed form passes axe in Spanish', async ({ page, request }) => {
    const language = await request.put('/api/UserAuthentication/Language', {
      headers: bearer(parent.token),
      data: { language: 'es' },
    });
    expect(language.status()).toBe(204);
    await storeTokenBeforeLoad(page, parent.token);
    await page.goto(`/dashboard/forms/${formId}?child=${child}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Acuerdo de Garden Mornings ${marker}`);
    await expect(page.getByRole('region', { name: 'Todo listo' })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'a signed form in Spanish', { noSidewaysScroll: true });
  });
});
