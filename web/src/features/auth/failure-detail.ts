import { ApiError } from '../../api/client.ts';

/**
 * The server's own explanation of a failed account call, when it is one a parent can act on: a lock-out
 * (429: how long to wait) or a dead link (400 without field messages: ask for a new one). The spec's generic
 * toast (spec §8) is always shown as well; this text goes in an alert on the page, so it stays readable.
 * Returns null for anything else (wrong password, network down), where the toast says all there is.
 */
export function actionableFailure(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  if (error.status === 429) return error.body.message;
  if (error.status === 400 && Object.keys(error.fields).length === 0) return error.body.message;
  return null;
}
