import { StaffCalendarQuerySchema } from '@lc/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { staffKeys } from '../../api/query-keys';
import { getClosures, getStaffCalendar, getTourSlots } from '../../api/staff-calendar';
import { LoadFailure } from '../../features/staff/list-parts';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { CalendarView } from '../../features/staff-calendar/calendar-view';
import { ClosureDialog } from '../../features/staff-calendar/closure-dialog';
import { ClosureList } from '../../features/staff-calendar/closure-list';
import { TourSlotDialog } from '../../features/staff-calendar/tour-slot-dialog';
import { TourSlotList } from '../../features/staff-calendar/tour-slot-list';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

/**
 * /staff/calendar — the center's calendar (issue 24): a week or a month of the sessions meeting and the
 * closures (the view and day in the URL), then the closures and early dismissals of the next twelve months,
 * month by month. The director adds and removes them; a teacher reads their own sessions and the whole
 * center's closures. The attendance board, the door and Today follow it; families see it. Below, the tour times
 * (decision 028): the director publishes and removes them; staff see which are booked, and someone with the
 * inbox by whom.
 */
export default function StaffCalendarPage() {
  usePageTitle('Staff · Calendar');
  const isDirector = currentRole() === 'Admin';
  const [adding, setAdding] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const list = useQuery({
    queryKey: staffKeys.closures('year'),
    queryFn: ({ signal }) => getClosures({}, signal),
  });
  const { query, update } = useUrlQuery(StaffCalendarQuerySchema, { keepValid: true });
  const period = useQuery({
    queryKey: staffKeys.calendar(query),
    queryFn: ({ signal }) => getStaffCalendar(query, signal),
    placeholderData: keepPreviousData,
  });
  const tours = useQuery({
    queryKey: staffKeys.tourSlots(),
    queryFn: ({ signal }) => getTourSlots(signal),
  });
  return (
    <Stack gap="lg" className={classes.page}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>Calendar</Title>
          <Text c="dimmed">
            The sessions meeting each day, and the closures and early dismissals. The attendance board and the
            door follow them, and families see them on their calendar.
          </Text>
        </div>
        {isDirector ? (
          <Button onClick={() => setAdding(true)}>Add a closure or early dismissal</Button>
        ) : null}
      </Group>
      {period.isError ? (
        <LoadFailure title="We could not load the week" onRetry={() => period.refetch()} />
      ) : null}
      {period.isPending ? <Text role="status">Loading the sessions…</Text> : null}
      {period.data ? <CalendarView calendar={period.data} update={update} /> : null}
      <Title order={2}>Closures and early dismissals</Title>
      {list.isError ? (
        <LoadFailure title="We could not load the calendar" onRetry={() => list.refetch()} />
      ) : null}
      {list.isPending ? <Text role="status">Loading the calendar…</Text> : null}
      {list.data ? <ClosureList closures={list.data.items} isDirector={isDirector} /> : null}
      {/* The form's first day is the center's today as the server says it (its `from`), never the browser's
          date: between midnight UTC and midnight at the center they differ. */}
      {isDirector && list.data ? (
        <ClosureDialog opened={adding} today={list.data.from} onClose={() => setAdding(false)} />
      ) : null}
      <Stack component="section" aria-labelledby="tour-times" gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={2} id="tour-times">
              Tour times
            </Title>
            <Text c="dimmed">
              Families choose one of these when they ask for a tour, and get a reminder the day before. A time
              on a day the center is closed is not offered.
            </Text>
          </div>
          {isDirector ? <Button onClick={() => setPublishing(true)}>Publish a tour time</Button> : null}
        </Group>
        {tours.isError ? (
          <LoadFailure title="We could not load the tour times" onRetry={() => tours.refetch()} />
        ) : null}
        {tours.isPending ? <Text role="status">Loading the tour times…</Text> : null}
        {tours.data ? <TourSlotList slots={tours.data.items} isDirector={isDirector} /> : null}
      </Stack>
      {isDirector && list.data ? (
        <TourSlotDialog opened={publishing} today={list.data.from} onClose={() => setPublishing(false)} />
      ) : null}
    </Stack>
  );
}
