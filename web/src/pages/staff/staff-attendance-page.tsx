import { AttendanceQuerySchema } from '@lc/contract';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { AttendanceDialog, type AttendanceTarget } from '../../features/staff-attendance/attendance-dialog';
import { AttendanceHistory } from '../../features/staff-attendance/attendance-history';
import { DoorTablets } from '../../features/staff-attendance/door-tablets';
import { TodayBoard } from '../../features/staff-attendance/today-board';
import { RoomRatiosCard } from '../../features/staff-duty/room-ratios';
import { usePageTitle } from '../../layout/use-page-title';

/** The page's URL: the view (today's board or the history) and the history's filters. */
const AttendancePageQuerySchema = AttendanceQuerySchema.extend({
  view: z.enum(['today', 'history']).default('today'),
});

/**
 * /staff/attendance — drop-offs and pickups (issue 11): today's board per session (refreshed every 30 s,
 * late pickups flagged, a hand check-in or check-out from any row), the history filtered in the URL with its
 * CSV, and the door tablets. A teacher sees only the sessions they teach. Above the board, each room's ratio of
 * children to staff on duty (issue 26).
 */
export default function StaffAttendancePage() {
  usePageTitle('Staff · Attendance');
  const { query, update } = useUrlQuery(AttendancePageQuerySchema, { keepValid: true });
  const [recording, setRecording] = useState<AttendanceTarget | null>(null);
  const { view, ...filters } = query;

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>Attendance</Title>
        <Text c="dimmed">
          Who is here today, who has gone home and with whom, and every drop-off and pickup.
        </Text>
      </div>

      <Tabs
        value={view}
        onChange={(value) => update({ view: value === 'history' ? 'history' : undefined })}
        className={classes.page}
      >
        <Tabs.List>
          <Tabs.Tab value="today">Today</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="today" pt="md">
          {view === 'today' ? (
            <Stack gap="lg">
              <RoomRatiosCard />
              <TodayBoard onRecord={setRecording} />
            </Stack>
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {view === 'history' ? <AttendanceHistory filters={filters} update={update} /> : null}
        </Tabs.Panel>
      </Tabs>

      <DoorTablets />
      <AttendanceDialog target={recording} onClose={() => setRecording(null)} />
    </Stack>
  );
}
