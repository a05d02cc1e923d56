import { routes } from '@lc/contract';

/** A link of the page chrome: its message key (`header.*` in `i18n/locales`) and where it goes. */
export type NavItem = {
  labelKey:
    | 'header.home'
    | 'header.ourPhilosophy'
    | 'header.testimonials'
    | 'header.faq'
    | 'header.contact'
    | 'header.contactUs'
    | 'header.studentPortal'
    | 'header.enrollNow'
    | 'header.staff';
  to: string;
};

/** spec §2 "Page chrome": the header links, in order (English: Our Philosophy, Testimonials, FAQ, …). */
export const headerLinks: ReadonlyArray<NavItem> = [
  { labelKey: 'header.ourPhilosophy', to: routes.philosophy },
  { labelKey: 'header.testimonials', to: routes.testimonials },
  { labelKey: 'header.faq', to: routes.faq },
  { labelKey: 'header.contact', to: routes.contact },
  { labelKey: 'header.studentPortal', to: routes.dashboard },
];

/** spec §2: the small-screen drawer shows Home plus the header links. */
export const drawerLinks: ReadonlyArray<NavItem> = [
  { labelKey: 'header.home', to: routes.home },
  ...headerLinks,
];

/** spec §2: footer links. */
export const footerLinks: ReadonlyArray<NavItem> = [
  { labelKey: 'header.home', to: routes.home },
  { labelKey: 'header.ourPhilosophy', to: routes.philosophy },
  { labelKey: 'header.testimonials', to: routes.testimonials },
  { labelKey: 'header.faq', to: routes.faq },
  { labelKey: 'header.contactUs', to: routes.contactUs },
];

export const enrollNow: NavItem = { labelKey: 'header.enrollNow', to: routes.sessions };
