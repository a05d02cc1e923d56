/**
 * Keep secrets out of the logs (OWASP Logging Cheat Sheet; issue 3, issue 21 item 7). Fastify logs the URL of
 * every request, and some addresses carry a one-time secret: the request serializer replaces each of them with
 * `[redacted]` and keeps the route's shape. {@link SECRET_PATHS} and {@link SECRET_QUERY_PARAMETERS} are the one
 * list of where secrets travel in an address; a route that puts a new secret in a URL adds itself here
 * (server/test/log-redaction.test.ts requests every pattern and checks the log). Bodies (passwords, pass codes)
 * and headers (session, kiosk and Apple Wallet tokens in Authorization) are never logged. The pass page keeps
 * its code in the fragment (`/pass#…`), which browsers never send.
 */
import type { FastifyRequest } from 'fastify';

/**
 * Every path that carries a secret, as a route pattern: `*` is the secret segment (redacted), `:name` an
 * ordinary segment (kept). Matched anywhere in the path, letter case ignored.
 */
export const SECRET_PATHS = [
  // Password reset links, and the team invitation's link, which sets the first password on the same page.
  '/password-reset/*',
  '/api/UserAuthentication/ResetPassword/*',
  // Email confirmation links.
  '/confirm-email/*',
  '/api/UserAuthentication/ConfirmEmail/*',
  // A co-parent invitation's link (the API takes its token in the body).
  '/dashboard/family/join/*',
  // Checkout ids: the payment provider's return addresses, the confirmation call, the built-in test checkout.
  '/sessions/:classSessionId/enrollment-successful/*',
  '/sessions/:classSessionId/enrollment-failed/*',
  '/api/ClassSessionEnrollment/Confirmation/*',
  '/test-checkout/*',
  // A setup checkout's id (saving a card or bank account for autopay, issue 23).
  '/api/Billing/Autopay/Setup/*',
  // Apple Wallet's device library identifier, the secret of the "passes updated since" call.
  '/api/passes/v1/devices/*',
  // A family's calendar subscription address (issue 24).
  '/api/calendar/*',
] as const;

/**
 * Query parameters that carry a secret, wherever they appear: signed file and pass links (`signature`), and the
 * names other links and payment providers use for tokens and checkout ids.
 */
export const SECRET_QUERY_PARAMETERS = [
  'signature',
  'sig',
  'token',
  'code',
  'session_id',
  // Billing's return addresses carry the checkout id (pay now: `paid`, `cancelled`; saving a method: `method`).
  'paid',
  'cancelled',
  'method',
] as const;

const REDACTED = '[redacted]';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One expression for all of SECRET_PATHS: the part before each `*` is captured and kept. */
const secretPath = new RegExp(
  SECRET_PATHS.map(
    (pattern) =>
      `(${pattern
        .split('/')
        .map((segment) =>
          segment === '*' ? '' : segment.startsWith(':') ? '[^/?#]+' : escapeRegExp(segment),
        )
        .join('/')})[^/?#]+`,
  ).join('|'),
  'gi',
);
const secretQuery = new RegExp(
  `([?&;](?:${SECRET_QUERY_PARAMETERS.map(escapeRegExp).join('|')})=)[^&;#]*`,
  'gi',
);

/** `url` (a path with an optional query, or a whole address) with every secret of the lists replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url
    .replace(secretPath, (...groups: unknown[]) => {
      const kept = groups.slice(1, SECRET_PATHS.length + 1).find((group) => typeof group === 'string');
      return `${kept ?? ''}${REDACTED}`;
    })
    .replace(secretQuery, `$1${REDACTED}`);
}

/** Fastify's default request log fields, with the URL redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
