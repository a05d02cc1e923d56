import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';

/**
 * Puts the messages of a 400 (or 409, e.g. an address already registered) reply's `fields` beside the matching inputs and moves focus to the first of
 * them, in the order the form shows its fields. Returns whether any message was placed, so the caller can
 * fall back to a toast when the error was not about a field (network down, 500, a field the form lacks).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOrder: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return false;
  const withMessage = fieldOrder.filter((name) => Boolean(error.fields[name]));
  withMessage.forEach((name, index) => {
    setError(name, { type: 'server', message: error.fields[name] }, { shouldFocus: index === 0 });
  });
  return withMessage.length > 0;
}

/** {@link applyServerFieldErrors} bound to one form. */
export function useServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldOrder: readonly Path<T>[],
): (error: unknown) => boolean {
  return useCallback(
    (error: unknown) => applyServerFieldErrors(error, setError, fieldOrder),
    [setError, fieldOrder],
  );
}
