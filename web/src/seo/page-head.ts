/**
 * Each public page's own head (issue 12): title, description, canonical URL, Open Graph and Twitter card
 * tags, and JSON-LD, written into the server-rendered HTML so a shared link previews the page and search
 * engines read its content. Titles are built with `pageTitle`, the function the pages use for
 * `document.title`, so the tab title does not change when the page hydrates.
 */
import { type ClassSession, LANGUAGES, type Language, pathInLanguage, routes } from '@lc/contract';
import { heroImage } from '../content/photos';
import { site } from '../content/site';
import { COPY } from '../content/use-copy';
import { i18n } from '../i18n/i18n';
import { pageTitle } from '../layout/use-page-title';
import {
  absolute,
  centerJsonLd,
  type JsonLd,
  SHARE_IMAGE,
  sessionJsonLd,
  sessionListJsonLd,
} from './structured-data';

export type PageHead = {
  /** The whole `<title>`, e.g. "Sessions · Bright Oak Learning Center". */
  title: string;
  /** One or two sentences, at most about 160 characters. */
  description: string;
  /** The page's canonical path in English ("/faq" for both FAQ addresses); Spanish adds `/es`. */
  canonicalPath: string;
  image: { src: string; width?: number; height?: number; alt: string };
  /** Open Graph type: "website" for most pages. */
  type: 'website' | 'article';
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
  /** The language the page is written in. */
  language: Language;
  /** Whether the page has an address in each language (`hreflang` alternates, issue 14). */
  alternates?: boolean;
  /**
   * Images the page paints first and large, fetched early with `<link rel="preload">`. Only the page that
   * shows an image preloads it: a preload no page uses is a console warning (issue 21 item 20).
   */
  preloadImages?: string[];
  jsonLd: JsonLd[];
};

/** What a page showed, for its head: the sessions list or one session (null: unknown id). */
export type HeadData = { sessions?: ReadonlyArray<ClassSession>; session?: ClassSession | null };

const defaultImage = SHARE_IMAGE;

/** Open Graph's locale names (https://ogp.me/#optional). */
const OG_LOCALE: Record<Language, string> = { en: 'en_US', es: 'es_US' };

type StaticHead = Omit<PageHead, 'image' | 'type' | 'jsonLd' | 'language'> & { center?: boolean };

/** The public pages' heads in `language`: titles as the pages set them, descriptions from `seo.*`. */
function staticPages(language: Language): Record<string, StaticHead> {
  const t = i18n.getFixedT(language);
  const copy = COPY[language];
  return {
    [routes.home]: {
      title: pageTitle(),
      description: language === 'en' ? site.description : copy.homeCopy.intro,
      canonicalPath: routes.home,
      center: true,
      // The hero is the home page's largest paint on a phone.
      preloadImages: [heroImage.src],
    },
    [routes.philosophy]: {
      title: pageTitle(copy.philosophyCopy.title),
      description: t('seo.philosophy'),
      canonicalPath: routes.philosophy,
    },
    [routes.testimonials]: {
      title: pageTitle(t('testimonials.title')),
      description: t('seo.testimonials'),
      canonicalPath: routes.testimonials,
    },
    [routes.faq]: {
      title: pageTitle(t('faq.title')),
      description: t('seo.faq'),
      canonicalPath: routes.faq,
    },
    [routes.contact]: {
      title: pageTitle(t('contact.title')),
      description: t('seo.contact', {
        phone: site.phone,
        email: site.email,
        street: site.address.street,
        city: site.address.city,
      }),
      canonicalPath: routes.contact,
      center: true,
    },
    [routes.terms]: {
      title: pageTitle(copy.termsCopy.title),
      description: t('seo.terms', { center: site.name }),
      canonicalPath: routes.terms,
    },
    [routes.sessions]: {
      title: pageTitle(t('seo.sessionsTitle')),
      description: t('seo.sessions'),
      canonicalPath: routes.sessions,
    },
    [routes.tutoringWaitlist]: {
      title: pageTitle(t('seo.tutoringTitle')),
      description: t('seo.tutoring'),
      canonicalPath: routes.tutoringWaitlist,
    },
  };
}
/** Two addresses, one page (spec §2): the short one is canonical. */
const aliases: Record<string, string> = {
  [routes.faqLong]: routes.faq,
  [routes.contactUs]: routes.contact,
};

function notFoundHead(language: Language): PageHead {
  const t = i18n.getFixedT(language);
  return {
    title: pageTitle(t('notFound.title')),
    description: t('seo.notFound'),
    canonicalPath: routes.home,
    language,
    image: { ...defaultImage, alt: t('seo.shareImageAlt') },
    type: 'website',
    noindex: true,
    jsonLd: [],
  };
}

/** At most `max` characters, cut at a word with an ellipsis. */
function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/**
 * The head of the public page at `pathname` (its English address, with `search` for the schedule-a-tour
 * variant), in `language`, given what the page showed. `routePattern` is the matched route's pattern (e.g.
 * "/sessions/:classSessionId") or "*" for the 404 page. The page's addresses in both languages are its
 * alternates (issue 14); the canonical address is the one in `language`.
 */
export function publicPageHead(
  routePattern: string,
  pathname: string,
  search: string,
  data: HeadData,
  origin: string,
  language: Language = 'en',
): PageHead {
  const t = i18n.getFixedT(language);
  if (routePattern === '*') return notFoundHead(language);
  if (routePattern === routes.session(':classSessionId')) {
    const session = data.session;
    if (!session) return { ...notFoundHead(language), title: pageTitle(t('seo.sessionNotFound')) };
    return {
      title: pageTitle(session.name),
      description: clip(`${session.description} ${session.daySchedule}.`),
      canonicalPath: routes.session(session.id),
      language,
      alternates: true,
      image: session.thumbnail
        ? { src: session.thumbnail, alt: session.name }
        : { ...defaultImage, alt: t('seo.sessionImageAlt', { session: session.name, center: site.name }) },
      type: 'website',
      jsonLd: [sessionJsonLd(session, origin)],
    };
  }
  const page = staticPages(language)[aliases[pathname] ?? pathname];
  if (!page) return notFoundHead(language);
  const isTour = pathname !== routes.home && new URLSearchParams(search).get('tour') === 'true';
  const { center, ...head } = page;
  return {
    ...head,
    ...(isTour && page.canonicalPath === routes.contact
      ? { title: pageTitle(t('contact.tourTitle')), description: t('seo.tour') }
      : {}),
    language,
    alternates: true,
    image: { ...defaultImage, alt: t('seo.shareImageAlt') },
    type: 'website',
    jsonLd: [
      ...(center ? [centerJsonLd(origin)] : []),
      ...(pathname === routes.sessions && data.sessions ? [sessionListJsonLd(data.sessions, origin)] : []),
    ],
  };
}

/** Text safe inside an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON inside `<script type="application/ld+json">`: `<` escaped so no text can end the element. */
function jsonLdScript(data: JsonLd): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}

/** The head elements as HTML, with absolute URLs built from `origin` (APP_URL). */
export function headHtml(head: PageHead, origin: string): string {
  const address = (language: Language) => `${origin}${pathInLanguage(head.canonicalPath, language)}`;
  const canonical = head.noindex ? `${origin}${head.canonicalPath}` : address(head.language);
  const image = absolute(head.image.src, origin);
  const meta = (attr: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;
  const alternate = (hreflang: string, href: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...(head.preloadImages ?? []).map(
      (src) => `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high" />`,
    ),
    ...(head.alternates
      ? [
          ...LANGUAGES.map((language) => alternate(language, address(language))),
          alternate('x-default', address('en')),
        ]
      : []),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:locale', OG_LOCALE[head.language]),
    ...(head.alternates
      ? LANGUAGES.filter((l) => l !== head.language).map((l) =>
          meta('property', 'og:locale:alternate', OG_LOCALE[l]),
        )
      : []),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    ...(head.image.width ? [meta('property', 'og:image:width', head.image.width)] : []),
    ...(head.image.height ? [meta('property', 'og:image:height', head.image.height)] : []),
    meta('property', 'og:image:alt', head.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', head.image.alt),
    ...head.jsonLd.map(jsonLdScript),
  ].join('\n    ');
}
