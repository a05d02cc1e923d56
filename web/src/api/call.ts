/**
 * Calls the API by its row in the contract's table (issue 22, item 3; contract/src/endpoint.ts): the method
 * and path come from the row, the path parameters are filled in and URL-encoded, and what the call resolves
 * to is typed by the row's reply schema — so no API module writes a path or casts a reply. Sending, the
 * session token, the language and errors are client.ts's ({@link apiRequest}).
 */
import {
  type Endpoint,
  type EndpointBody,
  type EndpointJson,
  type EndpointParams,
  type EndpointQuery,
  endpointPath,
} from '@lc/contract';
import {
  apiDownload,
  apiRequest,
  apiUpload,
  kioskRequest,
  type RequestOptions,
  RequiredError,
} from './client.ts';

/** What a successful call resolves to: the parsed JSON, the text, a downloaded file, or nothing. */
export type EndpointResult<E extends Endpoint> = E['reply'] extends 'text'
  ? string
  : E['reply'] extends 'file'
    ? { blob: Blob; fileName: string }
    : EndpointJson<E>;

/**
 * Path parameters as a caller may hold them: by the row's names, each a string or a number (it goes into the
 * path as text, checked by the server's schema), or still null or undefined (a page before its data is
 * there), which throws a RequiredError before any call (spec §5).
 */
type Loose<P> = { [K in keyof P]: string | number | null | undefined };

/** A key the caller must give when the row has it, and may not give when it has not. */
type Given<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call of `E` takes: its path parameters and body when the row has them, a query, an abort signal. */
export type CallInput<E extends Endpoint> = Given<'params', Loose<EndpointParams<E>>> &
  Given<'body', EndpointBody<E>> & {
    query?: EndpointQuery<E>;
    signal?: AbortSignal;
  };

/** The input is optional only for a row without path parameters or a body. */
type Args<E extends Endpoint> = [EndpointParams<E>, EndpointBody<E>] extends [undefined, undefined]
  ? [input?: CallInput<E>]
  : [input: CallInput<E>];

/** The row's path with its parameters, and the query as client.ts sends it (undefined values left out). */
function target<E extends Endpoint>(row: E, input: CallInput<E> | undefined) {
  const path = endpointPath(row, input?.params as Record<string, unknown> | undefined, (name) => {
    return new RequiredError(name);
  });
  return { path, query: input?.query as RequestOptions['query'] };
}

/**
 * Calls `row`. Resolves to the reply (parsed JSON, the text, a downloaded file, or undefined); throws an
 * ApiError for a non-2xx reply, or a RequiredError before any call when a path parameter is missing.
 */
export async function callApi<E extends Endpoint>(row: E, ...[input]: Args<E>): Promise<EndpointResult<E>> {
  const { path, query } = target(row, input);
  if (row.reply === 'file') {
    const search = new URLSearchParams(
      Object.entries(query ?? {}).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    ).toString();
    return (await apiDownload(search ? `${path}?${search}` : path)) as EndpointResult<E>;
  }
  return apiRequest<EndpointResult<E>>(path, {
    method: row.method,
    body: input?.body,
    query,
    signal: input?.signal,
  });
}

/** Sends `form` (multipart: a file and its text fields) to `row`; resolves and throws as {@link callApi}. */
export async function uploadApi<E extends Endpoint>(
  row: E,
  form: FormData,
  ...[input]: Args<E>
): Promise<EndpointResult<E>> {
  const { path } = target(row, input);
  return apiUpload<EndpointResult<E>>(path, form, row.method === 'PUT' ? 'PUT' : 'POST');
}

/** A door tablet's call of `row` with its own credential (`Authorization: Kiosk …`, issue 11). */
export async function callKiosk<E extends Endpoint>(
  row: E,
  kioskToken: string,
  ...[input]: Args<E>
): Promise<EndpointResult<E>> {
  const { path } = target(row, input);
  return kioskRequest<EndpointResult<E>>(path, kioskToken, {
    method: row.method === 'GET' ? 'GET' : 'POST',
    body: input?.body,
    signal: input?.signal,
  });
}
