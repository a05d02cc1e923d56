/**
 * Every API reply the tests cause is checked against the OpenAPI document the app serves (issue 22: the
 * document tells the truth and cannot drift): the status is listed for that route, the body has a documented
 * media type (none for a reply documented without one), and a JSON body matches the documented schema (ajv,
 * with formats). Pages outside `/api/`, the documentation's own routes and unknown paths are not checked.
 * helpers.ts installs it on each test app; a mismatch fails the request's `inject` (and `close()`).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openApiPath } from '../../src/http/openapi.ts';

type Media = { schema?: object };
type Response = { $ref?: string; content?: Record<string, Media> };
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { responses?: Record<string, Response>; schemas?: Record<string, object> };
};

/** The problems of one reply, or none. */
export type ReplyCheck = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => string[];

/** The media type of a Content-Type header: `text/plain; charset=utf-8` → `text/plain`. */
const mediaType = (header: unknown) =>
  String(Array.isArray(header) ? header[0] : (header ?? ''))
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? '';

/** The body's text, for a string or Buffer payload; null for a stream (not read) or no body. */
function payloadText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

const isEmpty = (payload: unknown) =>
  payload === null ||
  payload === undefined ||
  payload === '' ||
  (Buffer.isBuffer(payload) && payload.length === 0);

/** A checker for the document `load()` answers (read once, at the first reply). */
export function replyContract(load: () => Document): ReplyCheck {
  let doc: Document | undefined;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  const validators = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: object) => {
    let validate = validators.get(key);
    if (!validate) {
      // The component schemas travel along, so `#/components/schemas/…` resolves inside this schema.
      validate = ajv.compile({ allOf: [schema], components: doc?.components });
      validators.set(key, validate);
    }
    return validate;
  };

  return (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || request.method === 'HEAD' || request.method === 'OPTIONS') return [];
    doc ??= load();
    const path = openApiPath(url);
    const operation = doc.paths[path]?.[request.method.toLowerCase()];
    // Every API route is documented; only the documentation's own pages are not.
    if (!operation)
      return url.startsWith('/api/docs') ? [] : [`${request.method} ${path} is not in the document`];
    const status = String(reply.statusCode);
    const where = `${request.method} ${path} answered ${status}`;
    let response =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!response) return [`${where}, a status its document does not list`];
    if (response.$ref) response = doc.components.responses?.[response.$ref.split('/').pop() ?? ''] ?? {};
    // Fastify sends 204 and 304 without a body, whatever the handler passed on.
    if (status === '204' || status === '304')
      return response.content ? [`${where}, documented with a body`] : [];
    const type = mediaType(reply.getHeader('content-type'));
    if (!response.content)
      return isEmpty(payload) ? [] : [`${where} with a ${type || 'untyped'} body, documented as empty`];
    const media = response.content[type];
    if (!media)
      return [
        `${where} with ${type || 'no content type'}, documented as ${Object.keys(response.content).join(' or ')}`,
      ];
    if (!type.endsWith('json') || !media.schema) return [];
    const text = payloadText(payload);
    if (text === null) return [];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [`${where} with a body that is not JSON: ${text.slice(0, 200)}`];
    }
    const validate = validator(`${request.method} ${path} ${status} ${type}`, media.schema);
    if (validate(body)) return [];
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
    return [`${where} with a body its schema refuses: ${errors.join('; ')} (body: ${text.slice(0, 300)})`];
  };
}

/**
 * Check every reply of `app` (an `onSend` hook, added before `ready()`), and make `app.inject` reject with the
 * problems found while it ran. Answers the problems not yet reported (for `close()`).
 */
export function checkReplies(app: FastifyInstance): () => string[] {
  const check = replyContract(() => app.swagger() as unknown as Document);
  let problems: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    problems.push(...check(request, reply, payload));
    return payload;
  });
  const inject = app.inject.bind(app) as (...args: unknown[]) => Promise<unknown>;
  const take = () => {
    const found = problems;
    problems = [];
    return found;
  };
  (app as { inject: unknown }).inject = async (...args: unknown[]) => {
    const response = await inject(...args);
    const found = take();
    if (found.length > 0) throw new Error(`Replies that break the OpenAPI document:\n${found.join('\n')}`);
    return response;
  };
  return take;
}
