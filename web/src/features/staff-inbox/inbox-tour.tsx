/**
 * The booked tour on a tour request's page (decision 028): the day and time on the center's clock, and
 * whether the reminder went out the day before; or, when no time is booked (the family asked to be called, or
 * the director removed their time), that someone should call or write.
 */
import { type InboxItem, routes } from '@lc/contract';
import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatWhen } from '../staff/staff-format';
import { formatTour } from '../staff-calendar/tour-format';

export function TourSection({ data }: { data: InboxItem }) {
  if (data.kind !== 'tour') return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tour-heading">
      <Title order={2} fz="h4" id="tour-heading" mb="xs">
        The tour
      </Title>
      {data.tour ? (
        <>
          <Text fw={700}>{formatTour(data.tour)}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            {data.tour.reminderSentAt
              ? `Reminder emailed ${formatWhen(data.tour.reminderSentAt)}.`
              : 'The family gets a reminder email the day before.'}
          </Text>
        </>
      ) : (
        <Text size="sm">
          No tour time is booked: they chose “we will call you”, or their time was removed. Call them or reply
          to find one.
        </Text>
      )}
      <Anchor component={Link} to={routes.staffCalendar} size="sm" mt="xs" display="inline-block">
        Tour times on the calendar
      </Anchor>
    </Paper>
  );
}
