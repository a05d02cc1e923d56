import { type ClassSessionEnrollment, routes } from '@lc/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDeadline } from './format.ts';
import { EnrollmentStatusBadge } from './status-badges.tsx';

/** The children of one session with where each stands; a held seat says until when and how to pay. */
export function EnrolledChildren({
  enrollments,
  now = new Date(),
}: {
  enrollments: readonly ClassSessionEnrollment[];
  now?: Date;
}) {
  return (
    <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {enrollments.map((enrollment) => (
        <li key={enrollment.id}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{enrollment.student.fullName}</Text>
            <EnrollmentStatusBadge status={enrollment.status} />
          </Group>
          {enrollment.status === 'PendingPayment' ? <HeldSeat enrollment={enrollment} now={now} /> : null}
        </li>
      ))}
    </Stack>
  );
}

function HeldSeat({ enrollment, now }: { enrollment: ClassSessionEnrollment; now: Date }) {
  const { t } = useTranslation();
  const until = enrollment.holdExpiresAt;
  const lapsed = until !== null && Date.parse(until) <= now.getTime();
  return (
    <Text size="sm" mt={2}>
      {lapsed
        ? t('portal.enrolledChildren.holdLapsed')
        : until
          ? t('portal.enrolledChildren.heldUntil', { deadline: formatDeadline(until, now) })
          : t('portal.enrolledChildren.heldWhilePaying')}{' '}
      {!lapsed ? (
        <Anchor component={Link} to={routes.billing} inherit underline="always">
          {t('portal.common.finishPayingInBilling')}
        </Anchor>
      ) : null}
    </Text>
  );
}
