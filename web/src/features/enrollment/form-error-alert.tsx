import { Alert, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

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
