/**
 * /staff/incidents (issue 26, part 3): the incident reports the signed-in person may see (a teacher their
 * sessions', the director every session's), newest first; filtered by waiting for a family's signature or for
 * the director's review, by session and by a range of days, all kept in the address; paged by the server.
 */
import { INCIDENT_FILTERS, type IncidentFilter, routes } from '@lc/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { incidentQueries } from '../../api/queries/incidents.ts';
import { staffKeys } from '../../api/query-keys.ts';
import { getStaffSessions } from '../../api/staff.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { incidentShortWhen } from '../../features/incidents/format.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

const PAGE_SIZE = 25;
const isDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

export default function StaffIncidentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('incidents.staff.listTitle'));
  const [params, setParams] = useSearchParams();
  const filter = (INCIDENT_FILTERS as readonly string[]).includes(params.get('filter') ?? '')
    ? (params.get('filter') as IncidentFilter)
    : 'all';
  const session = Number(params.get('session')) || undefined;
  const from = isDay(params.get('from'));
  const to = isDay(params.get('to'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = { filter, classSessionId: session, from, to, page, pageSize: PAGE_SIZE };
  const list = useQuery({ ...incidentQueries.staffList(query), placeholderData: keepPreviousData });
  const sessions = useQuery({
    queryKey: staffKeys.sessionFilterChoices(),
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'all', page: 1, pageSize: 100, sort: 'start', dir: 'desc' }, signal),
  });
  const set = (key: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const filterLabel: Record<IncidentFilter, string> = {
    all: t('incidents.staff.filterAll'),
    awaitingAcknowledgement: t('incidents.staff.filterAwaitingAcknowledgement'),
    awaitingReview: t('incidents.staff.filterAwaitingReview'),
  };
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('incidents.staff.listTitle')}</Title>
          <Text c="dimmed">{t('incidents.staff.listIntro')}</Text>
        </div>
        <Button component={Link} to={routes.staffIncidentNew}>
          {t('incidents.staff.newButton')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <NativeSelect
          label={t('incidents.staff.filter')}
          value={filter}
          data={INCIDENT_FILTERS.map((f) => ({ value: f, label: filterLabel[f] }))}
          onChange={(e) => set('filter', e.currentTarget.value === 'all' ? undefined : e.currentTarget.value)}
        />
        <NativeSelect
          label={t('incidents.staff.sessionFilter')}
          value={session ? String(session) : ''}
          data={[
            { value: '', label: t('incidents.staff.allSessions') },
            ...(sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          onChange={(e) => set('session', e.currentTarget.value || undefined)}
        />
        <TextInput
          type="date"
          label={t('incidents.staff.from')}
          value={from ?? ''}
          onChange={(e) => set('from', e.currentTarget.value || undefined)}
        />
        <TextInput
          type="date"
          label={t('incidents.staff.to')}
          value={to ?? ''}
          onChange={(e) => set('to', e.currentTarget.value || undefined)}
        />
      </SimpleGrid>
      {list.status === 'pending' ? <Loading label={t('incidents.staff.loading')} /> : null}
      {list.status === 'error' ? (
        <LoadFailed message={t('incidents.staff.loadFailed')} retry={() => void list.refetch()} />
      ) : null}
      {list.data && list.data.rows.length === 0 ? <Text>{t('incidents.staff.none')}</Text> : null}
      {list.data && list.data.rows.length > 0 ? (
        <>
          <Text size="sm" role="status">
            {t('incidents.staff.total', { count: total })}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('incidents.staff.columns.when')}</Table.Th>
                  <Table.Th>{t('incidents.staff.columns.session')}</Table.Th>
                  <Table.Th>{t('incidents.staff.columns.children')}</Table.Th>
                  <Table.Th>{t('incidents.staff.columns.kind')}</Table.Th>
                  <Table.Th>{t('incidents.staff.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={routes.staffIncident(row.id)}>
                        {incidentShortWhen(row.occurredAt)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.sessionName}</Table.Td>
                    <Table.Td>{row.childNames.join(', ')}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Text size="sm">{t(`incidents.kinds.${row.kind}`)}</Text>
                        {row.urgent ? (
                          <Badge color="red.8" variant="filled" tt="none" size="sm">
                            {t('incidents.urgent')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge
                          color={row.awaitingAcknowledgement > 0 ? 'honey.9' : 'oak.8'}
                          variant="filled"
                          tt="none"
                          size="sm"
                        >
                          {row.awaitingAcknowledgement > 0
                            ? t('incidents.staff.waiting', { count: row.awaitingAcknowledgement })
                            : t('incidents.staff.allSigned')}
                        </Badge>
                        <Badge color={row.reviewed ? 'oak.8' : 'gray.7'} variant="filled" tt="none" size="sm">
                          {row.reviewed ? t('incidents.staff.reviewed') : t('incidents.staff.notReviewed')}
                        </Badge>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <Group gap="xs">
              <Button variant="default" disabled={page <= 1} onClick={() => set('page', String(page - 1))}>
                {t('incidents.staff.previous')}
              </Button>
              <Button
                variant="default"
                disabled={page >= pages}
                onClick={() => set('page', String(page + 1))}
              >
                {t('incidents.staff.next')}
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
