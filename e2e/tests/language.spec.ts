/**
 * Issue 14, the language switch: a Spanish-speaking browser gets the site in Spanish on a first visit, the
 * header and the drawer switch it, the choice is remembered (localStorage "language"), `<html lang>`
 * follows, and the Spanish pages have no axe violations in either theme.
 */
import { siteHeader } from '../support/app.ts';
import { expectNoAxeViolationsInEveryTheme, waitForDecodedMail } from '../support/fixtures.ts';
import { expect, test } from '../support/test.ts';

test.describe('a browser that prefers Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('gets the site in Spanish on a first visit, with no axe violations in light and dark', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The page moves to its Spanish address, which a search engine lists too.
    await expect(page).toHaveURL('/es');
    const nav = siteHeader(page).getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link')).toHaveText([
      'Filosofía',
      'Testimonios',
      'Preguntas',
      'Contacto',
      'Portal de familias',
    ]);
    await expect(
      page.getByRole('contentinfo').getByRole('heading', { name: 'Cookies y privacidad' }),
    ).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'home page in Spanish');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      '¡Uy! Parece que este enlace no lleva a ninguna parte.',
    );
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'not-found page in Spanish');
  });

  test('signs up in Spanish: messages by the fields, then the portal, and the welcome and reset emails arrive in Spanish over SMTP; login reads Spanish too', async ({
    page,
    request,
  }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cree su cuenta');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await expect(page.getByText('Escriba su nombre')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nombre' })).toBeFocused();
    await expectNoAxeViolationsInEveryTheme(page, 'register page in Spanish, with its messages');

    await page.getByRole('textbox', { name: 'Nombre' }).fill('Marisol');
    await page.getByRole('textbox', { name: 'Apellido' }).fill('Quintero');
    const email = `e2e-es-${Date.now()}@families.example`;
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
    await page.getByRole('textbox', { name: 'Contraseña' }).fill('girasol-2026');
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await expect(
      page.getByText('¡Listo, ya tiene su cuenta! Le enviamos un correo para confirmarla.'),
    ).toBeVisible();
    await expect(page).toHaveURL('/dashboard');

    // The account keeps the language it was made in, and the emails follow it (received over SMTP).
    const welcome = await waitForDecodedMail(
      email,
      'Bienvenidos a Bright Oak Learning Center: confirme su correo, por favor',
    );
    expect(welcome.text).toContain('Hola, Marisol:');
    expect(welcome.text).toContain('Gracias por crear su cuenta en Bright Oak Learning Center.');
    expect(welcome.text).toMatch(/\/confirm-email\/[\w-]+/);
    expect(welcome.text).toContain('— El equipo de Bright Oak Learning Center');
    const confirmPath = /\/confirm-email\/[\w-]+/.exec(welcome.text ?? '')?.[0];
    await page.goto(confirmPath ?? '/confirm-email/missing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Su correo electrónico está confirmado');
    await expect(page.getByRole('link', { name: 'Ir al Portal de familias' })).toBeVisible();
    const reset = await request.post('/api/UserAuthentication/ResetPassword', {
      data: { emailAddress: email },
    });
    expect(reset.status()).toBe(204);
    const resetMail = await waitForDecodedMail(email, 'Cambie su contraseña');
    expect(resetMail.text).toContain('Elija una contraseña nueva aquí:');
    expect(resetMail.text).toMatch(/\/password-reset\/[\w-]+/);

    await page.evaluate(() => window.localStorage.removeItem('token'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
    await expect(page.getByRole('link', { name: 'Cree su cuenta' })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'login page in Spanish');
  });
});

test('the header switches to Spanish and back, and the choice is remembered', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const header = siteHeader(page);
  await header.getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveURL('/es/faq');
  await expect(header.getByRole('link', { name: 'Portal de familias' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Filosofía' })).toHaveAttribute('href', '/es/our-philosophy');
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('es');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(header.getByRole('link', { name: 'Preguntas' })).toBeVisible();

  await header.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL('/faq');
  await expect(header.getByRole('link', { name: 'Student Portal' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('en');
});

test('a Spanish address shows Spanish to an English browser, and its switch leads to the English address', async ({
  page,
}) => {
  await page.goto('/es/faq');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes');
  // Following a link keeps to Spanish addresses.
  await siteHeader(page).getByRole('link', { name: 'Filosofía' }).click();
  await expect(page).toHaveURL('/es/our-philosophy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuestra filosofía');
  await siteHeader(page).getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL('/our-philosophy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Philosophy');
});

test('on a phone the drawer switches the language', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  await expect(
    page.getByRole('dialog').getByRole('navigation', { name: 'Menú' }).getByRole('link'),
  ).toHaveText([
    'Inicio',
    'Filosofía',
    'Testimonios',
    'Preguntas',
    'Contacto',
    'Portal de familias',
    'Inscríbase',
  ]);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'English' })).toBeVisible();
});

test('signing in on a new browser takes the account’s language; a language chosen before signing in is saved on the account', async ({
  page,
  request,
}) => {
  const email = `e2e-es-login-${Date.now()}@families.example`;
  const password = 'girasol-2026';
  const made = await request.post('/api/UserAuthentication/Register', {
    data: { firstName: 'Lucía', lastName: 'Ortega', emailAddress: email, password, language: 'es' },
  });
  expect(made.status()).toBe(201);

  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('es');

  // Choosing English while signed in is saved on the account too.
  await page.goto('/faq');
  await siteHeader(page).getByRole('button', { name: 'English' }).click();
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  await expect
    .poll(async () => {
      const me = await request.get('/api/UserAuthentication/Me', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await me.json()).language;
    })
    .toBe('en');
});

test('no Spanish public page scrolls sideways on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    '/es',
    '/es/our-philosophy',
    '/es/testimonials',
    '/es/faq',
    '/es/contact',
    '/es/contact?tour=true',
    '/es/sessions',
    '/es/tutoring-waitlist',
    '/es/terms-and-conditions',
    '/es/no-such-page',
  ]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${path} at 390 px` })
      .toBeLessThanOrEqual(390);
  }
});
