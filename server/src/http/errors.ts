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
  isApiErrorCode,
  type Language,
} from '@lc/contract';
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
 * { emailAddress: 'auth.emailTaken' } })`; `message` is the code's English sentence (logs, English tests). A
 * plain English sentence in place of the code is still read (the form every use case threw before codes:
 * translated by the glossary of api-language.ts) until each domain has moved to codes.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  /** The error's code, or undefined for a plain sentence. */
  readonly code: ApiErrorCode | undefined;
  readonly params: ApiErrorParams | undefined;
  readonly fields: Record<string, string> | undefined;
  /** Sent as the Retry-After header (seconds), for 429 and 503. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * The message in Spanish, for a sentence whose parts the glossary cannot carry over (a date written out,
   * issue 14); answered to a request that prefers Spanish.
   */
  spanish: string | undefined;

  constructor(statusCode: number, code: ApiErrorCode, details?: HttpErrorDetails);
  /** A plain English sentence (the form before codes), with an optional message per field. */
  constructor(
    statusCode: number,
    message: string,
    fields?: Record<string, string>,
    retryAfterSeconds?: number,
  );
  constructor(
    statusCode: number,
    codeOrMessage: string,
    detailsOrFields?: HttpErrorDetails | Record<string, string>,
    retryAfterSeconds?: number,
  ) {
    const coded = isApiErrorCode(codeOrMessage);
    const details = coded ? ((detailsOrFields ?? {}) as HttpErrorDetails) : undefined;
    super(coded ? apiErrorSentence(codeOrMessage, details?.params, 'en') : codeOrMessage);
    this.statusCode = statusCode;
    this.code = coded ? codeOrMessage : undefined;
    this.params = details?.params;
    this.fields = details ? details.fields : (detailsOrFields as Record<string, string> | undefined);
    this.retryAfterSeconds = details ? details.retryAfterSeconds : retryAfterSeconds;
  }

  /** This error, saying `spanish` to a Spanish page. */
  inSpanish(spanish: string): this {
    this.spanish = spanish;
    return this;
  }
}

/** 429 with a message saying what to do and a Retry-After of `seconds`. */
export function tooManyRequests(seconds: number, code: ApiErrorCode, params?: ApiErrorParams): HttpError;
export function tooManyRequests(seconds: number, message: string): HttpError;
export function tooManyRequests(seconds: number, codeOrMessage: string, params?: ApiErrorParams) {
  return isApiErrorCode(codeOrMessage)
    ? new HttpError(429, codeOrMessage, { params, retryAfterSeconds: seconds })
    : new HttpError(429, codeOrMessage, undefined, seconds);
}

/** The things a 404 names ("That family was not found."): each a code `notFound.<thing>`. */
export type NotFoundThing = keyof (typeof apiErrorMessages)['en']['notFound'];

/** 404 for `what` (a thing of the message files, or — until its domain moves to codes — an English noun phrase). */
export const notFound = (what: NotFoundThing | (string & {}) = 'item') =>
  isApiErrorCode(`notFound.${what}`)
    ? new HttpError(404, `notFound.${what}` as ApiErrorCode)
    : new HttpError(404, `${what} was not found.`);

/** A sentence of the body in `language`: a code's from the message files, a plain sentence's from the glossary. */
function said(text: string, params: ApiErrorParams | undefined, language: Language): string {
  return isApiErrorCode(text)
    ? apiErrorSentence(text, params, language)
    : translateApiMessage(text, language);
}

/**
 * The error body for `request`: `code` (when the failure has one) and `params`, and the sentences in the
 * language the request prefers (`Accept-Language`, issue 14). `messageOrCode` and each field's message may be a
 * code or a plain sentence.
 */
export function errorBody(
  request: FastifyRequest,
  status: number,
  messageOrCode: string,
  fields?: Record<string, string>,
  spanish?: string,
  params?: ApiErrorParams,
): ApiErrorBody {
  const language = requestLanguage(request.headers);
  const coded = isApiErrorCode(messageOrCode);
  const message =
    language === 'es' && spanish !== undefined ? spanish : said(messageOrCode, params, language);
  return {
    error: reasons[status] ?? 'Error',
    ...(coded ? { code: messageOrCode, ...(params ? { params } : {}) } : {}),
    message,
    ...(fields
      ? {
          fields: Object.fromEntries(
            Object.entries(fields).map(([key, text]) => [
              key,
              language === 'es' && spanish !== undefined && text === messageOrCode
                ? spanish
                : said(text, params, language),
            ]),
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
        .send(
          errorBody(
            request,
            error.statusCode,
            error.code ?? error.message,
            error.fields,
            error.spanish,
            error.params,
          ),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').split('/')[0] || '_';
        if (!(key in fields)) fields[key] = issue.message ?? 'Please check this field.';
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
            : status === 400
              ? 'request.unreadable'
              : error.message;
    return reply.status(status).send(errorBody(request, status, message));
  });
}
