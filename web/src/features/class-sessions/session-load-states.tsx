import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while sessions load. */
export function SessionsLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden="true" />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}

/** A failed load with a way to try again. */
export function SessionsLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    // No Alert title: Mantine colours it red.6 on a pale red ground, below the 4.5:1 contrast text needs.
    <Alert color="red" variant="light" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text fw={700}>{t('enroll.common.somethingWentWrong')}</Text>
        <Text>{message}</Text>
        <Button variant="filled" color="red" onClick={onRetry}>
          {t('enroll.common.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
