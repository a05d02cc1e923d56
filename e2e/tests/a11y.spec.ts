/**
 * axe-core (WCAG 2.1 A/AA and best practices) finds no violations on any public page, in the light and
 * the dark theme, in English and in Spanish, nor on the phone-width drawer or a form showing its errors.
 */

import { DEMO_SESSIONS, findSession, openPage } from '../support/app.ts';
import { expectNoAxeViolations, switchTheme, useTheme } from '../support/fixtures.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

type PublicPage = { name: string; path: string | ((sessionId: number) => string); h1: string };

const PUBLIC_PAGES: PublicPage[] = [
  { name: 'home', path: '/', h1: 'A one-of-a-kind learning center' },
  { name: 'philosophy', path: '/our-philosophy', h1: 'Our Philosophy' },
  { name: 'testimonials', path: '/testimonials', h1: 'Testimonials' },
  { name: 'FAQ', path: '/faq', h1: 'Frequently Asked Questions' },
  { name: 'contact', path: '/contact', h1: 'Contact Us' },
  { name: 'schedule a tour', path: '/contact?tour=true', h1: 'Schedule a Tour' },
  { name: 'terms', path: '/terms-and-conditions', h1: 'Terms and Conditions' },
  { name: 'sessions', path: '/sessions', h1: 'Sessions' },
  { name: 'session detail', path: (id) => `/sessions/${id}`, h1: DEMO_SESSIONS.preK },
  { name: 'session not found', path: '/sessions/999999', h1: 'We couldn’t find that session' },
  { name: 'tutoring waitlist', path: '/tutoring-waitlist', h1: 'Tutoring Waitlist' },
  { name: 'login', path: '/login', h1: 'Login' },
  { name: 'register', path: '/register', h1: 'Create your account' },
  { name: 'password reset', path: '/password-reset', h1: 'Reset your password' },
  { name: 'password reset with token', path: '/password-reset/sometoken', h1: 'Choose a new password' },
  { name: '404', path: '/this/page/does-not-exist', h1: 'Oops! Looks like you followed a bad link.' },
];

/** The page's URL (the session detail page's needs the demo Pre-K session's id). */
async function pathOf(entry: PublicPage, request: APIRequestContext): Promise<string> {
  return typeof entry.path === 'function'
    ? entry.path((await findSession(request, DEMO_SESSIONS.preK)).id)
    : entry.path;
}

/** The names of the regions `waitForContent` waits for, as each language shows them. */
const REGION_NAMES = {
  en: { registration: 'Dates and registration', visit: 'Visit or reach us' },
  es: { registration: 'Fechas e inscripción', visit: 'Visítenos o comuníquese con nosotros' },
};

/** Pages whose content arrives from the API after the h1: wait for it so axe sees the finished page. */
async function waitForContent(page: Page, entry: PublicPage, language: 'en' | 'es' = 'en') {
  const names = REGION_NAMES[language];
  if (entry.name === 'sessions') await expect(page.getByRole('article')).not.toHaveCount(0);
  if (entry.name === 'session detail') {
    await expect(page.getByRole('region', { name: names.registration })).toBeVisible();
  }
  if (entry.name === 'contact' || entry.name === 'schedule a tour') {
    await expect(page.getByRole('region', { name: names.visit }).locator('iframe')).toHaveCount(1);
  }
}

test.beforeEach(async ({ context }) => {
  // Keep the run hermetic: the contact page's map iframe would otherwise load openstreetmap.org.
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) =>
    route.abort('blockedbyclient'),
  );
});

PUBLIC_PAGES.forEach((entry, index) => {
  // Half the pages load in the stored dark theme and half in light; each is then switched in place to the
  // other, so every page is scanned in both and both first loads are exercised.
  const [first, second] = index % 2 === 0 ? (['light', 'dark'] as const) : (['dark', 'light'] as const);
  test(`the ${entry.name} page has no axe violations in the light and dark themes`, async ({
    page,
    request,
  }) => {
    const path = await pathOf(entry, request);
    await useTheme(page, first);
    await openPage(page, path, entry.h1);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', first);
    await waitForContent(page, entry);
    await expectNoAxeViolations(page, `${path} (${first})`);
    await switchTheme(page, second);
    await expectNoAxeViolations(page, `${path} (${second})`);
  });
});

test.describe('in Spanish (issue 14)', () => {
  test.use({ locale: 'es-MX' });

  PUBLIC_PAGES.forEach((entry, index) => {
    const [first, second] = index % 2 === 0 ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
    test(`the ${entry.name} page in Spanish has no axe violations in the light and dark themes`, async ({
      page,
      request,
    }) => {
      const path = await pathOf(entry, request);
      await useTheme(page, first);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForContent(page, entry, 'es');
      await expectNoAxeViolations(page, `${path} in Spanish (${first})`);
      await switchTheme(page, second);
      await expectNoAxeViolations(page, `${path} in Spanish (${second})`);
    });
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const theme of ['light', 'dark'] as const) {
    test(`the home page with the menu drawer open has no axe violations in the ${theme} theme`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await openPage(page, '/', 'A one-of-a-kind learning center');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Bright Oak Learning Center' });
      await expect(drawer).toBeVisible();
      // Let the slide-in finish: half-transparent text mid-animation is not what a visitor reads.
      await expect.poll(() => drawer.evaluate((el) => Math.round(el.getBoundingClientRect().x))).toBe(0);
      await expect(drawer.getByRole('link', { name: 'Home' })).toBeInViewport();
      await expectNoAxeViolations(page, `/ with the drawer open (${theme})`);
    });
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`the contact form showing its errors has no axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await openPage(page, '/contact', 'Contact Us');
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please specify your first name', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, `/contact with errors (${theme})`);
  });
}

test('a visitor who asks for reduced motion sees colours change at once; one who does not sees them fade', async ({
  page,
}) => {
  // The browser tests' Chromium asks for reduced motion (playwright.config.ts), as such a visitor's does.
  await openPage(page, '/faq', 'Frequently Asked Questions');
  const item = page.locator('.mantine-Accordion-item').first();
  const fade = () => item.evaluate((el) => Number.parseFloat(getComputedStyle(el).transitionDuration));
  // No transition at all (styles/global.css).
  expect(await fade()).toBe(0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // Mantine's own 150 ms background fade on a separated accordion item.
  await expect.poll(fade).toBeCloseTo(0.15, 3);
});
