import { AUDIT_ENTITY_TYPES, type AuditQuery } from '@lc/contract';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { UrlQueryChanges } from '../staff/use-url-query';

/**
 * "Filter the audit trail": the kind of record (applied at once), words or a record's id, and a date range,
 * applied with Show. The typed words and dates start from the URL's.
 */
export function AuditFilters({
  query,
  update,
}: {
  query: AuditQuery;
  update: (changes: UrlQueryChanges<AuditQuery>) => void;
}) {
  const [search, setSearch] = useState(query.q ?? '');
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim(), from, to });
  };
  return (
    <form onSubmit={onFilter} aria-label="Filter the audit trail">
      <Group align="flex-end" gap="md" wrap="wrap">
        <NativeSelect
          label="Kind of record"
          value={query.entityType ?? ''}
          onChange={(event) => update({ entityType: event.currentTarget.value, entityId: undefined })}
          data={[
            { value: '', label: 'Everything' },
            ...Object.entries(AUDIT_ENTITY_TYPES).map(([value, label]) => ({ value, label })),
          ]}
        />
        <TextInput
          label="Search"
          description="Words in the change, like “refund”, or a record’s id"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Button type="submit" variant="default">
          Show
        </Button>
      </Group>
    </form>
  );
}
