/**
 * Public pages are real HTML (issue 12): each page's HTML, fetched without running any script, already holds
 * its content, its own title, description, canonical URL, Open Graph and Twitter tags and JSON-LD; unknown
 * paths answer 404. The browser side (hydration, forms before their code) is public-hydration.spec.ts.
 */

import { DEMO_SESSIONS, findSession } from '../support/app.ts';
import { BASE_URL } from '../support/env.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

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
