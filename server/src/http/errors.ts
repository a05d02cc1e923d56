/**
 * One error shape for every failing API call (contract ApiErrorBody, docs/architecture.md API conventions):
 * `{ error, message, fields?, requestId }`. Use cases throw {@link HttpError}; schema validation failures
 * become 400 with a message per field; anything unexpected becomes a 500 without a stack trace (the stack
 * goes to the log, tagged with the same request id).
 */
import {
  type ApiErrorBody,
  type ApiErrorCode,
  type ApiErrorParams,
  type apiErrorMessages,
  apiErrorSentence,
  FIELD_REQUIRED,
  messageSentence,
} from '@lc/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { requestLanguage } from './api-language.ts';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** What a coded error may carry besides its code (see {@link HttpError}). */
export type HttpErrorDetails = {
  /**
   * The parts the code's sentence names, e.g. `{ minutes: 12 }` (`count` chooses a plural); its fields' codes
   * read the same parts.
   */
  params?: ApiErrorParams;
  /** The message beside each body field: a code (its sentence is written in the caller's language). */
  fields?: Record<string, ApiErrorCode | string>;
  /** Sent as the Retry-After header (seconds), for 429 and 503. */
  retryAfterSeconds?: number;
};

/**
 * A failure the caller can act on, answered with the error body (contract/src/errors.ts). Thrown with a code
 * of the API's message files (contract/src/api-errors.ts): `new HttpError(409, 'auth.emailTaken', { fields:
 * { emailAddress: 'auth.emailTaken' } })`; `message` is the code's English sentence (logs, English tests).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly params: ApiErrorParams | undefined;
  readonly fields: Record<string, string> | undefined;
  /** Sent as the Retry-After header (seconds), for 429 and 503. */
  readonly retryAfterSeconds: number | undefined;

  constructor(statusCode: number, code: ApiErrorCode, details: HttpErrorDetails = {}) {
    super(apiErrorSentence(code, details.params, 'en'));
    this.statusCode = statusCode;
    this.code = code;
    this.params = details.params;
    this.fields = details.fields;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** 429 with a message saying what to do and a Retry-After of `seconds`. */
export function tooManyRequests(seconds: number, code: ApiErrorCode, params?: ApiErrorParams): HttpError {
  return new HttpError(429, code, { params, retryAfterSeconds: seconds });
}

/** The things a 404 names ("That family was not found."): each a code `notFound.<thing>`. */
export type NotFoundThing = keyof (typeof apiErrorMessages)['en']['notFound'];

/** 404 for `what`, a thing of the message files' `notFound` part. */
export const notFound = (what: NotFoundThing = 'item') => new HttpError(404, `notFound.${what}`);

/**
 * The error body for `request`: `code` and `params` (when the failure has a code), and the sentences in the
 * language the request prefers (`Accept-Language`, issue 14), written from the message files. `messageOrCode`
 * and each field's message are codes (a field's may be a field message with its own parameters,
 * contract/src/field-message.ts); a field's code reads the error's `params` too.
 */
export function errorBody(
  request: FastifyRequest,
  status: number,
  messageOrCode: ApiErrorCode,
  fields?: Record<string, string>,
  params?: ApiErrorParams,
): ApiErrorBody {
  const language = requestLanguage(request.headers);
  return {
    error: reasons[status] ?? 'Error',
    code: messageOrCode,
    ...(params ? { params } : {}),
    message: apiErrorSentence(messageOrCode, params, language),
    ...(fields
      ? {
          fields: Object.fromEntries(
            Object.entries(fields).map(([key, text]) => [key, messageSentence(text, language, params)]),
          ),
        }
      : {}),
    requestId: String(request.id),
  };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send(errorBody(request, error.statusCode, error.code, error.fields, error.params));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').split('/')[0] || '_';
        if (!(key in fields)) fields[key] = issue.message ?? FIELD_REQUIRED;
      }
      return reply.status(400).send(errorBody(request, 400, 'request.invalidFields', fields));
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody(request, 500, 'server.error'));
    }
    const message =
      status === 415
        ? 'request.notJson'
        : status === 413
          ? 'request.tooLarge'
          : status === 429
            ? 'request.tooMany'
            : status === 404
              ? 'request.notFound'
              : 'request.unreadable';
    return reply.status(status).send(errorBody(request, status, message));
  });
}
