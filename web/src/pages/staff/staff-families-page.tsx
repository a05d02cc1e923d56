import { FamilyListQuerySchema, type FamilyRow } from '@lc/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { staffKeys } from '../../api/query-keys';
import { getFamilies } from '../../api/staff-families';
import { TextField } from '../../features/forms/fields';
import { useSubmit } from '../../features/forms/use-submit';
import { ListFooter } from '../../features/staff/list-parts';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { MessageFamiliesDialog, type MessageTarget } from '../../features/staff-bulk/message-families-dialog';
import { saveCsv } from '../../features/staff-bulk/selected-csv';
import { SelectionBar } from '../../features/staff-bulk/selection-bar';
import { useRowSelection } from '../../features/staff-bulk/use-row-selection';
import {
  FAMILY_EXPORT_COLUMNS,
  FamiliesTable,
  familyExportRow,
} from '../../features/staff-families/families-table';
import { urlSort } from '../../features/staff-table/url-sort';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

/**
 * /staff/families — find a family (issue 10): by a parent's name or email, a child's name or a phone number
 * in any format. The director sees every family; a teacher the families of the children in their sessions.
 * Rows can be chosen, across pages of one search (a new search lets them go), to message those families or
 * export them (issue 24).
 */
export default function StaffFamiliesPage() {
  usePageTitle('Staff · Families');
  // The search lives in the page's URL (a link to a search works); bad values fall back to the first page.
  const { query, update } = useUrlQuery(FamilyListQuerySchema);
  const isDirector = currentRole() === 'Admin';
  const families = useQuery({
    queryKey: staffKeys.families(query),
    queryFn: ({ signal }) => getFamilies(query, signal),
    placeholderData: keepPreviousData,
  });

  // The typed words start from the URL's and are sent, trimmed, with Search (a form of the kit).
  const search = useForm<{ q: string }>({ defaultValues: { q: query.q ?? '' } });
  const { onSubmit: onSearch } = useSubmit(search, {
    action: async ({ q }) => update({ q: q.trim() }),
    fields: [],
  });

  const data = families.data;
  const selection = useRowSelection<FamilyRow>(query.q ?? '');
  const [messaging, setMessaging] = useState<MessageTarget | null>(null);
  const chosen = [...selection.selected.values()];
  const count = chosen.length;

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>Families</Title>
        <Text c="dimmed">
          {isDirector
            ? 'Every family at the center. Search by a parent’s name or email, a child’s name, or a phone number.'
            : 'The families of the children in your sessions. Search by a parent’s name or email, a child’s name, or a phone number.'}
        </Text>
      </div>

      <form onSubmit={onSearch} aria-label="Search families">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextField
            form={search}
            name="q"
            label="Search families"
            description="For example “Maya”, “avery@example.com” or “(650) 555-0199”"
            maxLength={100}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </form>

      {families.isPending ? <Text role="status">Loading families…</Text> : null}
      {families.isError ? (
        <Alert color="red" variant="light" role="alert">
          We could not load the families. Please check your connection and try again.
        </Alert>
      ) : null}
      <SelectionBar count={count} noun={['family', 'families']} onClear={selection.clear}>
        <Button
          size="compact-sm"
          onClick={() =>
            setMessaging({
              familyIds: chosen.map((f) => f.userId),
              childIds: [],
              label: `${count} ${count === 1 ? 'family' : 'families'}`,
            })
          }
        >
          Message selected families
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => saveCsv('families-selected.csv', FAMILY_EXPORT_COLUMNS, chosen.map(familyExportRow))}
        >
          Export selected
        </Button>
      </SelectionBar>
      {data ? (
        <FamiliesTable
          items={data.items}
          selection={selection}
          sort={urlSort(query, update)}
          empty={
            query.q
              ? `No families match “${query.q}”. Try part of a name, an email, or the last digits of a phone number.${isDirector ? '' : ' You see the families of the children in your sessions.'}`
              : 'No families yet. A family appears here once a parent creates an account or enrolls a child.'
          }
        />
      ) : null}
      <MessageFamiliesDialog target={messaging} onClose={() => setMessaging(null)} onSent={selection.clear} />

      {data ? (
        <ListFooter
          total={data.total}
          pageSize={data.pageSize}
          page={query.page}
          onPage={(page) => update({ page })}
        >
          <Text size="sm" id="families-count">
            {data.total} {data.total === 1 ? 'family' : 'families'}
          </Text>
        </ListFooter>
      ) : null}
    </Stack>
  );
}
