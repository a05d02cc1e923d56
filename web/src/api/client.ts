/**
 * The fetch client every API call goes through (spec §7, docs/architecture.md "API conventions"):
 * - same-origin base: paths are site-relative (`/api/...`), so the browser sends them to the page's origin;
 * - `Authorization: Bearer <token>` whenever a token is stored;
 * - JSON bodies with `content-type: application/json`;
 * - any non-2xx reply is thrown as an {@link ApiError};
 * - 204 (and any empty body) resolves to `undefined`; `text/plain` replies resolve to the text
 *   (Login and Register answer with the token as text), JSON replies to the parsed value.
 */
import { type ApiErrorBody, apiErrorSentence } from '@lc/contract';
import { i18n } from '../i18n/i18n.ts';
import { endSession, getToken } from '../lib/auth-token.ts';

/**
 * A non-2xx reply. `body` is the server's JSON error body when it sent one (its `code` and `params` stable,
 * contract/src/errors.ts); `message` is its sentence; `fields` maps a field to its message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ApiErrorBody | null;
  readonly fields: Record<string, string>;

  constructor(status: number, body: ApiErrorBody | null, statusText = '') {
    // A coded error is written from the one pair of message files (contract api-errors.ts) in the language
    // the page shows now; a body without a code keeps the server's sentence.
    super(
      (body?.code ? apiErrorSentence(body.code, body.params, i18n.language) : body?.message) ||
        statusText ||
        `Request failed with status ${status}`,
    );
    this.status = status;
    this.body = body;
    this.fields = body?.fields ?? {};
  }
}

/** A required path parameter was null or undefined; thrown before any call is made (spec §5). */
export class RequiredError extends Error {
  override readonly name = 'RequiredError';
  readonly field: string;

  constructor(field: string) {
    super(`Required parameter ${field} was null or undefined.`);
    this.field = field;
  }
}

/**
 * Returns `value`, or throws a {@link RequiredError} named for `name` when it is null or undefined
 * (spec §5: "a required path parameter that is null or undefined raises a required-parameter error, named
 * for the missing field, before any call is made"). Callers still URL-encode the value into the path.
 */
export function requiredParam<T>(name: string, value: T | null | undefined): T {
  if (value === null || value === undefined) throw new RequiredError(name);
  return value;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};

/** Call the API at `path` (site-relative, e.g. `/api/ClassSession`). Resolves to the parsed reply; see the module comment. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers = new Headers({ accept: 'application/json, text/plain;q=0.9' });
  if (body !== undefined) headers.set('content-type', 'application/json');
  const response = await send(withQuery(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  return (await readBody(response)) as T;
}

/**
 * `fetch` with the session token and the language the page shows (the API answers its own sentences in
 * it, issue 14); a non-2xx reply throws {@link ApiError}. A 401 to a call that carried a token means the
 * server no longer accepts it (expired, or signed out everywhere by a password reset): forget it, so the
 * route guard sends the parent to log in again.
 */
async function send(url: string, init: RequestInit & { headers: Headers }): Promise<Response> {
  const token = getToken();
  if (token) init.headers.set('authorization', `Bearer ${token}`);
  init.headers.set('accept-language', i18n.language === 'es' ? 'es' : 'en');
  const response = await fetch(url, { ...init, credentials: 'same-origin' });
  if (response.status === 401 && token) endSession();
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response), response.statusText);
  return response;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) return null;
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object' && 'message' in parsed) return parsed as ApiErrorBody;
    return null;
  } catch {
    // An error body that is not JSON (e.g. a proxy's HTML page) still throws, just without details.
    return null;
  }
}

/**
 * Download a file from the API (e.g. a CSV export) with the session token, as `{ blob, fileName }`; the
 * name comes from the reply's Content-Disposition. Errors as {@link apiRequest}.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(path, { headers: new Headers() });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.csv';
  return { blob: await response.blob(), fileName };
}

/**
 * A door tablet's call (issue 11): JSON to `path` with `Authorization: Kiosk <kioskToken>` instead of the
 * session token. A non-2xx reply throws {@link ApiError}; a 401 means the tablet was revoked.
 */
export async function kioskRequest<T>(
  path: string,
  kioskToken: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers = new Headers({ accept: 'application/json', authorization: `Kiosk ${kioskToken}` });
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response), response.statusText);
  return (await readBody(response)) as T;
}

/**
 * Send `form` (multipart: a file and text fields) to the API with the session token; the browser sets the
 * multipart boundary. Resolves and throws as {@link apiRequest}.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const headers = new Headers({ accept: 'application/json, text/plain;q=0.9' });
  const response = await send(path, { method, headers, body: form });
  return (await readBody(response)) as T;
}
