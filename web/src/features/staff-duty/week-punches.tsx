import { hoursText, type Punch, type Timesheet } from '@lc/contract';
import { instantToDate } from '@lc/contract/zoned-time';
import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { staffKeys } from '../../api/query-keys';
import { getStaffSessions, getTeam } from '../../api/staff';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';
import { AddPunchDialog, FixPunchDialog, punchTimes } from './punch-dialogs';

const SOURCE = { Tablet: 'Door tablet', Phone: 'Phone', Correction: 'Correction' } as const;
const ROOMS_QUERY = { period: 'active', sort: 'name', dir: 'asc', page: 1, pageSize: 100 } as const;

/** What a punch's "Recorded" cell says: where it came from, and for a correction why, who, and the original. */
function Recorded({ punch }: { punch: Punch }) {
  if (punch.source !== 'Correction') return <Text size="sm">{SOURCE[punch.source]}</Text>;
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Badge variant="filled" color="oak.8" radius="sm" tt="none">
          Corrected
        </Badge>
        {punch.correctedBy ? <Text size="sm">by {punch.correctedBy}</Text> : null}
      </Group>
      {punch.reason ? <Text size="sm">Reason: {punch.reason}</Text> : null}
      {punch.original ? (
        <Box component="details" fz="sm">
          <summary>Original punch</summary>
          <Text size="sm">
            {punchTimes(punch.original)} ({SOURCE[punch.original.source]})
          </Text>
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          Added as a missed punch
        </Text>
      )}
    </Stack>
  );
}

/**
 * The week's punches for the director (issue 26, decision 038): each stretch on duty with its room, times on
 * the center's clock, hours and where it was recorded; a correction shows its reason, who made it and, behind
 * a disclosure, the original. Each row has "Fix"; "Add a missed punch" opens the add dialog. `fixing` is a
 * punch to correct chosen elsewhere (the timesheet's open-punch flag), cleared by `onFixed`.
 */
export function WeekPunches({
  sheet,
  fixing,
  onFixing,
}: {
  sheet: Timesheet;
  fixing: Punch | null;
  onFixing: (punch: Punch | null) => void;
}) {
  const [adding, setAdding] = useState(false);
  const team = useQuery({
    queryKey: staffKeys.team(),
    queryFn: ({ signal }) => getTeam(signal),
    enabled: adding,
  });
  const rooms = useQuery({
    queryKey: staffKeys.sessions(ROOMS_QUERY),
    queryFn: ({ signal }) => getStaffSessions(ROOMS_QUERY, signal),
    enabled: adding,
  });
  const punches = sheet.people.flatMap((p) => p.punches);
  const columns: ReadonlyArray<StaffColumn<Punch>> = [
    { id: 'person', header: 'Staff member', cell: (p) => p.name },
    { id: 'room', header: 'Room', cell: (p) => p.sessionName },
    { id: 'times', header: 'Times', nowrap: true, cell: (p) => punchTimes(p) },
    {
      id: 'hours',
      header: 'Hours',
      numeric: true,
      cell: (p) =>
        p.outAt ? hoursText(Math.round((Date.parse(p.outAt) - Date.parse(p.inAt)) / 60_000)) : 'Open',
    },
    { id: 'recorded', header: 'Recorded', cell: (p) => <Recorded punch={p} /> },
  ];
  const people = (team.data ?? []).map((m) => ({ userId: m.id, name: `${m.firstName} ${m.lastName}` }));
  const today = instantToDate(new Date(), CENTER_TIME_ZONE);
  const day = today >= sheet.from && today <= sheet.to ? today : sheet.from;
  return (
    <section aria-labelledby="week-punches">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="h3" id="week-punches">
          Punches this week
        </Title>
        <Button
          variant="default"
          onClick={() => setAdding(true)}
          loading={adding && (team.isPending || rooms.isPending)}
        >
          Add a missed punch
        </Button>
      </Group>
      <StaffTable
        label="Punches table"
        rows={punches}
        rowId={(p) => p.id}
        columns={columns}
        empty={<Text>No punches this week. A missed one can be added.</Text>}
        actions={(p) => (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onFixing(p)}
            aria-label={`Fix ${p.name}’s punch of ${punchTimes(p)}`}
          >
            Fix
          </Button>
        )}
        actionsLabel="Fix a punch"
        minWidth={760}
      />
      {fixing ? <FixPunchDialog punch={fixing} onClose={() => onFixing(null)} /> : null}
      {adding && team.data && rooms.data ? (
        <AddPunchDialog
          people={people}
          rooms={rooms.data.items.map((s) => ({ classSessionId: s.id, name: s.name }))}
          day={day}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </section>
  );
}
