import { failedWith, failureFields, failureMessage } from '../forms/feedback.ts';

/**
 * The server's own explanation of a failed account call, when it is one a parent can act on: a lock-out
 * (429: how long to wait) or a dead link (400 without field messages: ask for a new one). The spec's generic
 * toast (spec §8) is always shown as well; this text goes in an alert on the page, so it stays readable.
 * Returns null for anything else (wrong password, network down), where the toast says all there is.
 * The error is read through feedback.ts (docs/architecture.md, "Web").
 */
export function actionableFailure(error: unknown): string | null {
  const message = failureMessage(error, '');
  if (!message) return null;
  if (failedWith(error, 429)) return message;
  if (failedWith(error, 400) && Object.keys(failureFields(error)).length === 0) return message;
  return null;
}
