/**
 * Each public page's own head (issue 12): title, description, canonical URL, Open Graph and Twitter card
 * tags, and JSON-LD, written into the server-rendered HTML so a shared link previews the page and search
 * engines read its content. Titles are built with `pageTitle`, the function the pages use for
 * `document.title`, so the tab title does not change when the page hydrates.
 */
import { type ClassSession, routes } from '@lc/contract';
import { philosophyCopy, termsCopy } from '../content/copy';
import { site } from '../content/site';
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
  /** The page's canonical path ("/faq" for both FAQ addresses). */
  canonicalPath: string;
  image: { src: string; width?: number; height?: number; alt: string };
  /** Open Graph type: "website" for most pages. */
  type: 'website' | 'article';
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
  jsonLd: JsonLd[];
};

/** What a page showed, for its head: the sessions list or one session (null: unknown id). */
export type HeadData = { sessions?: ReadonlyArray<ClassSession>; session?: ClassSession | null };

const defaultImage = SHARE_IMAGE;

const staticPages: Record<string, Omit<PageHead, 'image' | 'type' | 'jsonLd'> & { center?: boolean }> = {
  [routes.home]: {
    title: pageTitle(),
    description: site.description,
    canonicalPath: routes.home,
    center: true,
  },
  [routes.philosophy]: {
    title: pageTitle(philosophyCopy.title),
    description:
      'Why Bright Oak keeps groups small and mornings playful: how children learn through play, teachers who know every child, and a close partnership with families.',
    canonicalPath: routes.philosophy,
  },
  [routes.testimonials]: {
    title: pageTitle('Testimonials'),
    description: 'What Bright Oak families say about our morning program and teachers, in their own words.',
    canonicalPath: routes.testimonials,
  },
  [routes.faq]: {
    title: pageTitle('Frequently Asked Questions'),
    description:
      'Answers to what families ask us most: ages, hours, tuition, meals and allergies, drop-off and pickup, and how enrollment and waitlists work.',
    canonicalPath: routes.faq,
  },
  [routes.contact]: {
    title: pageTitle('Contact Us'),
    description: `Call ${site.phone}, email ${site.email} or visit us at ${site.address.street}, ${site.address.city}. We answer within one business day.`,
    canonicalPath: routes.contact,
    center: true,
  },
  [routes.terms]: {
    title: pageTitle(termsCopy.title),
    description: `The terms and conditions for using the ${site.name} website and parent portal.`,
    canonicalPath: routes.terms,
  },
  [routes.sessions]: {
    title: pageTitle('Sessions'),
    description:
      'Current and upcoming sessions at Bright Oak: dates, daily schedule, tuition and seats left. Enroll online, or join the waitlist when a session is full.',
    canonicalPath: routes.sessions,
  },
  [routes.tutoringWaitlist]: {
    title: pageTitle('Tutoring Waitlist'),
    description:
      'Join the waitlist for one-on-one and small-group tutoring in reading, writing and math for grades K–6. We contact families in the order they joined.',
    canonicalPath: routes.tutoringWaitlist,
  },
};
/** Two addresses, one page (spec §2): the short one is canonical. */
const aliases: Record<string, string> = {
  [routes.faqLong]: routes.faq,
  [routes.contactUs]: routes.contact,
};

const notFoundHead: PageHead = {
  title: pageTitle('Page not found'),
  description: 'This page does not exist. The rest of the site is right where you left it.',
  canonicalPath: routes.home,
  image: defaultImage,
  type: 'website',
  noindex: true,
  jsonLd: [],
};

/** At most `max` characters, cut at a word with an ellipsis. */
function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/**
 * The head of the public page at `pathname` (with `search` for the schedule-a-tour variant), given what
 * the page showed. `routePattern` is the matched route's pattern (e.g. "/sessions/:classSessionId") or
 * "*" for the 404 page.
 */
export function publicPageHead(
  routePattern: string,
  pathname: string,
  search: string,
  data: HeadData,
  origin: string,
): PageHead {
  if (routePattern === '*') return notFoundHead;
  if (routePattern === routes.session(':classSessionId')) {
    const session = data.session;
    if (!session) return { ...notFoundHead, title: pageTitle('Session not found') };
    return {
      title: pageTitle(session.name),
      description: clip(`${session.description} ${session.daySchedule}.`),
      canonicalPath: routes.session(session.id),
      image: session.thumbnail
        ? { src: session.thumbnail, alt: session.name }
        : { ...defaultImage, alt: `${session.name} at ${site.name}` },
      type: 'website',
      jsonLd: [sessionJsonLd(session, origin)],
    };
  }
  const page = staticPages[aliases[pathname] ?? pathname];
  if (!page) return notFoundHead;
  const isTour = pathname !== routes.home && new URLSearchParams(search).get('tour') === 'true';
  const { center, ...head } = page;
  return {
    ...head,
    ...(isTour && page.canonicalPath === routes.contact
      ? {
          title: pageTitle('Schedule a Tour'),
          description:
            'Come see our classrooms and meet our teachers. Tell us about your family and we will contact you to find a time for your tour.',
        }
      : {}),
    image: defaultImage,
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
  const canonical = `${origin}${head.canonicalPath}`;
  const image = absolute(head.image.src, origin);
  const meta = (attr: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:locale', 'en_US'),
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
