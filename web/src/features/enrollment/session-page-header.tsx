import { type ClassSession, routes } from '@lc/contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { formatDateRange } from '../class-sessions/format.ts';

/**
 * The top of the enroll and waitlist pages: a link back to the session, the page's one h1 and, once the
 * session has loaded, its dates and days.
 */
export function SessionPageHeader({ title, session }: { title: string; session?: ClassSession }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={session ? routes.session(session.id) : routes.sessions} size="sm">
        ←{' '}
        {session
          ? t('enroll.pageHeader.backTo', { session: session.name })
          : t('enroll.pageHeader.allSessions')}
      </Anchor>
      <Title order={1}>{title}</Title>
      {session ? (
        <Text size="lg">
          {formatDateRange(session.sessionStartDate, session.sessionEndDate, intlLocale())} ·{' '}
          {session.daySchedule}
        </Text>
      ) : null}
    </Stack>
  );
}
