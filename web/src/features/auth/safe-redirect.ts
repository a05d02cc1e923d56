/** Where to go after signing in when nothing else was asked for (spec §9). */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

/**
 * Returns `value` when it is a path on this site, otherwise undefined. Only "/something" is accepted:
 * never an absolute URL, a protocol-relative "//host", "/\host" (browsers read "\" as "/"), or a path with
 * control characters (the URL parser drops tabs and newlines, which could turn "/\t/host" into "//host").
 * This is what keeps `?redirect=` from becoming an open redirect (OWASP Unvalidated Redirects cheat sheet).
 */
export function sameSitePath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/**
 * The page to return to after login or sign-up: `location.state.from` set by the route guard (a path string
 * or a location object), else the `redirect` query parameter, else /dashboard. Links back to the account
 * pages themselves are ignored so a person never lands on the form they just left.
 */
export function redirectTarget(state: unknown, search: string): string {
  const fromState = sameSitePath(pathFromState(state));
  const fromQuery = sameSitePath(new URLSearchParams(search).get('redirect') ?? undefined);
  const target = fromState ?? fromQuery;
  if (!target || isAccountPage(target)) return DEFAULT_AFTER_LOGIN;
  return target;
}

function pathFromState(state: unknown): string | undefined {
  if (!state || typeof state !== 'object' || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from === 'string') return from;
  if (from && typeof from === 'object' && 'pathname' in from) {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname !== 'string') return undefined;
    return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  return undefined;
}

function isAccountPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return ['/login', '/register', '/logout', '/password-reset'].some(
    (page) => pathname === page || pathname.startsWith(`${page}/`),
  );
}

/** "/register?redirect=%2Fsessions%2F3%2Fenroll" — a link that carries the redirect target along. */
export function withRedirect(path: string, target: string): string {
  return `${path}?${new URLSearchParams({ redirect: target }).toString()}`;
}
