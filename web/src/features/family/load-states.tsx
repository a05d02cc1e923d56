import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failedWith } from '../forms/feedback.ts';

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
  const { t } = useTranslation();
  return (
    // No Alert title: Mantine colours it red.6 on a pale red ground, below the 4.5:1 contrast text needs.
    <Alert color="red" variant="light" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text fw={700}>{t('family.common.somethingWentWrong')}</Text>
        <Text>{message}</Text>
        <Button variant="filled" color="red" onClick={retry}>
          {t('family.common.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** True when a load failed because the record is not the family's or does not exist (the API's 404). */
export function isNotFound(error: unknown): boolean {
  return failedWith(error, 404);
}

/** A page-level "we couldn't find that …" with a way back to the list it belongs to. */
export function RecordNotFound(props: {
  title: string;
  children: ReactNode;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Stack gap="sm" pt="xl" maw={720}>
      <Title order={1}>{props.title}</Title>
      <Text>{props.children}</Text>
      <Button component={Link} to={props.backTo} variant="default" w="fit-content">
        {props.backLabel}
      </Button>
    </Stack>
  );
}
