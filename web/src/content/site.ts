/**
 * The center's facts in one typed place: name, address, phone, email, links. A center running this
 * product edits this file (and `copy.ts`) to make the site its own; nothing else hard-codes these.
 */
export const site = {
  name: 'Bright Oak Learning Center',
  shortName: 'Bright Oak',
  email: 'hello@brightoaklearning.com',
  /** Displayed as written; `phoneHref` is what a phone dials. */
  phone: '(650) 555-0148',
  phoneHref: 'tel:+16505550148',
  address: {
    street: '1482 Alameda de las Pulgas',
    city: 'Redwood City',
    state: 'CA',
    zip: '94061',
  },
  hours: 'Monday to Friday, 8:00 am – 5:30 pm',
  /** The same hours for search engines (schema.org openingHoursSpecification, 24-hour local times). */
  openingHours: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '08:00',
    closes: '17:30',
  },
  /** Where the front door is (the map marker), for search engines and maps. */
  geo: { latitude: 37.4751, longitude: -122.2381 },
  /** Ages served, in years (spec: 3½ to 12). */
  ages: { min: 3.5, max: 12 },
  /** One sentence about the center: the home page's description in search results and link previews. */
  description:
    'Bright Oak Learning Center in Redwood City, California: a warm, play-based morning program for ages 3½–5 and K–6 tutoring. Now accepting new students.',
  /** OpenStreetMap embed for the contact page (loads lazily). */
  mapEmbedUrl:
    'https://www.openstreetmap.org/export/embed.html?bbox=-122.2460%2C37.4700%2C-122.2300%2C37.4800&layer=mapnik&marker=37.4751%2C-122.2381',
  mapLinkUrl: 'https://www.openstreetmap.org/?mlat=37.4751&mlon=-122.2381#map=17/37.4751/-122.2381',
  links: {
    reviews: {
      label: 'Read our reviews on Yelp',
      url: 'https://www.yelp.com/biz/bright-oak-learning-center-redwood-city',
    },
    directory: {
      label: 'Find us on Winnie',
      url: 'https://winnie.com/place/bright-oak-learning-center-redwood-city',
    },
    instagram: { label: 'Instagram', url: 'https://www.instagram.com/brightoaklearning' },
    facebook: { label: 'Facebook', url: 'https://www.facebook.com/brightoaklearning' },
  },
  /** spec §9: footer year. */
  copyrightYear: 2024,
} as const;
