/**
 * The route guard, the spec's not-found page, the header and footer links, scroll-to-top on navigation and
 * lazily loaded pages (spec §2; split from routes.spec.ts, which covers each public route's page).
 */

import { createParent } from '../support/accounts.ts';
import {
  DEMO_SESSIONS,
  findSession,
  openPage,
  readLocalStorage,
  storeTokenBeforeLoad,
  tokenExpiringIn,
} from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const NOT_FOUND_TEXT = 'Oops! Looks like you followed a bad link.';

/** The site chrome (header navigation and footer) that the main layout adds to every page. */
function expectMainLayout(page: Page) {
  return Promise.all([
    expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(),
    expect(page.getByRole('contentinfo')).toBeVisible(),
  ]);
}

test.describe('route guard', () => {
  test('a protected route without a token redirects to /login, remembering where the parent was going', async ({
    page,
    request,
  }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Login', exact: true })).toBeVisible();

    const winter = await findSession(request, DEMO_SESSIONS.winter);
    await page.goto(`/sessions/${winter.id}/enroll`);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/sessions/${winter.id}/enroll`)}`);
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?redirect=${encodeURIComponent(`/sessions/${winter.id}/enroll`)}`,
    );
  });

  test('a protected route with an expired token redirects to /login', async ({ page, request }) => {
    await storeTokenBeforeLoad(page, tokenExpiringIn(-60, { given_name: 'Expired' }));
    await page.goto('/dashboard/billing');
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard%2Fbilling');
    await expect(page.getByRole('heading', { level: 1, name: 'Login', exact: true })).toBeVisible();

    const preK = await findSession(request, DEMO_SESSIONS.preK);
    await page.evaluate((token) => window.localStorage.setItem('token', token), tokenExpiringIn(-1));
    await page.goto(`/sessions/${preK.id}/waitlist`);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/sessions/${preK.id}/waitlist`)}`);
  });

  test('a protected route with a valid token is shown (the guard only turns away missing or expired tokens)', async ({
    page,
    request,
  }) => {
    const parent = await createParent(request, { firstName: 'Robin' });
    await storeTokenBeforeLoad(page, parent.token);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Robin' })).toBeVisible();
  });

  test('a token the server refuses (forged, though not expired) ends the session and goes to /login', async ({
    page,
  }) => {
    await storeTokenBeforeLoad(page, tokenExpiringIn(3600, { given_name: 'Forged' }));
    await page.goto('/dashboard/billing');
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard%2Fbilling');
    expect(await readLocalStorage(page, 'token')).toBeNull();
  });
});

test.describe('not found', () => {
  test('an unknown path shows exactly the spec 404 text and a Back home button that goes to /', async ({
    page,
  }) => {
    await page.goto('/no/such/page-here');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(NOT_FOUND_TEXT);
    await expectMainLayout(page);
    await page.getByRole('link', { name: 'Back home' }).click();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'A one-of-a-kind learning center' }),
    ).toBeVisible();
  });
});

test.describe('header and footer', () => {
  test('the header links go to Our Philosophy, Testimonials, FAQ, Contact and Student Portal, in that order', async ({
    page,
  }) => {
    await openPage(page, '/', 'A one-of-a-kind learning center');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Our Philosophy',
      'Testimonials',
      'FAQ',
      'Contact',
      'Student Portal',
    ]);
    const targets: Array<[string, string, string | RegExp]> = [
      ['Our Philosophy', '/our-philosophy', 'Our Philosophy'],
      ['Testimonials', '/testimonials', 'Testimonials'],
      ['FAQ', '/faq', 'Frequently Asked Questions'],
      ['Contact', '/contact', 'Contact Us'],
    ];
    for (const [name, url, heading] of targets) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await expect(nav.getByRole('link', { name: 'Student Portal' })).toHaveAttribute('href', '/dashboard');
    await nav.getByRole('link', { name: 'Student Portal' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
  });

  test('the header Enroll Now button goes to /sessions', async ({ page }) => {
    await openPage(page, '/our-philosophy', 'Our Philosophy');
    const enroll = page.getByRole('banner').getByRole('link', { name: 'Enroll Now', exact: true });
    await expect(enroll).toHaveAttribute('href', '/sessions');
    await enroll.click();
    await expect(page).toHaveURL('/sessions');
    await expect(page.getByRole('heading', { level: 1, name: 'Sessions', exact: true })).toBeVisible();
  });

  test('the footer has Home, Our Philosophy, Testimonials, FAQ and Contact Us, the © 2024 line and a cookie notice', async ({
    page,
  }) => {
    await openPage(page, '/terms-and-conditions', 'Terms and Conditions');
    const footer = page.getByRole('contentinfo');
    const nav = footer.getByRole('navigation', { name: 'Footer' });
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'Our Philosophy',
      'Testimonials',
      'FAQ',
      'Contact Us',
    ]);
    const hrefs = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/', '/our-philosophy', '/testimonials', '/faq', '/contact-us']);
    await expect(footer.getByText(/^© 2024 Bright Oak Learning Center$/)).toBeVisible();
    await expect(footer.getByRole('heading', { name: /cookie/i })).toBeVisible();
    await expect(footer.getByText(/We don’t use cookies/)).toBeVisible();

    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us', exact: true })).toBeVisible();
    await page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page).toHaveURL('/');
  });

  test('following a footer link from the bottom of the home page scrolls the new page to the top', async ({
    page,
  }) => {
    await openPage(page, '/', 'A one-of-a-kind learning center');
    const footerLink = page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Testimonials' });
    await footerLink.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await footerLink.click();
    await expect(page).toHaveURL('/testimonials');
    await expect(page.getByRole('heading', { level: 1, name: 'Testimonials', exact: true })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // And it is still at the top once the page has settled (no late jump back down).
    await expect(page.getByRole('heading', { level: 1, name: 'Testimonials', exact: true })).toBeInViewport();
  });
});

test.describe('lazily loaded pages', () => {
  test('a public page arrives with its content while its code downloads, without the ... placeholder', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the FAQ page's code: the server's HTML must already show the page (issue 12).
    await page.route(/\/assets\/faq-page-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/faq', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
    release();
    // Once hydrated, links navigate in the app (no reload): the home page's heading replaces the FAQ's.
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Our Philosophy' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Philosophy' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  });

  test('show ... when a link leads to a page whose code is still downloading, not the previous page', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'A one-of-a-kind learning center' }),
    ).toBeVisible();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/testimonials-page-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Testimonials' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('...', { useInnerText: true });
    await expect(
      page.getByRole('heading', { level: 1, name: 'A one-of-a-kind learning center' }),
    ).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/testimonials$/);
  });
});
