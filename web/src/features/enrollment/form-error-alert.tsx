import { Alert, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { failureFields, failureMessage } from '../forms/feedback.ts';

/** A failed submission's message; `attempt` changes on every failure so focus moves even when it repeats. */
export type FormError = { message: string; attempt: number };

/**
 * The server's answer when it refused a submission (e.g. "Winter Morning Session is full."), shown as an
 * alert where the parent made the choice. It takes focus when it appears, so keyboard and screen-reader
 * users land on it rather than on a button that did nothing visible.
 */
export function FormErrorAlert({ error }: { error: FormError | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const attempt = error?.attempt;
  useEffect(() => {
    if (attempt !== undefined) ref.current?.focus();
  }, [attempt]);
  if (!error) return null;
  return (
    // No Alert title: Mantine colours it red.6 on a pale red ground, below the 4.5:1 contrast text needs.
    <Alert ref={ref} tabIndex={-1} role="alert" color="red" variant="light">
      <Text fw={600}>{error.message}</Text>
    </Alert>
  );
}

/**
 * The failure side of a children form (enroll, waitlist) on the kit's useSubmit (docs/architecture.md,
 * "Web"), read through feedback.ts: `alert(error)` gives the alert's sentence — the server's (and its
 * `studentIds` field message beside the picker when it differs) or, with no reply at all, `offline` — and
 * `onFailure` counts the failures, so `formError(failure)` moves focus to the alert even when its sentence
 * repeats.
 */
export function useFormFailure(setFieldError: (message: string) => void, offline: string) {
  const [attempt, setAttempt] = useState(0);
  return {
    alert: (error: unknown) => {
      const sentence = failureMessage(error, offline);
      // The server repeats its sentence as the field's message; only a different one needs its own place.
      const field = failureFields(error).studentIds;
      if (field && field !== sentence) setFieldError(field);
      return sentence;
    },
    onFailure: () => setAttempt((count) => count + 1),
    formError: (failure: string | null): FormError | null => (failure ? { message: failure, attempt } : null),
  };
}
