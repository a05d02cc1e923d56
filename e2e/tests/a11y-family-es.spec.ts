/**
 * Issue 14: every family page in Spanish has no axe violations, in the light and the dark theme. A Spanish
 * family with a child, an allergy, a pickup adult with a pass, a paid place, a cancelled checkout and a
 * waitlist place opens each portal, enroll, waitlist, checkout-return and pass page; each shows in Spanish
 * (`<html lang="es">`, no English heading) and axe finds nothing in either theme.
 */
import { createParent } from '../support/accounts.ts';
import { DEMO_SESSIONS, findSession, storeTokenBeforeLoad } from '../support/app.ts';
import { addChild, addPickupAdult, bearer, issuePass } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { fullSessionWithWaitlist, hideSession } from '../support/money.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

/** Start a checkout for `childId` and press Pay or Cancel; answers the page it returns to (a path). */
async function checkout(
  request: APIRequestContext,
  token: string,
  classSessionId: number,
  childId: string,
  button: 'pay' | 'cancel',
): Promise<string> {
  const res = await request.post('/api/ClassSessionEnrollment', {
    headers: { ...bearer(token), 'accept-language': 'es' },
    data: { classSessionId, studentIds: [childId] },
  });
  expect(res.status(), `POST /api/ClassSessionEnrollment: ${await res.text()}`).toBe(201);
  const page = new URL(((await res.json()) as { checkoutUrl: string }).checkoutUrl).pathname;
  const done = await request.post(`${page}/${button}`, { form: { [button]: '1' }, maxRedirects: 0 });
  expect(done.status()).toBe(303);
  return new URL(done.headers().location!, 'http://localhost').pathname;
}

/** An ISO date `years` and `months` before today: the demo sessions take children of 3½ to 5. */
function birthDate(years: number, months: number): string {
  const d = new Date();
  d.setMonth(d.getMonth() - years * 12 - months);
  return d.toISOString().slice(0, 10);
}

test.use({ locale: 'es-MX' });

test('every family page in Spanish has no axe violations in the light and dark themes', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000); // fifteen pages, four scans each
  const parent = await createParent(request, { firstName: 'Valeria', lastName: 'Montes' });
  const language = await request.put('/api/UserAuthentication/Language', {
    headers: bearer(parent.token),
    data: { language: 'es' },
  });
  expect(language.status()).toBe(204);
  const lucia = await addChild(request, parent, 'Lucía', birthDate(4, 6));
  const mateo = await addChild(request, parent, 'Mateo', birthDate(4, 2));
  const allergy = await request.post(`/api/Student/${lucia}/Allergies`, {
    headers: bearer(parent.token),
    data: { name: 'Cacahuate' },
  });
  expect(allergy.status(), 'POST allergy').toBeLessThan(300);
  const abuela = await addPickupAdult(request, parent, 'Rosa', [lucia, mateo]);
  const code = await issuePass(request, parent, abuela, '482913');
  const winter = await findSession(request, DEMO_SESSIONS.winter);
  // A full session of its own: the demo Pre-K's few waitlist places are other tests' to count on.
  const director = await tokenFor(request, DIRECTOR);
  const preK = { id: await fullSessionWithWaitlist(request, director, 'Pequeños lectores') };
  const successful = await checkout(request, parent.token, winter.id, lucia, 'pay');
  const failed = await checkout(request, parent.token, winter.id, mateo, 'cancel');
  const waitlisted = await request.post(`/api/ClassSessionEnrollment/JoinWaitlist/${preK.id}`, {
    headers: bearer(parent.token),
    data: { classSessionId: preK.id, studentIds: [mateo] },
  });
  expect(waitlisted.status(), 'POST waitlist').toBeLessThan(300);

  // Each page and its heading in Spanish: the page is really in Spanish, not just marked so.
  const pages: Array<[string, string | RegExp]> = [
    ['/dashboard', 'Le damos la bienvenida, Valeria'],
    ['/dashboard/my-students', 'Mis hijos'],
    ['/dashboard/my-students/new', 'Agregar un niño'],
    [`/dashboard/my-students/${lucia}`, 'Editar los datos de Lucía'],
    [`/dashboard/my-students/${lucia}/allergies/new`, 'Agregar una alergia a la lista de Lucía'],
    ['/dashboard/emergency-contacts', 'Contactos de emergencia'],
    ['/dashboard/emergency-contacts/new', 'Agregar un contacto de emergencia'],
    [`/dashboard/emergency-contacts/${abuela}`, /^Editar a Rosa/],
    ['/dashboard/billing', 'Pagos'],
    ['/dashboard/sessions', 'Mis sesiones'],
    [`/dashboard/sessions/${winter.id}`, winter.name],
    ['/dashboard/attendance', 'Asistencia'],
    ['/dashboard/family', 'Compartir el portal'],
    [`/sessions/${winter.id}/enroll`, `Inscripción en ${winter.name}`],
    [`/sessions/${preK.id}/waitlist`, 'Lista de espera de Pequeños lectores'],
    [`/sessions/${preK.id}/waitlist/success`, 'Ya está en la lista de espera'],
    [successful, '¡Todo listo!'],
    [failed, 'Su pago no se realizó'],
  ];
  await storeTokenBeforeLoad(page, parent.token);
  for (const [index, [path, heading]] of pages.entries()) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');
    // Alternate phone and desktop widths across the pages: both are covered without doubling the run.
    const desktop = index % 2 === 0;
    await expectNoAxeViolationsInEveryTheme(page, `${path} in Spanish`, {
      widths: [desktop ? 1280 : 390],
      // Spanish runs longer than English: no page may scroll sideways.
      noSidewaysScroll: true,
    });
    // On a phone none of them scrolls sideways in Spanish either: a page scanned at 1280 px is narrowed to
    // 390 px in place (the layout is CSS and Mantine's media-query hooks, which follow a resize), instead of
    // being loaded a second time.
    if (desktop) {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `${path} at 390 px`,
        })
        .toBeLessThanOrEqual(390);
    }
  }

  // The pass page, as the pickup adult opens it from the pass email.
  await page.goto(`/pass#${code}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/pase para recoger/i);
  await expectNoAxeViolationsInEveryTheme(page, 'pass page in Spanish', {
    widths: [390],
    noSidewaysScroll: true,
  });
  await hideSession(request, director, preK.id);
});
