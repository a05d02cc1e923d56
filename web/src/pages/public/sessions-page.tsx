import { routes } from '@lc/contract';
import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sortByStartDate } from '../../features/class-sessions/format.ts';
import { SessionCard } from '../../features/class-sessions/session-card.tsx';
import { SessionsLoadError, SessionsLoading } from '../../features/class-sessions/session-load-states.tsx';
import { useActiveClassSessions } from '../../features/class-sessions/use-class-sessions.ts';
import { localPath } from '../../layout/in-language';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /sessions — the sessions open to browse (GET /api/ClassSession?active=true), earliest first. */
export default function SessionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('enroll.sessions.title'));
  const sessions = useActiveClassSessions();

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('enroll.sessions.title')}</Title>
          <Text size="lg" maw={720}>
            {t('enroll.sessions.intro')}
          </Text>
        </Stack>

        {sessions.status === 'pending' ? <SessionsLoading label={t('enroll.sessions.loading')} /> : null}

        {sessions.status === 'error' ? (
          <SessionsLoadError message={t('enroll.sessions.loadFailed')} onRetry={() => sessions.refetch()} />
        ) : null}

        {sessions.status === 'success' && sessions.data.length === 0 ? (
          <Text size="lg" role="status">
            <Trans
              i18nKey="enroll.sessions.none"
              components={{
                contact: <Anchor component={Link} to={localPath(routes.contact)} underline="always" />,
              }}
            />
          </Text>
        ) : null}

        {sessions.status === 'success' && sessions.data.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {sortByStartDate(sessions.data).map((session, index) => (
              <SessionCard key={session.id} session={session} eagerImage={index < 2} />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Container>
  );
}
