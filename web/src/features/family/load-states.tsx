import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A loading indicator with a label read by screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Loader aria-hidden="true" />
      <Text ml="sm">{label}</Text>
    </Center>
  );
}

/** A load failure with a way to try again. */
export function LoadFailed({ message, retry }: { message: ReactNode; retry: () => void }) {
  return (
    // No Alert title: Mantine colours it red.6 on a pale red ground, below the 4.5:1 contrast text needs.
    <Alert color="red" variant="light" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text fw={700}>Something went wrong</Text>
        <Text>{message}</Text>
        <Button variant="filled" color="red" onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
