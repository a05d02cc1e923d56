import {
  AUDIT_CSV_COLUMNS,
  AUDIT_ENTITY_TYPES,
  AuditQuerySchema,
  auditChanges,
  auditTableRows,
} from '@lc/contract';
import {
  Alert,
  Button,
  Group,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { downloadAuditCsv, getAudit } from '../../api/staff-audit';
import { CENTER_TIME_ZONE } from '../../features/class-sessions/format';
import { notifyError } from '../../features/forms/notify';
import { ListPagination } from '../../features/staff/list-pagination';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import { saveFile } from '../../lib/save-file';

const CHANGES = AUDIT_CSV_COLUMNS.indexOf('Changes');

/**
 * /staff/audit — the director reads the audit trail (issue 10): every change to sessions, enrollments,
 * money, staff accounts, allergies and pickup rights, by whom and when, with the values before and after;
 * filtered in the URL and downloaded as exactly this table.
 */
export default function StaffAuditPage() {
  usePageTitle('Staff · Audit trail');
  const { query, update } = useUrlQuery(AuditQuerySchema);
  const [search, setSearch] = useState(query.q ?? '');
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const [exporting, setExporting] = useState(false);
  const isDirector = currentRole() === 'Admin';
  const trail = useQuery({
    queryKey: ['staff', 'audit', query],
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
    enabled: isDirector,
  });

  if (!isDirector)
    return (
      <Alert mt="lg" color="yellow" variant="light" title="The audit trail is the director’s">
        Ask your center’s director if you need to know who changed something.
      </Alert>
    );

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim(), from, to });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await downloadAuditCsv(query);
      saveFile(blob, fileName);
    } catch {
      notifyError('The audit trail could not be downloaded. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const rows = trail.data ? auditTableRows(trail.data.items, CENTER_TIME_ZONE) : [];

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>Audit trail</Title>
          <Text c="dimmed">
            Every change to sessions, places, money, staff accounts, allergies and pickup rights: who made it,
            when, and what it was before and after. Nobody can edit or delete it.
          </Text>
        </div>
        <Button onClick={exportCsv} loading={exporting} disabled={!trail.data || trail.data.total === 0}>
          Download CSV
        </Button>
      </Group>

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

      {trail.isPending ? <Text role="status">Loading the audit trail…</Text> : null}
      {trail.isError ? (
        <Alert color="red" variant="light" role="alert">
          We could not load the audit trail. Please check your connection and try again.
        </Alert>
      ) : null}
      {trail.data && trail.data.total === 0 ? <Text>No changes match these filters.</Text> : null}
      {trail.data && trail.data.total > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
        <section className={classes.tableWrap} aria-label="Audit trail table" tabIndex={0}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                {AUDIT_CSV_COLUMNS.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trail.data.items.map((event, index) => (
                <Table.Tr key={event.id}>
                  {rows[index]!.map((cell, column) =>
                    column === CHANGES ? (
                      <Table.Td key={AUDIT_CSV_COLUMNS[column]}>
                        <List size="sm" spacing={2}>
                          {auditChanges(event.before, event.after).map((change) => (
                            <List.Item key={change}>{change}</List.Item>
                          ))}
                        </List>
                      </Table.Td>
                    ) : (
                      <Table.Td key={AUDIT_CSV_COLUMNS[column]}>{cell}</Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ) : null}

      {trail.data ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            {trail.data.total} {trail.data.total === 1 ? 'change' : 'changes'}
          </Text>
          <ListPagination
            total={trail.data.total}
            pageSize={trail.data.pageSize}
            page={query.page}
            onChange={(page) => update({ page })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
