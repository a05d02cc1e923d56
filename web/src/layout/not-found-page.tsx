import { routes } from '@lc/contract';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localPath } from './in-language';
import { markAppReady } from './lazy-page';
import { usePageTitle } from './use-page-title';

/** spec §2: any unmatched path. The heading is the spec's exact text (English; `notFound.heading`). */
export const NOT_FOUND_TEXT = 'Oops! Looks like you followed a bad link.';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  // Not lazily loaded, so it says itself when it answers input (see markAppReady).
  useEffect(markAppReady, []);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="lg" ta="center">
        <Text fz={56} fw={800} ff="heading" c="oak" aria-hidden="true" lh={1}>
          404
        </Text>
        <Title order={1}>{t('notFound.heading')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to={localPath(routes.home)} size="md">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
