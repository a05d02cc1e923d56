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

/**
 * The pages in groups of four, each group one test on one browser page: a test's new browser context and the
 * app's first download cost more than a page's two scans, and sixteen tests per language spent most of their
 * time on that (issue 23's closing note: a11y.spec.ts was 15% of the browser suite). Each page is still a
 * fresh load, in the theme its visitor had stored.
 */
const PAGE_GROUPS = Array.from({ length: Math.ceil(PUBLIC_PAGES.length / 4) }, (_, i) =>
  PUBLIC_PAGES.slice(i * 4, i * 4 + 4).map((entry, j) => ({ entry, index: i * 4 + j })),
);

/** Store `theme` as the visitor's choice before the next load (the site reads it before it paints). */
async function storeThemeForNextLoad(page: Page, theme: 'light' | 'dark') {
  if (page.url().startsWith('http')) {
    await page.evaluate((value) => window.localStorage.setItem('themeMode', value), theme);
  } else {
    // Nothing of ours loaded yet: an init script stores it before the first load, and only that one (a later
    // load keeps what the page stored since).
    await page.addInitScript((value) => {
      try {
        if (window.sessionStorage.getItem('e2e-theme-set')) return;
        window.sessionStorage.setItem('e2e-theme-set', '1');
        window.localStorage.setItem('themeMode', value);
      } catch {
        // A frame that is not ours (the contact page's blocked map) has no storage to set.
      }
    }, theme);
  }
}

/**
 * Load each page of `group` in its first theme (half the pages light, half dark, so both first loads are
 * exercised), scan it, switch it in place to the other theme and scan it again.
 */
async function sweepGroup(
  page: Page,
  request: APIRequestContext,
  group: (typeof PAGE_GROUPS)[number],
  language: 'en' | 'es',
) {
  for (const { entry, index } of group) {
    const light = (index % 2 === 0) === (language === 'en');
    const [first, second] = light ? (['light', 'dark'] as const) : (['dark', 'light'] as const);
    const path = await pathOf(entry, request);
    const label = language === 'en' ? path : `${path} in Spanish`;
    await storeThemeForNextLoad(page, first);
    if (language === 'en') {
      await openPage(page, path, entry.h1);
    } else {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', first);
    await waitForContent(page, entry, language);
    await expectNoAxeViolations(page, `${label} (${first})`);
    await switchTheme(page, second);
    await expectNoAxeViolations(page, `${label} (${second})`);
  }
}

const groupName = (group: (typeof PAGE_GROUPS)[number]) => group.map(({ entry }) => entry.name).join(', ');

for (const group of PAGE_GROUPS) {
  test(`the ${groupName(group)} pages have no axe violations in the light and dark themes`, async ({
    page,
    request,
  }) => {
    await sweepGroup(page, request, group, 'en');
  });
}

test.describe('in Spanish (issue 14)', () => {
  test.use({ locale: 'es-MX' });

  for (const group of PAGE_GROUPS) {
    test(`the ${groupName(group)} pages in Spanish have no axe violations in the light and dark themes`, async ({
      page,
      request,
    }) => {
      await sweepGroup(page, request, group, 'es');
    });
  }
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
