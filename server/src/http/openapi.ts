/**
 * The OpenAPI document at `/api/docs` (`/api/docs/json`), made to tell the truth from what each route already
 * declares (issue 22; docs/architecture.md, API conventions):
 * - every error status a route can answer, with the error body (`ApiError`): 400 and 500 on every call (input
 *   rules, unreadable bodies), 401 unless public, 403 on staff routes, 404 with path parameters, 413/415 on
 *   calls that take a body, 429 with a rate limit, and whatever the route adds in `config.errors`;
 * - `security` from `config.auth`: none for public routes, the Bearer token for signed-in and staff routes,
 *   `Authorization: Kiosk …` for the door tablet's, `Authorization: ApplePass …` for `config.credential`;
 * - the replies as sent: a text reply as `text/plain`, a `.csv` route as `text/csv`, 204 and 304 without a
 *   body, upload routes (`consumes: ['multipart/form-data']`) with their multipart body;
 * - schemas OpenAPI 3.0 reads right (openapi-schemas.ts): formats kept, nullable enums that list null.
 * Pages outside `/api/` (the test checkout) are not part of the API and stay out of it. The server tests check
 * every API reply against this document (server/test/support/reply-contract.ts).
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ApiErrorSchema } from '@lc/contract';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { routeAuth } from './authenticate.ts';
import { openApi30Fixes, schemaOverride } from './openapi-schemas.ts';

/** The error statuses the API answers with the `ApiError` body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 502 | 503;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Error statuses the route answers beyond those its auth, path, body and rate limit already imply (see the
     * module comment), e.g. `[409]` for a conflict its use case refuses with.
     */
    errors?: readonly ErrorStatus[];
    /** A public route that checks a credential of its own: Apple Wallet's `Authorization: ApplePass …`. */
    credential?: 'applePass';
  }
  interface FastifySchema {
    /**
     * The request body by media type, for the document only (zod schemas; Fastify does not validate it): for
     * bodies a handler reads itself, such as an upload's parts or a webhook's raw JSON.
     */
    requestContent?: Record<string, unknown>;
  }
}

/** A file's bytes (a Buffer or a stream): an upload's part, or a reply's body (`type: string, format: binary`). */
export const fileBytes = z
  .custom<Uint8Array | NodeJS.ReadableStream>()
  .meta({ type: 'string', format: 'binary' });

/**
 * A success reply whose body is a file (a Buffer or stream, never serialized), for `schema.response`: e.g.
 * `{ 200: fileReply('The ZIP', 'application/zip') }`.
 */
export function fileReply(description: string, ...mediaTypes: string[]) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: fileBytes }])),
  };
}

const EMPTY_MARK = 'x-empty-body';

/** A success reply without a body, for `schema.response` (204 and 304 never have one): `{ 200: emptyReply('Done') }`. */
export const emptyReply = (description: string) => z.void().meta({ description, [EMPTY_MARK]: true });

/** The reusable error replies (`#/components/responses/…`), by status: name and when it is answered. */
const ERROR_REPLIES: Record<ErrorStatus, [name: string, description: string]> = {
  400: ['BadRequest', 'The request could not be read, or a value is invalid: `fields` names each field.'],
  401: ['Unauthorized', 'No valid credential: not signed in, the session ended, or the token is unknown.'],
  403: ['Forbidden', 'The caller may not do this (the message says why).'],
  404: ['NotFound', 'Unknown, or not the caller’s to see.'],
  409: ['Conflict', 'The request conflicts with the current state; the message says what to do.'],
  410: ['Gone', 'Retired or expired.'],
  413: ['PayloadTooLarge', 'The body or the uploaded file is too large.'],
  415: [
    'UnsupportedMediaType',
    'The body is of a type this call does not take (JSON unless it says otherwise).',
  ],
  429: ['TooManyRequests', 'Too many requests; try again after `Retry-After` seconds.'],
  500: ['InternalServerError', 'Something went wrong on the server; the request id is in the log.'],
  502: ['BadGateway', 'A provider the server calls (the payment provider) could not be reached.'],
  503: ['ServiceUnavailable', 'Not available right now; try again later.'],
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ERRORS_MARK = 'x-error-statuses';

/** A route's path as the document writes it: `/api/Student/:studentId` → `/api/Student/{studentId}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The error statuses a route can answer (see the module comment), ascending. */
export function routeErrorStatuses(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): ErrorStatus[] {
  const config = route.config as
    | { auth?: Parameters<typeof routeAuth>[1]; rateLimit?: unknown; errors?: readonly ErrorStatus[] }
    | undefined;
  const auth = routeAuth(route.url, config?.auth);
  const statuses = new Set<ErrorStatus>([400, 500]);
  if (auth !== 'public') statuses.add(401);
  if (auth === 'staff') statuses.add(403);
  if (/:[A-Za-z]/.test(route.url)) statuses.add(404);
  if ([route.method].flat().some((method) => BODY_METHODS.has(method))) {
    statuses.add(413);
    statuses.add(415);
  }
  if (config?.rateLimit) statuses.add(429);
  for (const status of config?.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** The security requirement of a route: its `config.auth` (and `config.credential` for a public one). */
function routeSecurity(route: Pick<RouteOptions, 'url' | 'config'>): OpenAPIV3.SecurityRequirementObject[] {
  const auth = routeAuth(route.url, route.config?.auth);
  if (auth === 'kiosk') return [{ kioskAuth: [] }];
  if (auth !== 'public') return [{ bearerAuth: [] }];
  return route.config?.credential === 'applePass' ? [{ applePassAuth: [] }] : [];
}

const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: schemaOverride } });
type TransformInput = Parameters<typeof zodTransform>[0];
type Json = Record<string, unknown>;

/** An upload without `requestContent`: one required `file` part. */
const FILE_PART: Json = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary' } },
};

/** The per-route step: zod → JSON Schema, then security, error statuses (marked) and request bodies. */
function transformRoute(input: TransformInput) {
  const { route } = input;
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  const { schema, url } = zodTransform(input) as { schema: Json & { hide?: boolean }; url: string };
  if (!schema || schema.hide) return { schema, url };
  const source = (input.schema ?? {}) as { requestContent?: Record<string, unknown>; consumes?: string[] };
  const result: Json = { ...schema, security: routeSecurity(route) };
  delete result.requestContent;
  result[ERRORS_MARK] = routeErrorStatuses(route);
  if (source.requestContent) {
    const content: Json = {};
    for (const [type, zodSchema] of Object.entries(source.requestContent)) {
      const converted = zodTransform({ ...input, schema: { body: zodSchema } }).schema as Json;
      content[type] = { schema: converted.body };
    }
    result.body = { content };
  } else if (!schema.body && source.consumes?.includes('multipart/form-data')) {
    result.body = { content: { 'multipart/form-data': { schema: FILE_PART } } };
  }
  return { schema: result, url };
}

type Operation = OpenAPIV3.OperationObject & { [ERRORS_MARK]?: ErrorStatus[] };

/** The document-wide step: error replies in place of the marks, replies as sent, OpenAPI 3.0 fixes. */
function finishDocument({
  openapiObject,
}: {
  openapiObject: Partial<OpenAPIV3.Document>;
}): OpenAPIV3.Document {
  const document = openapiObject as OpenAPIV3.Document;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      const responses = operation.responses as Record<string, OpenAPIV3.ResponseObject>;
      for (const [status, response] of Object.entries(responses)) {
        const json = response.content?.['application/json']?.schema as
          | (OpenAPIV3.SchemaObject & Json)
          | undefined;
        if (status === '204' || status === '304' || json?.[EMPTY_MARK]) {
          delete response.content;
          continue;
        }
        // Fastify sends a string reply as text (reply.send), whatever the route's schema says.
        if (status.startsWith('2') && json?.type === 'string')
          response.content = { 'text/plain': { schema: json } };
        if (status === '200' && path.endsWith('.csv') && !response.content)
          response.content = { 'text/csv': { schema: { type: 'string' } } };
      }
      for (const status of operation[ERRORS_MARK] ?? [])
        responses[status] ??= { $ref: `#/components/responses/${ERROR_REPLIES[status][0]}` } as never;
      delete operation[ERRORS_MARK];
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      );
    }
  }
  openApi30Fixes(document);
  return document;
}

/** The error body (`contract/src/errors.ts`) as an OpenAPI 3.0 schema. */
function apiErrorComponent(): OpenAPIV3.SchemaObject {
  const { $schema: _, ...schema } = z.toJSONSchema(ApiErrorSchema, { target: 'openapi-3.0', io: 'output' });
  return schema as OpenAPIV3.SchemaObject;
}

function errorResponses(): Record<string, OpenAPIV3.ResponseObject> {
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
  const retryAfter = {
    'Retry-After': {
      description: 'Seconds to wait before trying again.',
      schema: { type: 'integer' as const },
    },
  };
  return Object.fromEntries(
    Object.entries(ERROR_REPLIES).map(([status, [name, description]]) => [
      name,
      { description, content, ...(status === '429' ? { headers: retryAfter } : {}) },
    ]),
  );
}

/** The options of `@fastify/swagger` for this API: its description, security schemes and transforms. */
export function openApiOptions(config: Pick<Config, 'appUrl'>): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Bright Oak Learning Center API',
        version: '1.0.0',
        description:
          'The API behind the website and parent portal. Money is integer cents; dates are ISO strings. ' +
          'Errors answer `{ error, message, fields?, requestId }` (`ApiError`). Signed-in calls need ' +
          '`Authorization: Bearer <token>`, the text that Login and Register answer; the door tablet’s calls ' +
          '`Authorization: Kiosk <token>`.',
      },
      servers: [{ url: config.appUrl, description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          kioskAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '`Kiosk <token>`: the token a door tablet is given when staff set it up.',
          },
          applePassAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '`ApplePass <authenticationToken>`: the token inside an Apple Wallet pass.',
          },
        },
        schemas: { ApiError: apiErrorComponent() },
        responses: errorResponses(),
      },
    },
    stripBasePath: false,
    transform: transformRoute as FastifyDynamicSwaggerOptions['transform'],
    transformObject: finishDocument as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
