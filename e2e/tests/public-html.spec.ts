/**
 * Public pages are real HTML (issue 12): each page's HTML, fetched without running any script, already holds
 * its content, its own title, description, canonical URL, Open Graph and Twitter tags and JSON-LD; unknown
 * paths answer 404; and in the browser the page hydrates without errors and without fetching its data again.
 */

import { DEMO_SESSIONS, findSession } from '../support/app.ts';
import { BASE_URL } from '../support/env.ts';
import { useTheme } from '../support/fixtures.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

const NOT_FOUND_TEXT = 'Oops! Looks like you followed a bad link.';

/** The page's HTML as a crawler or link preview sees it: no script runs. */
async function fetchHtml(request: APIRequestContext, path: string, accept = 'text/html') {
  const res = await request.get(path, { headers: { accept } });
  return { status: res.status(), type: res.headers()['content-type'] ?? '', html: await res.text() };
}

/** An HTML-escaped text as a person reads it. */
function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function headTag(html: string, pattern: RegExp): string | undefined {
  const found = pattern.exec(html)?.[1];
  return found === undefined ? undefined : decode(found);
}

const meta = (html: string, attr: 'name' | 'property', key: string) =>
  headTag(html, new RegExp(`<meta ${attr}="${key.replace(':', '\\:')}" content="([^"]*)"`));

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

/** Visible text of the server's #root, tags removed. */
function bodyText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'));
  return decode(
    root
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );
}

const pages: Array<{ path: string; title: string; text: string; canonical: string }> = [
  { path: '/', title: 'Bright Oak Learning Center', text: 'A one-of-a-kind learning center', canonical: '/' },
  {
    path: '/our-philosophy',
    title: 'Our Philosophy · Bright Oak Learning Center',
    text: 'Play is how young children learn',
    canonical: '/our-philosophy',
  },
  {
    path: '/testimonials',
    title: 'Testimonials · Bright Oak Learning Center',
    text: 'Testimonials',
    canonical: '/testimonials',
  },
  {
    path: '/faq',
    title: 'Frequently Asked Questions · Bright Oak Learning Center',
    text: 'Frequently Asked Questions',
    canonical: '/faq',
  },
  {
    path: '/frequently-asked-questions',
    title: 'Frequently Asked Questions · Bright Oak Learning Center',
    text: 'Frequently Asked Questions',
    canonical: '/faq',
  },
  {
    path: '/contact',
    title: 'Contact Us · Bright Oak Learning Center',
    text: '(650) 555-0148',
    canonical: '/contact',
  },
  {
    path: '/contact-us',
    title: 'Contact Us · Bright Oak Learning Center',
    text: '(650) 555-0148',
    canonical: '/contact',
  },
  {
    path: '/contact?tour=true',
    title: 'Schedule a Tour · Bright Oak Learning Center',
    text: 'Schedule a Tour',
    canonical: '/contact',
  },
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions · Bright Oak Learning Center',
    text: 'last modified February 21, 2022',
    canonical: '/terms-and-conditions',
  },
  {
    path: '/sessions',
    title: 'Sessions · Bright Oak Learning Center',
    text: DEMO_SESSIONS.winter,
    canonical: '/sessions',
  },
  {
    path: '/tutoring-waitlist',
    title: 'Tutoring Waitlist · Bright Oak Learning Center',
    text: 'Coming Fall 2024',
    canonical: '/tutoring-waitlist',
  },
];

test.describe('public pages as HTML, before any script runs', () => {
  for (const page of pages) {
    test(`${page.path} answers its content, title, description, canonical and share tags`, async ({
      request,
    }) => {
      const { status, type, html } = await fetchHtml(request, page.path);
      expect(status).toBe(200);
      expect(type).toContain('text/html');
      expect(bodyText(html)).toContain(page.text);
      expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe(page.title);
      expect(html.match(/<title>/g)).toHaveLength(1);
      const description = meta(html, 'name', 'description') ?? '';
      expect(description.length).toBeGreaterThan(50);
      expect(description.length).toBeLessThanOrEqual(170);
      expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${BASE_URL}${page.canonical}`);
      expect(meta(html, 'property', 'og:title')).toBe(page.title);
      expect(meta(html, 'property', 'og:description')).toBe(description);
      expect(meta(html, 'property', 'og:url')).toBe(`${BASE_URL}${page.canonical}`);
      expect(meta(html, 'property', 'og:image')).toBe(`${BASE_URL}/images/share-card.png`);
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
      // No inline script may be needed to show the page: the CSP allows none.
      expect(html).not.toMatch(/<script>(?!<\/script>)/);
    });
  }

  test('every public page has its own title and description', async ({ request }) => {
    const distinct = [
      '/',
      '/our-philosophy',
      '/testimonials',
      '/faq',
      '/contact',
      '/terms-and-conditions',
      '/sessions',
    ];
    const heads = await Promise.all(distinct.map((path) => fetchHtml(request, path)));
    const titles = new Set(heads.map(({ html }) => headTag(html, /<title>([^<]*)<\/title>/)));
    const descriptions = new Set(heads.map(({ html }) => meta(html, 'name', 'description')));
    expect(titles.size).toBe(distinct.length);
    expect(descriptions.size).toBe(distinct.length);
  });

  test('a Spanish address is the page in Spanish, naming its English twin (issue 14: hreflang)', async ({
    request,
  }) => {
    const { status, html } = await fetchHtml(request, '/es/our-philosophy');
    expect(status).toBe(200);
    expect(html).toMatch(/<html lang="es"/);
    expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe('Nuestra filosofía · Bright Oak Learning Center');
    expect(bodyText(html)).toContain('Nuestra filosofía');
    expect(bodyText(html)).not.toContain('Play is how young children learn');
    expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${BASE_URL}/es/our-philosophy`);
    expect(meta(html, 'property', 'og:locale')).toBe('es_US');
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(alternates).toEqual([
      `en ${BASE_URL}/our-philosophy`,
      `es ${BASE_URL}/es/our-philosophy`,
      `x-default ${BASE_URL}/our-philosophy`,
    ]);
    // The English page names the same two addresses.
    const english = await fetchHtml(request, '/our-philosophy');
    expect(english.html).toMatch(/<html lang="en"/);
    expect(english.html).toContain(
      `<link rel="alternate" hreflang="es" href="${BASE_URL}/es/our-philosophy" />`,
    );
    // A Spanish page links to Spanish pages, as search engines expect of language versions.
    expect(html).toContain('href="/es/contact?tour=true"');
    expect(html).not.toContain('href="/contact?tour=true"');
    // Only public pages have a Spanish address.
    const portal = await fetchHtml(request, '/es/dashboard');
    expect(portal.status).toBe(404);
    expect(bodyText(portal.html)).toContain('¡Uy! Parece que este enlace no lleva a ninguna parte.');
  });

  test('a page preloads only pictures it shows: the hero on the home page, nowhere else (no "preloaded but not used")', async ({
    request,
  }) => {
    const heroPreload = '<link rel="preload" as="image" href="/images/hero.svg" fetchpriority="high" />';
    for (const path of ['/', '/es'])
      expect((await fetchHtml(request, path)).html, path).toContain(heroPreload);
    const session = await findSession(request, DEMO_SESSIONS.winter);
    for (const path of ['/', '/sessions', `/sessions/${session.id}`, '/faq', '/contact', '/login']) {
      const { html } = await fetchHtml(request, path);
      if (path !== '/') expect(html, path).not.toContain('href="/images/hero.svg"');
      // Every image a page preloads is one it shows (React adds preloads for the pictures it renders).
      const preloaded = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1]);
      for (const href of preloaded) expect(html, `${path} preloads ${href}`).toContain(`src="${href}"`);
    }
  });

  test('the share card image is served', async ({ request }) => {
    const res = await request.get('/images/share-card.png');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  });

  test('the home and contact pages describe the center as a schema.org ChildCare', async ({ request }) => {
    for (const path of ['/', '/contact']) {
      const center = jsonLd((await fetchHtml(request, path)).html).find((d) => d['@type'] === 'ChildCare');
      expect(center, path).toMatchObject({
        name: 'Bright Oak Learning Center',
        telephone: '+16505550148',
        address: {
          streetAddress: '1482 Alameda de las Pulgas',
          addressLocality: 'Redwood City',
          addressRegion: 'CA',
        },
        geo: { '@type': 'GeoCoordinates' },
        openingHoursSpecification: { opens: '08:00', closes: '17:30' },
      });
    }
  });

  test('a session page holds the session, its price and its seats as a schema.org Course with an Offer', async ({
    request,
  }) => {
    const session = await findSession(request, DEMO_SESSIONS.scientists);
    const { status, html } = await fetchHtml(request, `/sessions/${session.id}`);
    expect(status).toBe(200);
    expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe(`${session.name} · Bright Oak Learning Center`);
    expect(bodyText(html)).toContain(session.name);
    expect(bodyText(html)).toContain('Dates and registration');
    const course = jsonLd(html).find((d) => d['@type'] === 'Course');
    expect(course).toMatchObject({
      name: session.name,
      url: `${BASE_URL}/sessions/${session.id}`,
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Onsite' },
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        price: ((session.registrationPrice + session.supplyFee) / 100).toFixed(2),
        availability: 'https://schema.org/LimitedAvailability',
        inventoryLevel: { value: 2 },
      },
    });
    const full = await findSession(request, DEMO_SESSIONS.preK);
    const fullCourse = jsonLd((await fetchHtml(request, `/sessions/${full.id}`)).html).find(
      (d) => d['@type'] === 'Course',
    );
    expect(fullCourse).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
  });

  test('the sessions page lists each session page in an ItemList', async ({ request }) => {
    const list = jsonLd((await fetchHtml(request, '/sessions')).html).find((d) => d['@type'] === 'ItemList');
    const items = (list?.itemListElement ?? []) as Array<{ name: string; url: string }>;
    const names = items.map((item) => item.name);
    expect(names).toContain(DEMO_SESSIONS.winter);
    expect(names).not.toContain(DEMO_SESSIONS.fall);
  });

  test('unknown paths and sessions answer 404 with the spec’s not-found page', async ({ request }) => {
    for (const path of [
      '/no/such/page',
      '/dashboard/not-a-page',
      '/sessions/999999',
      '/sessions/not-a-number',
    ]) {
      const { status, html } = await fetchHtml(request, path);
      expect(status, path).toBe(404);
      expect(meta(html, 'name', 'robots'), path).toBe('noindex');
    }
    expect(bodyText((await fetchHtml(request, '/no/such/page')).html)).toContain(NOT_FOUND_TEXT);
    expect(bodyText((await fetchHtml(request, '/sessions/999999')).html)).toContain(
      'We couldn’t find that session',
    );
  });

  test('a request that accepts anything (curl) gets the page; one asking for JSON gets a JSON 404', async ({
    request,
  }) => {
    const any = await fetchHtml(request, '/', '*/*');
    expect(any.status).toBe(200);
    expect(bodyText(any.html)).toContain('A one-of-a-kind learning center');
    const json = await request.get('/no/such/page', { headers: { accept: 'application/json' } });
    expect(json.status()).toBe(404);
    expect(await json.json()).toMatchObject({ error: 'Not Found' });
  });

  test('portal and sign-in pages stay browser-rendered shells (nothing of a family is ever in the HTML)', async ({
    request,
  }) => {
    for (const path of ['/dashboard', '/login', '/register']) {
      const { status, html } = await fetchHtml(request, path);
      expect(status, path).toBe(200);
      expect(html, path).toContain('<div id="root"></div>');
    }
  });
});

/** Opens `path`, collecting console errors and the catalog API calls the page makes. */
async function openAndWatch(page: Page, path: string) {
  const errors: string[] = [];
  const catalogCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/ClassSession')) catalogCalls.push(r.url());
  });
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  return { response, errors, catalogCalls };
}

test.describe('hydration', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`public pages hydrate without errors and without fetching their data again (${theme})`, async ({
      page,
      request,
    }) => {
      await useTheme(page, theme);
      const session = await findSession(request, DEMO_SESSIONS.winter);
      for (const path of [
        // The Spanish addresses (issue 14) hydrate in Spanish, from what the server formatted in Spanish.
        '/es',
        '/es/sessions',
        `/es/sessions/${session.id}`,
        '/',
        '/sessions',
        `/sessions/${session.id}`,
        '/contact?tour=true',
        '/faq',
      ]) {
        const { response, errors, catalogCalls } = await openAndWatch(page, path);
        expect(response?.status(), path).toBe(200);
        expect(errors, path).toEqual([]);
        expect(catalogCalls, path).toEqual([]);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      }
      // The theme switch was hydrated: it names the other theme and works.
      const next = theme === 'dark' ? 'light' : 'dark';
      await page.getByRole('button', { name: `Switch to ${next} theme` }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', next);
    });
  }

  test('pages wake up on what the server formatted (no Intl started) and with every style already linked', async ({
    page,
    request,
  }) => {
    // Starting Intl costs a phone ~40 ms in one block; the server's dates and prices are replayed instead.
    await page.addInitScript(() => {
      const started: string[] = [];
      (window as unknown as { intlStarted: string[] }).intlStarted = started;
      for (const name of ['DateTimeFormat', 'NumberFormat', 'ListFormat', 'Collator'] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        (Intl as unknown as Record<string, unknown>)[name] = class extends Original {
          constructor(...args: unknown[]) {
            super(...args);
            started.push(name);
          }
        };
      }
      const compare = String.prototype.localeCompare;
      String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
        started.push('localeCompare');
        return compare.apply(this, args);
      };
    });
    const session = await findSession(request, DEMO_SESSIONS.winter);
    for (const path of ['/', '/sessions', `/sessions/${session.id}`]) {
      const html = (await fetchHtml(request, path)).html;
      const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
      expect(linked, path).toHaveLength(1);
      const { errors } = await openAndWatch(page, path);
      expect(errors, path).toEqual([]);
      // Hydrated: the theme switch answers.
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      expect(
        await page.evaluate(() => (window as unknown as { intlStarted: string[] }).intlStarted),
        path,
      ).toEqual([]);
      // No stylesheet arrived with the code: what painted first was already styled.
      const sheets = await page.evaluate(() =>
        Array.from(document.styleSheets, (s) => s.href).filter((href): href is string => href !== null),
      );
      expect(
        sheets.map((href) => new URL(href).pathname),
        path,
      ).toEqual(linked);
    }
    await expect(page.getByText('$1,850.00').first()).toBeVisible();
  });

  test('coming back to the sessions list in the app loads fresh seat counts', async ({ page }) => {
    const { catalogCalls } = await openAndWatch(page, '/sessions');
    expect(catalogCalls).toEqual([]);
    await page.getByRole('link', { name: 'Our Philosophy' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Philosophy' })).toBeVisible();
    const fetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/ClassSession');
    await page.goBack();
    await fetched;
    await expect(page.getByRole('article', { name: DEMO_SESSIONS.winter })).toBeVisible();
  });

  test('the 404 page hydrates and its Back home button works', async ({ page }) => {
    const { response, errors } = await openAndWatch(page, '/no/such/page');
    expect(response?.status()).toBe(404);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.getByRole('link', { name: 'Back home' }).click();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'A one-of-a-kind learning center' }),
    ).toBeVisible();
  });
});

test.describe('forms before their code runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, submit] of [
    ['/contact', 'Send message'],
    ['/tutoring-waitlist', 'Join the waitlist'],
  ] as const) {
    test(`${path}: the server-rendered form cannot send a bare form (nothing of a family lands in a URL)`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('button', { name: submit })).toBeDisabled();
    });
  }
});

test('once the code runs, the contact form can be sent', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
});
