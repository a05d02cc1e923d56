import { routes } from '@lc/contract';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localPath } from '../../layout/in-language';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** An unknown session on the enroll and waitlist pages: a friendly message and the way back. */
export function SessionNotFound() {
  const { t } = useTranslation();
  usePageTitle(t('enroll.notFound.title'));
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('enroll.notFound.heading')}</Title>
        <Text size="lg">{t('enroll.notFound.body')}</Text>
        <Anchor component={Link} to={localPath(routes.sessions)} size="lg">
          {t('enroll.notFound.seeAll')}
        </Anchor>
      </Stack>
    </Container>
  );
}
