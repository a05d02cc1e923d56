/**
 * One error shape for every failing API call (contract ApiErrorBody, docs/architecture.md API conventions):
 * `{ error, message, fields?, requestId }`. Use cases throw {@link HttpError}; schema validation failures
 * become 400 with a message per field; anything unexpected becomes a 500 without a stack trace (the stack
 * goes to the log, tagged with the same request id).
 */
import type { ApiErrorBody } from '@lc/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { requestLanguage, translateApiMessage } from './api-language.ts';

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

export class HttpError extends Error {
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  /** Sent as the Retry-After header (seconds), for 429 and 503. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * The message in Spanish, for a sentence whose parts the glossary cannot carry over (a date written out,
   * issue 14); answered to a request that prefers Spanish.
   */
  spanish: string | undefined;

  constructor(
    statusCode: number,
    message: string,
    fields?: Record<string, string>,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** This error, saying `spanish` to a Spanish page. */
  inSpanish(spanish: string): this {
    this.spanish = spanish;
    return this;
  }
}

/** 429 with a message saying what to do and a Retry-After of `seconds`. */
export const tooManyRequests = (seconds: number, message: string) =>
  new HttpError(429, message, undefined, seconds);

export const notFound = (what = 'That item') => new HttpError(404, `${what} was not found.`);

/**
 * The error body for `request`, its sentences in the language the request prefers (`api-language.ts`:
 * Spanish where the sentence has a translation, issue 14).
 */
export function errorBody(
  request: FastifyRequest,
  status: number,
  message: string,
  fields?: Record<string, string>,
  spanish?: string,
): ApiErrorBody {
  const language = requestLanguage(request.headers);
  if (language === 'es' && spanish !== undefined) {
    const said = (text: string) => (text === message ? spanish : translateApiMessage(text, language));
    return {
      error: reasons[status] ?? 'Error',
      message: spanish,
      ...(fields ? { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, said(v)])) } : {}),
      requestId: String(request.id),
    };
  }
  const translated = fields
    ? Object.fromEntries(
        Object.entries(fields).map(([key, text]) => [key, translateApiMessage(text, language)]),
      )
    : undefined;
  return {
    error: reasons[status] ?? 'Error',
    message: translateApiMessage(message, language),
    ...(translated ? { fields: translated } : {}),
    requestId: String(request.id),
  };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send(errorBody(request, error.statusCode, error.message, error.fields, error.spanish));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').split('/')[0] || '_';
        if (!(key in fields)) fields[key] = issue.message ?? 'Please check this field.';
      }
      return reply
        .status(400)
        .send(
          errorBody(
            request,
            400,
            'Some fields need your attention. Please check the highlighted fields.',
            fields,
          ),
        );
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send(errorBody(request, 500, 'Something went wrong on our side. Please try again in a moment.'));
    }
    const message =
      status === 415
        ? 'Please send the body as JSON (Content-Type: application/json).'
        : status === 413
          ? 'The request is too large.'
          : status === 429
            ? 'Too many requests. Please wait a few minutes and try again.'
            : status === 400
              ? 'The request could not be read. Please check it and try again.'
              : error.message;
    return reply.status(status).send(errorBody(request, status, message));
  });
}
