import { type ClassSession, routes, type SessionStudent } from '@lc/contract';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChildrenStanding } from './children-standing.tsx';
import { WAITLIST_OFFER_HOURS } from './waitlist-steps.tsx';

/**
 * When none of the children can enroll now: everyone enrolled already (→ My sessions), the waitlist open to
 * them (→ the waitlist page), or enrollment not open (→ other sessions); with each child's sentence when
 * they differ.
 */
export function NobodyCanEnroll({
  session,
  students,
}: {
  session: ClassSession;
  students: SessionStudent[];
}) {
  const { t } = useTranslation();
  const allEnrolled = students.every((s) => s.enrollmentStatus === 'Enrolled');
  const waitlist = students.some((s) => s.canJoinWaitlist);
  const heading = allEnrolled
    ? t('enroll.enroll.allEnrolled')
    : waitlist
      ? t('enroll.enroll.waitlistOpen')
      : t('enroll.enroll.notOpen');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="standing">
      <Title order={2} size="h3" id="standing">
        {heading}
      </Title>
      <ChildrenStanding students={students} />
      {waitlist && !allEnrolled ? (
        <Text mt="sm">{t('enroll.enroll.joiningFree', { count: WAITLIST_OFFER_HOURS })}</Text>
      ) : null}
      <Group gap="sm" mt="md">
        {allEnrolled ? (
          <Button component={Link} to={routes.mySession(session.id)} size="md">
            {t('enroll.common.goToMySessions')}
          </Button>
        ) : null}
        {waitlist && !allEnrolled ? (
          <Button component={Link} to={routes.waitlist(session.id)} size="md">
            {t('enroll.common.joinTheWaitlist')}
          </Button>
        ) : null}
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          {t('enroll.common.seeOtherSessions')}
        </Button>
      </Group>
    </Paper>
  );
}
