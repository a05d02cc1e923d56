import { routes } from '@lc/contract';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EnrolledChildren } from './enrolled-children.tsx';
import { formatPortalDateRange, type SessionGroup } from './format.ts';

/**
 * A session the family has children in: name, dates, day schedule and each child with their status. The
 * name leads to the session's portal page (announcements, resources) when a child ever held a seat there;
 * a session whose checkouts were all cancelled leads to its public page instead.
 */
export function SessionGroupCard({ group, now }: { group: SessionGroup; now?: Date }) {
  useTranslation(); // Re-renders the dates when the language changes.
  const { session } = group;
  const everEnrolled = group.enrollments.some((e) => e.status !== 'Cancelled');
  const to = everEnrolled ? routes.mySession(session.id) : routes.session(session.id);
  return (
    <Card component="li" withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            <Anchor component={Link} to={to} inherit>
              {session.name}
            </Anchor>
          </Title>
          <Text size="sm" mt={4}>
            {formatPortalDateRange(session.sessionStartDate, session.sessionEndDate)} · {session.daySchedule}
          </Text>
        </div>
        <EnrolledChildren enrollments={group.enrollments} now={now} />
      </Stack>
    </Card>
  );
}
