/**
 * Every public route of spec §2 renders its page with the spec's exact texts, and the aliases. The route
 * guard, the 404 page, the header and footer links and scroll-to-top are in navigation.spec.ts.
 */

import { DEMO_SESSIONS, findSession, openPage, readLocalStorage, tokenExpiringIn } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const CENTER_EMAIL_SHOWN = 'hello@brightoaklearning.com';

/** The site chrome (header navigation and footer) that the main layout adds to every page. */
function expectMainLayout(page: Page) {
  return Promise.all([
    expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(),
    expect(page.getByRole('contentinfo')).toBeVisible(),
  ]);
}

test.describe('home page', () => {
  test('shows the spec hero: headline, subtitle and a button to the philosophy page', async ({ page }) => {
    await openPage(page, '/', 'A one-of-a-kind learning center');
    await expect(page.getByText('Now accepting new students', { exact: true })).toBeVisible();
    await expectMainLayout(page);
    const philosophy = page.getByRole('link', { name: 'Learn about our philosophy' });
    await expect(philosophy).toHaveAttribute('href', '/our-philosophy');
    await philosophy.click();
    await expect(page).toHaveURL('/our-philosophy');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Philosophy', exact: true })).toBeVisible();
  });

  test('shows a philosophy statement, the philosophy teaser and a testimonial with the Read Our Testimonials button', async ({
    page,
  }) => {
    await openPage(page, '/', 'A one-of-a-kind learning center');
    await expect(
      page.getByRole('region', { name: 'Our belief' }).getByRole('heading', { level: 2 }),
    ).toHaveText(/\S/);
    await expect(page.getByRole('heading', { level: 2, name: 'Our Philosophy', exact: true })).toBeVisible();
    const testimonial = page.getByRole('region', { name: 'What parents say' });
    await expect(testimonial.locator('blockquote')).toHaveText(/^“.{40,}”$/s);
    const button = testimonial.getByRole('link', { name: 'Read Our Testimonials', exact: true });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page).toHaveURL('/testimonials');
    await expect(page.getByRole('heading', { level: 1, name: 'Testimonials', exact: true })).toBeVisible();
  });

  test('shows Our Programs as two cards: the morning program and tutoring labelled Coming Fall 2024', async ({
    page,
  }) => {
    await openPage(page, '/', 'A one-of-a-kind learning center');
    const programs = page.getByRole('region', { name: 'Our Programs' });
    await expect(programs.getByRole('heading', { level: 3 })).toHaveCount(2);
    await expect(programs.getByRole('heading', { level: 3 }).first()).toHaveText(/Morning Program/);
    await expect(programs.getByText('Ages 3½–5')).toBeVisible();
    await expect(programs.getByText('Coming Fall 2024', { exact: true })).toBeVisible();
    await expect(programs.getByText(/Grades K–6/)).toBeVisible();
    await expect(programs.getByRole('link', { name: 'See sessions and enroll' })).toHaveAttribute(
      'href',
      '/sessions',
    );
    await expect(programs.getByRole('link', { name: 'Join the tutoring waitlist' })).toHaveAttribute(
      'href',
      '/tutoring-waitlist',
    );
  });

  test('shows a photo grid of nine images, each with alt text', async ({ page }) => {
    await openPage(page, '/', 'A one-of-a-kind learning center');
    const grid = page.getByRole('region', { name: 'A peek inside' }).getByRole('listitem');
    await expect(grid).toHaveCount(9);
    const alts = await grid
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''));
    expect(alts).toHaveLength(9);
    for (const alt of alts) expect(alt.trim().length, `alt text "${alt}"`).toBeGreaterThan(5);
    expect(new Set(alts).size, 'every photo has its own description').toBe(9);
  });

  test('shows the quick links: Schedule a Tour to the tour form, a review site, a childcare directory, Instagram and Facebook', async ({
    page,
  }) => {
    await openPage(page, '/', 'A one-of-a-kind learning center');
    const quickLinks = page.getByRole('region', { name: 'Come and see us' });
    const links = quickLinks.getByRole('link');
    await expect(links).toHaveCount(5);
    await expect(quickLinks.getByRole('link', { name: 'Schedule a Tour', exact: true })).toHaveAttribute(
      'href',
      '/contact?tour=true',
    );
    await expect(quickLinks.getByRole('link', { name: /yelp/i })).toHaveAttribute(
      'href',
      /^https:\/\/www\.yelp\.com\//,
    );
    await expect(quickLinks.getByRole('link', { name: /winnie/i })).toHaveAttribute(
      'href',
      /^https:\/\/winnie\.com\//,
    );
    for (const [name, host] of [
      ['Instagram', 'www.instagram.com'],
      ['Facebook', 'www.facebook.com'],
    ] as const) {
      const link = quickLinks.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', new RegExp(`^https://${host.replace(/\./g, '\\.')}/`));
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await quickLinks.getByRole('link', { name: 'Schedule a Tour', exact: true }).click();
    await expect(page).toHaveURL('/contact?tour=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Tour', exact: true })).toBeVisible();
  });
});

test.describe('content pages', () => {
  test('/our-philosophy shows the philosophy page in the main layout', async ({ page }) => {
    await openPage(page, '/our-philosophy', 'Our Philosophy');
    await expectMainLayout(page);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page).toHaveTitle('Our Philosophy · Bright Oak Learning Center');
  });

  test('/testimonials shows the families’ quotes', async ({ page }) => {
    await openPage(page, '/testimonials', 'Testimonials');
    await expectMainLayout(page);
    const quotes = page.getByRole('main').locator('blockquote');
    expect(await quotes.count()).toBeGreaterThanOrEqual(3);
    await expect(quotes.first()).toHaveText(/^“.{40,}”$/s);
  });

  for (const path of ['/faq', '/frequently-asked-questions']) {
    test(`${path} shows the FAQ page with its questions`, async ({ page }) => {
      await openPage(page, path, 'Frequently Asked Questions');
      await expectMainLayout(page);
      const question = page.getByRole('button', { name: 'What ages do you serve?' });
      await expect(question).toBeVisible();
      await question.click();
      await expect(
        page.getByText(/Our morning program is for children from 3½ to 5 years old/),
      ).toBeVisible();
    });
  }

  test('/faq and /frequently-asked-questions are the same page', async ({ page }) => {
    await openPage(page, '/faq', 'Frequently Asked Questions');
    const short = await page.getByRole('main').innerText();
    await openPage(page, '/frequently-asked-questions', 'Frequently Asked Questions');
    expect(await page.getByRole('main').innerText()).toBe(short);
  });

  for (const path of ['/contact', '/contact-us']) {
    test(`${path} shows the contact page: email, a California address, a phone number and a map`, async ({
      page,
    }) => {
      await openPage(page, path, 'Contact Us');
      await expectMainLayout(page);
      await expect(page.getByRole('form', { name: 'Contact Us' })).toBeVisible();
      const reach = page.getByRole('region', { name: 'Visit or reach us' });
      await expect(reach.getByRole('link', { name: CENTER_EMAIL_SHOWN })).toHaveAttribute(
        'href',
        `mailto:${CENTER_EMAIL_SHOWN}`,
      );
      await expect(reach.locator('address')).toHaveText(/, CA 9\d{4}$/);
      await expect(reach.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute(
        'href',
        /^tel:\+1\d{10}$/,
      );
      await expect(reach.getByRole('link', { name: /Open a larger map/ })).toHaveAttribute(
        'href',
        /^https:\/\/www\.openstreetmap\.org\//,
      );
      // The map iframe is created when its place comes near the viewport.
      await reach.getByRole('link', { name: /Open a larger map/ }).scrollIntoViewIfNeeded();
      const map = reach.locator('iframe');
      await expect(map).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
      await expect(map).toHaveAttribute('title', /^Map showing Bright Oak Learning Center/);
    });
  }

  test('/contact and /contact-us are the same page', async ({ page }) => {
    await openPage(page, '/contact', 'Contact Us');
    const contact = await page.getByRole('form').innerText();
    await openPage(page, '/contact-us', 'Contact Us');
    expect(await page.getByRole('form').innerText()).toBe(contact);
  });

  test('/contact?tour=true shows the schedule-a-tour variant of the contact form', async ({ page }) => {
    await openPage(page, '/contact?tour=true', 'Schedule a Tour');
    await expect(page.getByRole('form', { name: 'Schedule a Tour' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request a tour' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send us a message instead' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('/terms-and-conditions shows the last-modified line and the contact card', async ({ page }) => {
    await openPage(page, '/terms-and-conditions', 'Terms and Conditions');
    await expectMainLayout(page);
    await expect(page.getByText('last modified February 21, 2022', { exact: true })).toBeVisible();
    const card = page.getByRole('region', { name: 'Questions about these terms?' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Bright Oak Learning Center', { exact: true })).toBeVisible();
    await expect(card.locator('address')).toHaveText(/, CA 9\d{4}$/);
    await expect(card.getByRole('link', { name: CENTER_EMAIL_SHOWN })).toBeVisible();
  });

  test('/tutoring-waitlist shows the tutoring waitlist form (Coming Fall 2024)', async ({ page }) => {
    await openPage(page, '/tutoring-waitlist', 'Tutoring Waitlist');
    await expectMainLayout(page);
    await expect(page.getByText('Coming Fall 2024', { exact: true })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Join the tutoring waitlist' })).toBeVisible();
  });
});

test.describe('sessions', () => {
  test('/sessions lists the current demo sessions with their actions, and not the past one', async ({
    page,
  }) => {
    await openPage(page, '/sessions', 'Sessions');
    await expectMainLayout(page);
    const winter = page.getByRole('article', { name: DEMO_SESSIONS.winter });
    await expect(winter).toBeVisible();
    await expect(winter.getByRole('link', { name: `Enroll Now in ${DEMO_SESSIONS.winter}` })).toHaveAttribute(
      'href',
      /^\/sessions\/\d+\/enroll$/,
    );

    const preK = page.getByRole('article', { name: DEMO_SESSIONS.preK });
    await expect(preK.getByRole('link', { name: `Join the Waitlist for ${DEMO_SESSIONS.preK}` })).toHaveText(
      'Join the Waitlist',
    );
    await expect(
      preK.getByRole('link', { name: `Join the Waitlist for ${DEMO_SESSIONS.preK}` }),
    ).toHaveAttribute('href', /^\/sessions\/\d+\/waitlist$/);
    await expect(preK.getByRole('link', { name: /^Enroll Now/ })).toHaveCount(0);

    const scientists = page.getByRole('article', { name: DEMO_SESSIONS.scientists });
    await expect(scientists.getByText('Only 2 seats left', { exact: true })).toBeVisible();

    for (const name of [DEMO_SESSIONS.spring, DEMO_SESSIONS.summer, DEMO_SESSIONS.tutoring]) {
      await expect(page.getByRole('article', { name })).toBeVisible();
    }
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByText(DEMO_SESSIONS.fall)).toHaveCount(0);
  });

  test('/sessions/{id} shows the session with its price, supply fee and policies', async ({
    page,
    request,
  }) => {
    const session = await findSession(request, DEMO_SESSIONS.preK);
    await openPage(page, `/sessions/${session.id}`, session.name);
    const usd = (cents: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
    const facts = page.getByRole('region', { name: 'Dates and registration' });
    await expect(facts.getByText(usd(session.registrationPrice), { exact: true })).toBeVisible();
    await expect(facts.getByText(usd(session.supplyFee), { exact: true })).toBeVisible();
    await expect(facts.getByRole('link', { name: `Join the Waitlist for ${session.name}` })).toBeVisible();
    const policies = [session.expectationPolicy, session.dismissalPolicy, session.latePickupPolicy].filter(
      (p): p is { name: string } => p !== null,
    );
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies) {
      await expect(page.getByRole('heading', { level: 2, name: policy.name, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: '← All sessions' }).click();
    await expect(page).toHaveURL('/sessions');
  });

  test('/sessions/999999 shows a friendly not-found page with status 404, and the API answers 404', async ({
    page,
    request,
  }) => {
    const api = await request.get('/api/ClassSession/999999');
    expect(api.status()).toBe(404);
    const response = await page.goto('/sessions/999999');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'We couldn’t find that session' }),
    ).toBeVisible();
    await expectMainLayout(page);
    await page.getByRole('link', { name: 'See all sessions' }).click();
    await expect(page).toHaveURL('/sessions');
    await expect(page.getByRole('heading', { level: 1, name: 'Sessions', exact: true })).toBeVisible();
  });
});

test.describe('account pages (no main layout)', () => {
  test('/login shows email and password fields, the Login button and links to reset and register', async ({
    page,
  }) => {
    await openPage(page, '/login', 'Login');
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      /^\/register\?redirect=%2Fdashboard$/,
    );
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('/register shows the sign-up fields, the Sign up button, a login link and the terms note', async ({
    page,
  }) => {
    await openPage(page, '/register', 'Create your account');
    for (const label of ['First name', 'Last name', 'Email address'])
      await expect(page.getByLabel(label)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', /^\/login/);
    await expect(page.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('/password-reset shows the email field, Send reset link and Back to login, without the site header', async ({
    page,
  }) => {
    await openPage(page, '/password-reset', 'Reset your password');
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('/password-reset/{token} shows the new password and repeat fields', async ({ page }) => {
    await openPage(page, '/password-reset/some-token', 'Choose a new password');
    await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Repeat password', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('/logout clears the stored token and redirects to /login', async ({ page }) => {
    await openPage(page, '/', 'A one-of-a-kind learning center');
    await page.evaluate((token) => window.localStorage.setItem('token', token), tokenExpiringIn(3600));
    await page.goto('/logout');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login', exact: true })).toBeVisible();
    expect(await readLocalStorage(page, 'token')).toBeNull();
  });
});
