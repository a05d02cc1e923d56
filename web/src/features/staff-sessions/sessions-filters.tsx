import { STAFF_SESSION_PERIODS, STAFF_SESSION_SORTS, type StaffSessionListQuery } from '@lc/contract';
import { Group, Select } from '@mantine/core';
import { ShowFilter } from '../staff/list-parts';
import { ListSearch } from '../staff/list-search';
import type { UrlQueryChanges } from '../staff/use-url-query';

const periodLabels: Record<StaffSessionListQuery['period'], string> = {
  active: 'Running and upcoming',
  current: 'Running now',
  upcoming: 'Upcoming',
  past: 'Past',
  all: 'All',
};
const sortLabels: Record<StaffSessionListQuery['sort'], string> = {
  start: 'Start date',
  name: 'Name',
  seats: 'Seats taken',
  waitlist: 'Waitlist',
  revenue: 'Revenue',
};

/** Above the sessions list: which sessions (running, upcoming…), a search, and the order (revenue: director). */
export function SessionsFilters({
  query,
  update,
  isDirector,
}: {
  query: StaffSessionListQuery;
  update: (changes: UrlQueryChanges<StaffSessionListQuery>) => void;
  isDirector: boolean;
}) {
  const sorts = STAFF_SESSION_SORTS.filter((s) => s !== 'revenue' || isDirector);
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <ShowFilter
        labelId="period-label"
        value={query.period}
        onChange={(value) => update({ period: value })}
        data={STAFF_SESSION_PERIODS.map((value) => ({ value, label: periodLabels[value] }))}
      />
      <ListSearch
        label="Search sessions"
        placeholder="Session or program name"
        value={query.q}
        onSearch={(q) => update({ q })}
      />
      <Select
        label="Sort by"
        value={query.sort}
        onChange={(value) => update({ sort: value ?? undefined })}
        data={sorts.map((value) => ({ value, label: sortLabels[value] }))}
        allowDeselect={false}
        w={170}
      />
      <Select
        label="Order"
        value={query.dir}
        onChange={(value) => update({ dir: value ?? undefined })}
        data={[
          { value: 'asc', label: query.sort === 'start' ? 'Earliest first' : 'Lowest first' },
          { value: 'desc', label: query.sort === 'start' ? 'Latest first' : 'Highest first' },
        ]}
        allowDeselect={false}
        w={160}
      />
    </Group>
  );
}
