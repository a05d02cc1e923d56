/**
 * Registers a route from its row in the API table (issue 22, item 3; contract/src/endpoint.ts and
 * docs/architecture.md, "API conventions"): the method, path, parameter, query, body and reply schemas come
 * from the contract, so the request checks, the reply's serialization and the OpenAPI document (http/
 * openapi.ts) cannot drift from what the web calls. The route file adds what only the server knows: who may
 * call it (`config.auth`, http/authenticate.ts), the error statuses it answers (`config.errors`), its words
 * in the document, and the handler.
 */
import type { Endpoint } from '@lc/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { emptyReply, fileReply } from './openapi.ts';

/** What a schema gives the handler once checked (its output), or `undefined` for none. */
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler of `E` gets: its parameters, query and body already checked and typed. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
}>;

/** What a handler may return: the JSON reply (serialized by the row's schema), or the reply it sent itself. */
type HandlerResult<E extends Endpoint> = E['reply'] extends z.ZodType
  ? z.input<E['reply']> | FastifyReply
  : FastifyReply;

/** The handler of an endpoint. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<HandlerResult<E>>;

/** The route's words in the OpenAPI document and its server-side settings. */
export type RouteDoc = {
  /** `auth` (who may call it), `errors` (statuses beyond those implied), `rateLimit`… */
  config?: FastifyContextConfig & Record<string, unknown>;
  tags: readonly string[];
  summary: string;
  description?: string;
  /** The success reply's description (for a text, file or empty reply; a JSON reply is its schema's). */
  replyDescription?: string;
  /** A file reply's media types, e.g. `['text/csv']`. */
  fileTypes?: readonly string[];
  /** Other replies the document shows with a body of their own (e.g. 304, or 410 for a retired route). */
  otherReplies?: Record<number, unknown>;
  /** A retired route answers only its `otherReplies` (410 Gone): the document shows no success reply. */
  retired?: true;
  /** More of the document's schema: `consumes`, `deprecated`, `requestContent`, `hide`. */
  schema?: Omit<FastifySchema, 'params' | 'querystring' | 'body' | 'response'>;
  /** Fastify route options besides these, e.g. `bodyLimit`. */
  options?: Pick<RouteOptions, 'bodyLimit' | 'preHandler' | 'onRequest'>;
};

/** The success reply's entry for `schema.response`. */
function successReply(row: Endpoint, doc: RouteDoc): unknown {
  const description = doc.replyDescription ?? 'Done';
  if (typeof row.reply !== 'string') return row.reply;
  if (row.reply === 'text') return { description, content: { 'text/plain': { schema: z.string() } } };
  if (row.reply === 'file') return fileReply(description, ...(doc.fileTypes ?? ['application/octet-stream']));
  return row.status === 204 ? z.null().describe(description) : emptyReply(description);
}

/**
 * Registers `row` on `app` with `handler`. Path parameters, query and body are checked against the row's
 * schemas before the handler runs (400 with field messages otherwise, http/errors.ts).
 */
export function serve<E extends Endpoint>(
  app: FastifyInstance,
  row: E,
  doc: RouteDoc,
  handler: EndpointHandler<E>,
): void {
  app.route({
    ...doc.options,
    method: row.method,
    url: row.path,
    config: doc.config ?? {},
    schema: {
      tags: [...doc.tags],
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      ...doc.schema,
      ...(row.params ? { params: row.params } : {}),
      ...(row.query ? { querystring: row.query } : {}),
      ...(row.body ? { body: row.body } : {}),
      response: { ...(doc.retired ? {} : { [row.status]: successReply(row, doc) }), ...doc.otherReplies },
    },
    handler: handler as unknown as RouteOptions['handler'],
  });
}
