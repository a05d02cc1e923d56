/**
 * The medication log in the browser (issue 26; decision 040). A program with a medication authorization, a
 * room of it with its own teacher and two families: the Moraleses signed the authorization for Mateo (the
 * medicine and dose filled in), the Okonkwos have not signed for Ines. On a 390 px phone the teacher opens the
 * room's day, taps "Give medicine" by Ines and is told she has no signed authorization; chooses Mateo, reads
 * what his mother authorized, is shown the empty fields' errors, and logs the dose. Mateo's mother reads it
 * in the portal in Spanish, and the director finds it in the licensing records. Every new page and section
 * passes axe in light and dark at 390 and 1280 px (the parent's in English and Spanish).
 */
import { createParent, type TestParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, centerDate, enrollByHand, newTeacher } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, type StaffLogin, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('medication').slice(-6);
const PROGRAM = `Little Explorers ${marker}`;
const ROOM = `Otter Room ${marker}`;
const MEDICINE = `Amoxicillin ${marker}`;
let roomId: number;
let TEACHER: StaffLogin;
let morales: TestParent;
let mateo: string;
let ines: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const director = await tokenFor(request, DIRECTOR);
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
      name: ROOM,
      description: 'Explorers of the garden, the sandbox and the book corner, every day of the week.',
      sessionStartDate: centerDate(-7),
      sessionEndDate: centerDate(30),
      registrationStartDate: new Date(Date.now() - 10 * 86_400_000).toISOString(),
      registrationEndDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      daySchedule: 'Daily, 7:00 am – 11:30 pm',
      registrationPrice: 40_000,
      rosterSize: 6,
      isActive: false,
      classSectionId: programId,
    },
  });
  expect(session.status()).toBe(201);
  roomId = ((await session.json()) as { id: number }).id;
  const teacher = await newTeacher(request, director);
  TEACHER = teacher.login;
  const taught = await request.put(`/api/staff/sessions/${roomId}/teachers`, {
    headers: bearer(director),
    data: { userIds: [teacher.userId] },
  });
  expect(taught.status()).toBe(200);
  const created = await request.post('/api/staff/forms', {
    headers: bearer(director),
    data: {
      programId,
      kind: 'MedicalAuthorization',
      scope: 'Child',
      requirement: 'Warning',
      titleEn: `Medication authorization ${marker}`,
      titleEs: `Autorización de medicinas ${marker}`,
      bodyEn: '<p>You authorize our staff to give your child the medicine below, exactly as written.</p>',
      bodyEs:
        '<p>Autoriza a nuestro personal a darle a su hijo o hija la medicina indicada, tal como está escrita.</p>',
      fields: [
        { type: 'ShortText', labelEn: 'Medicine', labelEs: 'Medicina', required: true },
        { type: 'ShortText', labelEn: 'Dose and times', labelEs: 'Dosis y horarios', required: true },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const form = (await created.json()) as { id: string; draft: { fields: Array<{ key: string }> } };
  expect(
    (await request.post(`/api/staff/forms/${form.id}/publish`, { headers: bearer(director) })).status(),
  ).toBe(200);
  morales = await createParent(request, { firstName: 'Sofia', lastName: 'Morales' });
  const okonkwo = await createParent(request, { firstName: 'Ada', lastName: 'Okonkwo' });
  mateo = await addChild(request, morales, 'Mateo');
  ines = await addChild(request, okonkwo, 'Ines');
  await enrollByHand(request, director, roomId, [mateo, ines]);
  const signed = await request.post(`/api/Forms/${form.id}/Sign`, {
    headers: bearer(morales.token),
    data: {
      studentId: mateo,
      version: 1,
      answers: { [form.draft.fields[0]!.key]: MEDICINE, [form.draft.fields[1]!.key]: '5 ml with lunch' },
      consent: true,
      signerName: 'Sofia Morales',
    },
  });
  expect(signed.status(), await signed.text()).toBe(201);
});

test('on a phone the teacher is stopped without an authorization and logs a dose under one', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, `/staff/sessions/${roomId}/day`, `${ROOM}: the day`);
  await page.getByRole('link', { name: 'Give medicine to Ines' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Medication: ${ROOM}`);
  await expect(page.getByLabel('Child')).toHaveValue(ines);
  await expect(
    page.getByText(
      'Ines has no signed medication authorization. Ask a parent to sign it in the portal before giving medicine.',
    ),
  ).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the medication page with a refusal', {
    noSidewaysScroll: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });

  // The server refuses too, by the child's field.
  await page.getByRole('textbox', { name: 'Medicine', exact: true }).fill('Children’s ibuprofen');
  await page.getByRole('textbox', { name: 'Dose', exact: true }).fill('5 ml');
  await page.getByRole('button', { name: 'Log the dose and tell the family' }).click();
  await expect(page.getByLabel('Child')).toBeFocused();
  await expect(page.getByLabel('Child')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Child').selectOption(mateo);
  const authorized = page.getByRole('region', { name: 'What Mateo’s parent authorized' });
  await expect(authorized).toContainText(MEDICINE);
  await expect(authorized).toContainText('5 ml with lunch');
  await expect(authorized).toContainText('Signed by Sofia Morales');
  // Empty fields: the errors sit by their fields and focus goes to the first.
  await page.getByRole('textbox', { name: 'Medicine', exact: true }).fill('');
  await page.getByRole('textbox', { name: 'Dose', exact: true }).fill('');
  await page.getByRole('button', { name: 'Log the dose and tell the family' }).click();
  await expect(page.getByRole('textbox', { name: 'Medicine', exact: true })).toBeFocused();
  await expect(page.getByText('Write the medicine’s name, as on the authorization.')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the give-medicine form with its errors');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('textbox', { name: 'Medicine', exact: true }).fill(MEDICINE);
  await page.getByRole('textbox', { name: 'Dose', exact: true }).fill('5 ml');
  await page.getByLabel('Note for the family (optional)').fill('Taken with his lunch, no fuss at all.');
  await page.getByRole('button', { name: 'Log the dose and tell the family' }).click();
  await expect(page.getByText('The dose is logged and Mateo’s family has been told.')).toBeVisible();
  const log = page.getByRole('region', { name: 'Log' });
  await expect(log.getByRole('listitem', { name: `Mateo Morales: ${MEDICINE}, 5 ml` })).toContainText(
    'Taken with his lunch',
  );
  await expectNoAxeViolationsInEveryTheme(page, 'the medication log with a dose', { noSidewaysScroll: true });
});

test('Mateo’s mother reads the dose in the portal, linked from his health record', async ({ page }) => {
  await storeTokenBeforeLoad(page, morales.token);
  await openPage(page, `/dashboard/children/${mateo}/health`);
  await page.getByRole('link', { name: 'Medicine given at the center' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mateo’s medication');
  await expect(page.getByText(`${MEDICINE}, 5 ml`)).toBeVisible();
  await expect(page.getByText(/Under the authorization Sofia Morales signed on/)).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the family’s medication log', { noSidewaysScroll: true });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('Mateo’s mother reads the dose in Spanish', async ({ page, request }) => {
    const language = await request.put('/api/UserAuthentication/Language', {
      headers: bearer(morales.token),
      data: { language: 'es' },
    });
    expect(language.status()).toBe(204);
    await storeTokenBeforeLoad(page, morales.token);
    await page.goto(`/dashboard/children/${mateo}/medication`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Medicinas de Mateo');
    await expect(page.getByText(`${MEDICINE}, 5 ml`)).toBeVisible();
    await expect(page.getByText('Nuestra nota: Taken with his lunch, no fuss at all.')).toBeVisible();
    await expect(page.getByText(/Según la autorización que firmó Sofia Morales/)).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'the family’s medication log in Spanish', {
      noSidewaysScroll: true,
    });
  });
});

test('the director finds the dose in the room’s licensing records', async ({ page, request }) => {
  test.slow(); // one page scanned four times
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, `/staff/inspection?session=${roomId}`, 'Licensing records');
  const doses = page.getByRole('table', { name: /^Medicine given, / });
  await expect(doses.getByRole('row', { name: /Mateo Morales/ })).toContainText(`${MEDICINE}, 5 ml`);
  await expect(doses.getByRole('row', { name: /Mateo Morales/ })).toContainText('Sofia Morales, signed');
  await expectNoAxeViolationsInEveryTheme(page, 'licensing records with medicine given', {
    noSidewaysScroll: true,
  });
});
