/**
 * How the web reads a failed API call (issue 22, item 4; docs/architecture.md, "Forms"): the one place that
 * looks inside an {@link ApiError}, so pages and forms ask questions ("was it a 404?", "what did the server
 * say?") instead of checking the error's class themselves. A call that got no answer (network down, the
 * server restarting) is not an ApiError: it has no status and no message of the server's.
 */
import { ApiError } from '../../api/client';

/** The HTTP status of a failed API call, or null when the call got no answer. */
export function failureStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/**
 * Whether a call failed without an answer while the browser is offline (issue 25): nothing reached the
 * server, and the person should be told they are offline rather than that something went wrong.
 */
export function failedOffline(error: unknown): boolean {
  return failureStatus(error) === null && typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Whether a failed API call was answered with `status` (e.g. 404 for a record that is gone). */
export function failedWith(error: unknown, ...statuses: number[]): boolean {
  const status = failureStatus(error);
  return status !== null && statuses.includes(status);
}

/**
 * The server's own sentence for a failed call (already in the reader's language, spec §7), or `fallback`
 * when there is none (no answer, or a reply without a message).
 */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.message ? error.message : fallback;
}

/** The server's message for each field of a 400/409 reply (field name → message); empty for anything else. */
export function failureFields(error: unknown): Record<string, string> {
  return error instanceof ApiError && (error.status === 400 || error.status === 409) ? error.fields : {};
}

/**
 * The server's message for one field, whatever the status (e.g. a 404 whose `code` field says no pass has
 * that code), or undefined when it gave none. Forms place 400/409 messages through useSubmit; this is for
 * the few replies that name a field with another status.
 */
export function failureField(error: unknown, name: string): string | undefined {
  return error instanceof ApiError ? error.fields[name] : undefined;
}
