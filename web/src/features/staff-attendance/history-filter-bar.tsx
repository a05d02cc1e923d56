import { Button, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { getRoster, getStaffSessions } from '../../api/staff';
import { getStaffChild } from '../../api/staff-families';
import { failedWith } from '../forms/feedback';
import { DateRangeFilter, useDateRange } from '../staff/date-range-filter';
import type { UrlQueryChanges } from '../staff/use-url-query';
import type { HistoryFilters } from './attendance-parts';

const SESSIONS_QUERY = { period: 'all', page: 1, pageSize: 100, sort: 'start', dir: 'desc' } as const;

/**
 * The history's filters: the session, a child of its roster (or the child a link brought), a date range, and
 * "Clear filters" once any is set (`filtered`). The typed dates start from the URL's.
 */
export function HistoryFilterBar({
  filters,
  filtered,
  update,
}: {
  filters: HistoryFilters;
  filtered: boolean;
  update: (changes: UrlQueryChanges<HistoryFilters>) => void;
}) {
  const { studentId, classSessionId, from: urlFrom, to: urlTo } = filters;
  const { from, to, setFrom, setTo, clear } = useDateRange({ from: urlFrom, to: urlTo });
  const sessions = useQuery({
    queryKey: staffKeys.sessionFilterChoices(),
    queryFn: ({ signal }) => getStaffSessions(SESSIONS_QUERY, signal),
  });
  const roster = useQuery({
    queryKey: staffKeys.roster(String(classSessionId)),
    queryFn: ({ signal }) => getRoster(classSessionId, signal),
    enabled: classSessionId !== undefined,
  });
  // A child from a link, outside the chosen session's roster: their name from the child record.
  const linkedChild = useQuery({
    queryKey: staffKeys.child(studentId),
    queryFn: ({ signal }) => getStaffChild(studentId, signal),
    enabled: studentId !== undefined,
    retry: (count, error) => !failedWith(error, 404) && count < 1,
  });

  const childOptions = (roster.data?.enrolled ?? []).map((c) => ({
    value: c.studentId,
    label: `${c.firstName} ${c.lastName}`,
  }));
  if (studentId && !childOptions.some((c) => c.value === studentId)) {
    const child = linkedChild.data?.child;
    childOptions.unshift({
      value: studentId,
      label: child ? `${child.firstName} ${child.lastName}` : 'The chosen child',
    });
  }

  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Session"
        placeholder="Every session"
        clearable
        searchable
        value={classSessionId ? String(classSessionId) : null}
        onChange={(value) => update({ classSessionId: value ?? undefined, studentId: undefined })}
        data={(sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        w={260}
        maw="100%"
      />
      <Select
        label="Child"
        placeholder={classSessionId || studentId ? 'Every child' : 'Choose a session first'}
        clearable
        searchable
        disabled={!classSessionId && !studentId}
        value={studentId ?? null}
        onChange={(value) => update({ studentId: value ?? undefined })}
        data={childOptions}
        w={220}
        maw="100%"
      />
      <DateRangeFilter from={from} to={to} onFrom={setFrom} onTo={setTo} onApply={update} />
      {filtered ? (
        <Button
          variant="subtle"
          onClick={() => {
            clear();
            update({ studentId: undefined, classSessionId: undefined, from: undefined, to: undefined });
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
