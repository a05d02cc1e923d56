/**
 * Rich text written by staff (policies, announcements; issue 10) is stored and shown as HTML, so it is
 * sanitised on the server on every write with `sanitize-html` and an allow-list: paragraphs, headings,
 * emphasis, lists, quotes and links (http, https, mailto, tel; opened safely). Scripts, styles, event
 * handlers, images and every other tag or attribute are removed (OWASP XSS Prevention Cheat Sheet, rule on
 * HTML sanitisation). What the editor (Mantine's tiptap editor) produces passes through unchanged.
 */
import sanitizeHtml from 'sanitize-html';

const SAFE_HREF = /^(https?:|mailto:|tel:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      // A link that keeps its address opens in a new tab without access to this page.
      attribs: SAFE_HREF.test(attribs.href ?? '')
        ? { href: attribs.href ?? '', target: '_blank', rel: 'noopener noreferrer' }
        : {},
    }),
  },
};

/** Sanitised HTML for `html` (a string staff typed or the editor produced); '' when nothing is left. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitised `html` has no visible text (e.g. "<p></p>"): a required rich-text field left empty. */
export function isBlankRichText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() === '';
}
