import { Alert, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';

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
 * The failure state of a children form (enroll, waitlist): `fail(message)` shows a message in the alert;
 * `report(error, offline)` turns a refused request into one. A 400/409 shows the server's sentence (and its
 * `studentIds` field message beside the picker when it differs); any other server reply its message; no
 * reply at all the `offline` sentence.
 */
export function useFormFailure(setFieldError: (message: string) => void) {
  const [formError, setFormError] = useState<FormError | null>(null);
  const attempts = useRef(0);
  const fail = (message: string) => {
    attempts.current += 1;
    setFormError({ message, attempt: attempts.current });
  };
  const report = (error: unknown, offline: string) => {
    if (!(error instanceof ApiError) || !error.body) return fail(offline);
    fail(error.message);
    if (error.status !== 400 && error.status !== 409) return;
    // The server repeats its sentence as the field's message; only a different one needs its own place.
    const field = error.fields.studentIds;
    if (field && field !== error.message) setFieldError(field);
  };
  return { formError, clear: () => setFormError(null), fail, report };
}
