import { dateTimeFormat } from '@lc/contract';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { getStaffToday } from '../../api/staff';
import { formatClock } from '../../features/staff-attendance/attendance-parts';
import { ExpiringNextCard, RoomRatiosCard } from '../../features/staff-duty/room-ratios';
import {
  NeedsAttention,
  OpeningThisWeek,
  ScheduledAnnouncements,
  SessionsToday,
  ToursToday,
} from '../../features/staff-today/today-sections';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

/** How often Today reads itself again while open (a tablet at the front desk), in milliseconds. */
export const TODAY_REFRESH_MS = 60_000;

const longDay = dateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * /staff — the staff home (issue 24, "Today"): what needs the signed-in person now, from `GET /api/staff/today`.
 * A teacher's shows their rooms and no money (the API leaves those parts out). It reads itself again every
 * minute and when the window regains focus, and says when it was last updated; usable on a front-desk tablet.
 * The rooms' ratios (issue 26) read themselves every 30 seconds; the director also sees who expires next.
 */
export default function StaffTodayPage() {
  usePageTitle('Staff · Today');
  const today = useQuery({
    queryKey: staffKeys.today(),
    queryFn: ({ signal }) => getStaffToday(signal),
    refetchInterval: TODAY_REFRESH_MS,
  });
  const data = today.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={1}>Today</Title>
          {data ? <Text c="dimmed">{longDay.format(new Date(`${data.date}T12:00:00Z`))}</Text> : null}
        </div>
        {data ? (
          <Text size="sm" c="dimmed" role="status">
            Updated {formatClock(data.at)} · refreshes every minute
          </Text>
        ) : null}
      </Group>
      {today.isError ? (
        <Alert color="red" variant="light" role="alert" title="We could not load today">
          Please check your connection; the page tries again every minute.
        </Alert>
      ) : null}
      {today.isPending ? <Text role="status">Loading today…</Text> : null}
      {data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
          <Stack gap="lg">
            <RoomRatiosCard />
            <SessionsToday today={data} />
          </Stack>
          <Stack gap="lg">
            {currentRole() === 'Admin' ? <ExpiringNextCard /> : null}
            <NeedsAttention today={data} />
            <ToursToday today={data} />
            <OpeningThisWeek today={data} />
            <ScheduledAnnouncements today={data} />
          </Stack>
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
