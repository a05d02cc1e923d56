/**
 * spec §2's not-found page for any unmatched path. The page itself lives in layout/ (the route error page
 * and the staff guard show it too, and layout sits below pages: docs/architecture.md, "Layers").
 */
export { default, NOT_FOUND_TEXT } from '../../layout/not-found-page';
