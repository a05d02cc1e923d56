import { PAYMENT_STATUSES, paymentStatusLabel, type StaffPaymentListQuery } from '@lc/contract';
import { Button, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { getStaffSessions } from '../../api/staff';
import { DateRangeFilter, useDateRange } from '../staff/date-range-filter';
import type { UrlQueryChanges } from '../staff/use-url-query';

const FILTERS = ['status', 'classSessionId', 'from', 'to'] as const;

/** Whether any filter narrows the payments (for the list's empty message and "Clear filters"). */
export const isFiltered = (query: StaffPaymentListQuery) => FILTERS.some((f) => query[f] !== undefined);

/**
 * Above the payments: status, session, a date range, and "Clear filters" once any is set (the table's order
 * stays). The typed dates start from the URL's and are emptied by "Clear filters".
 */
export function PaymentsFilters({
  query,
  update,
}: {
  query: StaffPaymentListQuery;
  update: (changes: UrlQueryChanges<StaffPaymentListQuery>) => void;
}) {
  const { from, to, setFrom, setTo, clear } = useDateRange(query);
  const sessions = useQuery({
    queryKey: staffKeys.sessionFilterChoices(),
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'all', page: 1, pageSize: 100, sort: 'start', dir: 'desc' }, signal),
  });
  const filtered = isFiltered(query);
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        value={query.status ?? null}
        onChange={(value) => update({ status: value ?? undefined })}
        data={PAYMENT_STATUSES.map((value) => ({ value, label: paymentStatusLabel(value) }))}
        w={160}
      />
      <Select
        label="Session"
        placeholder="Any session"
        clearable
        searchable
        value={query.classSessionId ? String(query.classSessionId) : null}
        onChange={(value) => update({ classSessionId: value ?? undefined })}
        data={(sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        w={260}
        maw="100%"
      />
      <DateRangeFilter from={from} to={to} onFrom={setFrom} onTo={setTo} onApply={update} />
      {filtered ? (
        <Button
          variant="subtle"
          onClick={() => {
            clear();
            update(Object.fromEntries(FILTERS.map((f) => [f, undefined])));
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
