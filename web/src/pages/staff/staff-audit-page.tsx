import { AuditQuerySchema } from '@lc/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { getTeam } from '../../api/staff';
import { downloadAuditCsv, getAudit } from '../../api/staff-audit';
import { ListFooter } from '../../features/staff/list-parts';
import classes from '../../features/staff/staff.module.css';
import { useCsvDownload } from '../../features/staff/use-csv-download';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { AuditFilters } from '../../features/staff-audit/audit-filters';
import { AuditTable } from '../../features/staff-audit/audit-table';
import { urlSort } from '../../features/staff-table/url-sort';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

/**
 * /staff/audit — the director reads the audit trail (issues 10 and 24): every change to sessions, enrollments,
 * money, staff accounts, allergies and pickup rights as a sentence in the reader's language (names, dollars,
 * the center's time), by whom and when, the raw values before and after behind "Details"; filtered by who,
 * child, family, kind and days in the URL, newest first (oldest first or by who from a header's button), and
 * downloaded as CSV with the same filters in the same order.
 */
export default function StaffAuditPage() {
  usePageTitle('Staff · Audit trail');
  const { query, update } = useUrlQuery(AuditQuerySchema);
  const { exporting, exportCsv } = useCsvDownload(
    () => downloadAuditCsv(query),
    'The audit trail could not be downloaded. Please try again.',
  );
  const isDirector = currentRole() === 'Admin';
  const trail = useQuery({
    queryKey: staffKeys.audit(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
    enabled: isDirector,
  });
  const team = useQuery({
    queryKey: staffKeys.team(),
    queryFn: ({ signal }) => getTeam(signal),
    enabled: isDirector,
  });

  if (!isDirector)
    return (
      <Alert mt="lg" color="yellow" variant="light" title="The audit trail is the director’s">
        Ask your center’s director if you need to know who changed something.
      </Alert>
    );

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>Audit trail</Title>
          <Text c="dimmed">
            Every change to sessions, places, money, staff accounts, allergies and pickup rights: what
            happened, who made it and when. Open Details for the values before and after. Nobody can edit or
            delete it.
          </Text>
        </div>
        <Button onClick={exportCsv} loading={exporting} disabled={!trail.data || trail.data.total === 0}>
          Download CSV
        </Button>
      </Group>
      <AuditFilters query={query} update={update} team={team.data} names={trail.data?.filterNames} />

      {trail.isPending ? <Text role="status">Loading the audit trail…</Text> : null}
      {trail.isError ? (
        <Alert color="red" variant="light" role="alert">
          We could not load the audit trail. Please check your connection and try again.
        </Alert>
      ) : null}
      {trail.data ? (
        <AuditTable
          items={trail.data.items}
          onOnly={(only) => update(only)}
          sort={urlSort(query, update)}
          empty="No changes match these filters. Choose “Anyone”, “Every kind” and “Everything” above, widen the days, or clear the search."
        />
      ) : null}

      {trail.data ? (
        <ListFooter
          total={trail.data.total}
          pageSize={trail.data.pageSize}
          page={query.page}
          onPage={(page) => update({ page })}
        >
          <Text size="sm" id="audit-count">
            {trail.data.total} {trail.data.total === 1 ? 'change' : 'changes'}
          </Text>
        </ListFooter>
      ) : null}
    </Stack>
  );
}
