/**
 * Issue 14, the main flows in Spanish: a Spanish-speaking family adds a child (errors by the fields, in
 * Spanish, focus on the first), enrolls and pays (the eligibility sentence, prices in es-US, the policies,
 * the test checkout and the success page in Spanish, then the confirmation email in Spanish over SMTP), and
 * joins a full session's waitlist. English words are looked for and must be absent.
 */
import { createParent } from '../support/accounts.ts';
import { DEMO_SESSIONS, findSession, storeTokenBeforeLoad } from '../support/app.ts';
import { addChild } from '../support/door.ts';
import { waitForDecodedMail } from '../support/fixtures.ts';
import { fullSessionWithWaitlist, hideSession } from '../support/money.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, type Page, test } from '../support/test.ts';

test.use({ locale: 'es-MX' });

/** An ISO date `years` and `months` before today: the demo sessions take children of 3½ to 5. */
function birthDate(years: number, months: number): string {
  const d = new Date();
  d.setMonth(d.getMonth() - years * 12 - months);
  return d.toISOString().slice(0, 10);
}

/** Dollars as a Spanish-speaking family in the US reads them (es-US: "$1,234.50"). */
const usd = (cents: number) =>
  new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

test('a Spanish-speaking family adds a child in Spanish', async ({ page, request }) => {
  const parent = await createParent(request, { firstName: 'Ximena', lastName: 'Robles', language: 'es' });
  await storeTokenBeforeLoad(page, parent.token);
  await page.goto('/dashboard/my-students');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis hijos' })).toBeVisible();
  await page.getByRole('link', { name: 'Agregar a su primer hijo o hija' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Agregar un niño' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar niño' }).click();
  const firstName = page.getByRole('textbox', { name: 'Nombre' });
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAccessibleDescription(/Escriba el nombre del niño/);
  await page.getByLabel('Fecha de nacimiento').fill(birthDate(2, 0));
  await page.getByLabel('Fecha de nacimiento').blur();
  await expect(page.getByText('Nuestros programas son para niños de 3 años y medio a 12 años')).toBeVisible();
  await expect(page.getByText(/Our programs are for children/)).toHaveCount(0);

  await firstName.fill('Emilia');
  await page.getByRole('textbox', { name: 'Apellido' }).fill('Robles');
  await page.getByLabel('Fecha de nacimiento').fill(birthDate(4, 3));
  await page.getByRole('button', { name: 'Agregar niño' }).click();
  await expect(toast(page, 'Emilia ya forma parte de su familia en el portal.')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/my-students');
  await expect(page.getByRole('heading', { level: 2, name: 'Emilia Robles' })).toBeVisible();
  await expect(page.getByText('Ninguna registrada')).toBeVisible();
});

test('a Spanish-speaking family enrolls and pays in Spanish, and the confirmation email is in Spanish', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const parent = await createParent(request, { firstName: 'Rodrigo', lastName: 'Salas', language: 'es' });
  await addChild(request, parent, 'Sofía', birthDate(4, 4));
  const winter = await findSession(request, DEMO_SESSIONS.winter);
  await storeTokenBeforeLoad(page, parent.token);

  await page.goto(`/sessions/${winter.id}/enroll`);
  await expect(page.getByRole('heading', { level: 1, name: `Inscripción en ${winter.name}` })).toBeVisible();
  // The server's sentence, in the page's language.
  await expect(page.getByText('Sofía ya se puede inscribir.', { exact: true })).toBeVisible();

  // An only child is chosen already. Nothing is sent until every policy is accepted: the first one takes
  // the focus and says, in Spanish, what to do.
  await expect(page.getByRole('checkbox', { name: 'Sofía Salas' })).toBeChecked();
  const total = usd(winter.registrationPrice + winter.supplyFee);
  await expect(page.getByRole('region', { name: 'Precio' })).toContainText(total);
  const policies = page.getByRole('checkbox', { name: /^He leído y acepto/ });
  expect(await policies.count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  await expect(policies.first()).toBeFocused();
  await expect(policies.first()).toHaveAccessibleDescription(/^Lea y acepte .+ para continuar/);
  for (const box of await policies.all()) await box.check();
  await page.getByRole('button', { name: 'Continuar al pago' }).click();

  // The test checkout speaks the language the family started in, as Stripe's page would.
  await expect(page).toHaveURL(/\/test-checkout\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pagar a Bright Oak Learning Center' }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toContainText(total);
  await page.getByRole('button', { name: 'Pagar' }).click();

  await expect(page).toHaveURL(new RegExp(`/sessions/${winter.id}/enrollment-successful/`));
  await expect(page.getByRole('heading', { level: 1, name: '¡Todo listo!' })).toBeVisible();
  await expect(page.getByText(`Sofía ya tiene su lugar en ${winter.name}.`)).toBeVisible();
  await expect(page.getByText('You’re all set!')).toHaveCount(0);

  // The confirmation email, decoded, in Spanish.
  const subject = `Inscripción confirmada: ${winter.name}`;
  const found = await waitForDecodedMail(parent.emailAddress, subject);
  expect(found.text).toContain(`Total pagado: ${total}`);
  expect(found.text).not.toContain('Total paid');
});

test('a Spanish-speaking family joins a full session’s waitlist in Spanish', async ({ page, request }) => {
  const parent = await createParent(request, { firstName: 'Inés', lastName: 'Carrillo', language: 'es' });
  await addChild(request, parent, 'Tomás', birthDate(4, 1));
  const director = await tokenFor(request, DIRECTOR);
  const preK = {
    id: await fullSessionWithWaitlist(request, director, 'Cuentos y canciones'),
    name: 'Cuentos y canciones',
  };
  await storeTokenBeforeLoad(page, parent.token);

  await page.goto(`/sessions/${preK.id}/enroll`);
  await expect(
    page.getByRole('heading', { level: 2, name: 'La lista de espera está abierta' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Unirse a la lista de espera' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: `Lista de espera de ${preK.name}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cómo funciona la lista de espera' })).toContainText(
    'Por orden de llegada.',
  );
  await page.getByRole('checkbox', { name: 'Tomás Carrillo' }).check();
  await page.getByRole('button', { name: 'Unirse a la lista de espera' }).click();
  await expect(page).toHaveURL(`/sessions/${preK.id}/waitlist/success`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ya está en la lista de espera' })).toBeVisible();
  await expect(page.getByText(/^Tomás tiene el número \d+ en la lista de espera/)).toBeVisible();
  await expect(page.getByText(/is number/)).toHaveCount(0);
  await hideSession(request, director, preK.id);
});
