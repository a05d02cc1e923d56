import { routes } from '@lc/contract';

export type NavItem = { label: string; to: string };

/** spec §2 "Page chrome": the header links, in order. */
export const headerLinks: ReadonlyArray<NavItem> = [
  { label: 'Our Philosophy', to: routes.philosophy },
  { label: 'Testimonials', to: routes.testimonials },
  { label: 'FAQ', to: routes.faq },
  { label: 'Contact', to: routes.contact },
  { label: 'Student Portal', to: routes.dashboard },
];

/** spec §2: the small-screen drawer shows Home plus the header links. */
export const drawerLinks: ReadonlyArray<NavItem> = [{ label: 'Home', to: routes.home }, ...headerLinks];

/** spec §2: footer links. */
export const footerLinks: ReadonlyArray<NavItem> = [
  { label: 'Home', to: routes.home },
  { label: 'Our Philosophy', to: routes.philosophy },
  { label: 'Testimonials', to: routes.testimonials },
  { label: 'FAQ', to: routes.faq },
  { label: 'Contact Us', to: routes.contactUs },
];

export const enrollNow: NavItem = { label: 'Enroll Now', to: routes.sessions };
