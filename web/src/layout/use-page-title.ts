import { useEffect } from 'react';
import { site } from '../content/site';

/** "Our Philosophy · Bright Oak Learning Center"; the center's name alone when no page title is given. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${site.name}` : site.name;
}

/** Sets document.title for the page being shown (every page has its own title, for tabs and screen readers). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
