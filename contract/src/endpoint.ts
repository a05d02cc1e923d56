/**
 * The API table's row (issue 22, item 3; docs/architecture.md, "API conventions"): one endpoint's method, path,
 * path parameters, query, body and success reply, as zod schemas shared by both sides. The server registers
 * its route from the row (server/src/http/serve.ts), so the OpenAPI document, the request checks and the
 * reply's serialization all come from it; the web calls it through `callApi` (web/src/api/client.ts), which
 * builds the path from the parameters and types the reply from the same schema. Neither side writes the
 * path or casts a reply.
 */
import type { z } from 'zod';

/** An HTTP method the API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a success carries: a JSON body (its zod schema), the session token as `text/plain` ('text'), a
 * file to download ('file': a CSV, a ZIP, a pass), or no body at all ('empty').
 */
export type EndpointReply = z.ZodType | 'text' | 'file' | 'empty';

/** One endpoint of the API table. */
export type Endpoint = {
  readonly method: Method;
  /** The path with `:name` for each path parameter (Fastify's form), e.g. `/api/Student/:studentId`. */
  readonly path: string;
  /** The path parameters (an object schema whose keys are the path's `:name`s). */
  readonly params?: z.ZodType;
  /** The query string (an object schema). */
  readonly query?: z.ZodType;
  /** The JSON body. */
  readonly body?: z.ZodType;
  /** The success status: 200, 201 (something created) or 204 (nothing to say). */
  readonly status: 200 | 201 | 204;
  readonly reply: EndpointReply;
};

/** Declares an endpoint, keeping its exact types (method, path and schemas) for both sides. */
export function endpoint<const E extends Endpoint>(row: E): E {
  return row;
}

/** What a schema reads (its input), or `undefined` for none. */
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The path parameters a caller gives, by name (a number or a string each, as the schema takes). */
export type EndpointParams<E extends Endpoint> = In<E['params']>;
/** The query a caller gives. */
export type EndpointQuery<E extends Endpoint> = In<E['query']>;
/** The body a caller sends. */
export type EndpointBody<E extends Endpoint> = In<E['body']>;

/** What a JSON reply's body is once parsed (the schema's output); `undefined` for a text, file or empty reply. */
export type EndpointJson<E extends Endpoint> = E['reply'] extends z.ZodType
  ? z.output<E['reply']>
  : undefined;

/**
 * The request path of `row` with each `:name` replaced by its parameter, URL-encoded (a token or an id with
 * `/` or `?` in it stays one segment). A parameter that is null or undefined throws `missing(name)` (spec §5:
 * a required-parameter error named for the field, before any call is made).
 */
export function endpointPath(
  row: Pick<Endpoint, 'path'>,
  params?: Record<string, unknown>,
  missing: (name: string) => Error = (name) => new Error(`Required parameter ${name} was null or undefined.`),
): string {
  return row.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw missing(name);
    return encodeURIComponent(String(value));
  });
}
