/**
 * schema.org structured data (JSON-LD) for the public pages (issue 12), built from the same facts the
 * pages show: the center from `content/site.ts`, a session from the catalog API's answer. JSON-LD is data,
 * not script (`<script type="application/ld+json">`), so the strict CSP is untouched.
 * Vocabulary: https://schema.org/ChildCare, https://schema.org/Course, https://schema.org/Offer.
 */
import { type ClassSession, routes } from '@lc/contract';
import { logoImage } from '../content/photos';
import { site } from '../content/site';

export type JsonLd = Record<string, unknown>;

/** The center as a schema.org ChildCare (a LocalBusiness): address, geo, phone, hours, links. */
export function centerJsonLd(origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ChildCare',
    '@id': `${origin}/#center`,
    name: site.name,
    description: site.description,
    url: `${origin}/`,
    logo: `${origin}${logoImage.src}`,
    image: `${origin}${SHARE_IMAGE.src}`,
    telephone: site.phoneHref.replace(/^tel:/, ''),
    email: site.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.state,
      postalCode: site.address.zip,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: site.openingHours.days,
      opens: site.openingHours.opens,
      closes: site.openingHours.closes,
    },
    hasMap: site.mapLinkUrl,
    sameAs: [site.links.instagram.url, site.links.facebook.url, site.links.reviews.url],
  };
}

/**
 * schema.org availability of a session's seats: sold out when no seat is left, pre-sale while only the
 * priority window is open, pre-order before registration opens, limited when three or fewer seats are left.
 */
export function sessionAvailability(session: ClassSession): string {
  const base = 'https://schema.org/';
  if (session.registrationState === 'Closed') return `${base}Discontinued`;
  if (session.registrationState === 'WaitlistOnly') return `${base}OutOfStock`;
  if (session.seatsLeft <= 0 || session.registrationState === 'Full') return `${base}SoldOut`;
  if (session.registrationState === 'Upcoming') return `${base}PreOrder`;
  if (session.registrationState === 'PriorityOpen') return `${base}PreSale`;
  return `${base}${session.seatsLeft <= 3 ? 'LimitedAvailability' : 'InStock'}`;
}

/** Dollars as schema.org wants a price: "1450.00" from 145000 cents. */
function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * A session as a schema.org Course with one on-site CourseInstance and its Offer. The price is what one
 * child's place costs (registration plus supply fee, the enroll page's per-child total); availability
 * comes from the seats left at the moment the page was rendered.
 */
export function sessionJsonLd(session: ClassSession, origin: string): JsonLd {
  const url = `${origin}${routes.session(session.id)}`;
  const price = session.registrationPrice + session.supplyFee;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': `${url}#course`,
    name: session.name,
    description: session.description,
    url,
    ...(session.thumbnail ? { image: absolute(session.thumbnail, origin) } : {}),
    provider: { '@type': 'ChildCare', '@id': `${origin}/#center`, name: site.name, url: `${origin}/` },
    ...(session.classSection ? { isPartOf: { '@type': 'Course', name: session.classSection.name } } : {}),
    audience: {
      '@type': 'PeopleAudience',
      suggestedMinAge: site.ages.min,
      suggestedMaxAge: site.ages.max,
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      startDate: session.sessionStartDate,
      endDate: session.sessionEndDate,
      courseSchedule: { '@type': 'Schedule', description: session.daySchedule },
      location: {
        '@type': 'Place',
        name: site.name,
        address: `${site.address.street}, ${site.address.city}, ${site.address.state} ${site.address.zip}`,
      },
    },
    offers: {
      '@type': 'Offer',
      category: price === 0 ? 'Free' : 'Paid',
      price: dollars(price),
      priceCurrency: 'USD',
      availability: sessionAvailability(session),
      url,
      ...(session.registrationStartDate ? { validFrom: session.registrationStartDate } : {}),
      ...(session.registrationEndDate ? { validThrough: session.registrationEndDate } : {}),
      inventoryLevel: { '@type': 'QuantitativeValue', value: Math.max(0, session.seatsLeft) },
    },
  };
}

/** The sessions page: an ItemList pointing at each session's own page. */
export function sessionListJsonLd(sessions: ReadonlyArray<ClassSession>, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: sessions.map((session, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: `${origin}${routes.session(session.id)}`,
      name: session.name,
    })),
  };
}

/** The picture a shared link shows (Open Graph and Twitter cards want a raster image, 1200 × 630). */
export const SHARE_IMAGE = {
  src: '/images/share-card.png',
  width: 1200,
  height: 630,
  alt: 'Bright Oak Learning Center: a cozy learning center beside a big oak tree',
} as const;

/** An absolute URL for a site-relative one. */
export function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}
