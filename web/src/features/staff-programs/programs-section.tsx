import type { ProgramRow } from '@lc/contract';
import { Alert, Badge, Button, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { staffKeys } from '../../api/query-keys';
import { getPrograms } from '../../api/staff-setup';
import { formatDateRange } from '../class-sessions/format';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';

/** "No sessions", "1 session", "3 sessions": how many sessions use a program or a policy. */
export const used = (n: number) => (n === 0 ? 'No sessions' : n === 1 ? '1 session' : `${n} sessions`);

/** A section's heading (`id` names the section) with the director's button beside it. */
export function SectionHead({ id, title, action }: { id: string; title: string; action: ReactNode }) {
  return (
    <Group justify="space-between" mb="sm">
      <Title order={2} fz="h3" id={id}>
        {title}
      </Title>
      {action}
    </Group>
  );
}

/**
 * The programs table's columns (decision 030): the program (and "Inactive"), its dates, its licensing ratio
 * (issue 26), how many use it.
 */
const PROGRAM_COLUMNS: ReadonlyArray<StaffColumn<ProgramRow>> = [
  {
    id: 'program',
    header: 'Program',
    cell: (p) => (
      <>
        {p.name}
        {p.isActive ? null : (
          <Badge ml="xs" variant="light" color="gray" radius="sm" tt="none">
            Inactive
          </Badge>
        )}
      </>
    ),
  },
  {
    id: 'dates',
    header: 'Dates',
    cell: (p) => (p.startDate && p.endDate ? formatDateRange(p.startDate, p.endDate) : 'Year-round'),
  },
  { id: 'ratio', header: 'Ratio', nowrap: true, cell: (p) => `1 adult : ${p.childrenPerAdult} children` },
  { id: 'used', header: 'Used by', cell: (p) => used(p.sessionCount) },
];

/** "Programs": each with its dates and how many sessions use it; the director adds and edits them. */
export function ProgramsSection({
  isDirector,
  onEdit,
}: {
  isDirector: boolean;
  /** Opens the program's dialog (null: a new program). */
  onEdit: (program: ProgramRow | null) => void;
}) {
  const programs = useQuery({
    queryKey: staffKeys.programs(),
    queryFn: ({ signal }) => getPrograms(signal),
  });
  return (
    <section aria-labelledby="programs-heading">
      <SectionHead
        id="programs-heading"
        title="Programs"
        action={isDirector ? <Button onClick={() => onEdit(null)}>Add a program</Button> : null}
      />
      {programs.isPending ? <Text role="status">Loading the programs…</Text> : null}
      {programs.isError ? (
        <Alert color="red" variant="light" role="alert">
          We could not load the programs. Please check your connection and try again.
        </Alert>
      ) : null}
      {programs.data ? (
        <StaffTable
          label="Programs table"
          rows={programs.data}
          rowId={(p) => String(p.id)}
          columns={PROGRAM_COLUMNS}
          actions={
            isDirector
              ? (p) => (
                  <Button variant="subtle" size="xs" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
                    Edit
                  </Button>
                )
              : undefined
          }
          empty={
            isDirector
              ? 'No programs yet. Add one (“Summer Camp”, “After School”) to group the sessions families see together.'
              : 'No programs yet. The director adds them.'
          }
        />
      ) : null}
    </section>
  );
}
