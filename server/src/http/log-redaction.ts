/**
 * Keep secrets out of the logs (OWASP Logging Cheat Sheet; issue 3): the one-time tokens in reset and
 * confirmation links live in URL paths, which Fastify logs for every request, so the request serializer
 * replaces them. Bodies (passwords) and the Authorization header are never logged.
 */
import type { FastifyRequest } from 'fastify';

const TOKEN_IN_PATH = /(\/(?:password-reset|confirm-email|ResetPassword|ConfirmEmail)\/)[^/?#]+/gi;

/** `url` with any reset or confirmation token replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1[redacted]');
}

/** Fastify's default request log fields, with the URL redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
