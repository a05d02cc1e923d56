import { type FamilyListQuery, FamilyListQuerySchema, formatPhone, routes } from '@lc/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getFamilies } from '../../api/staff-families';
import classes from '../../features/staff/staff.module.css';
import { TableRegion } from '../../features/staff-families/family-parts';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

/** The search from the page's URL (a link to a search works); bad values fall back to the first page. */
function queryFromUrl(params: URLSearchParams): FamilyListQuery {
  const parsed = FamilyListQuerySchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : FamilyListQuerySchema.parse({});
}

/**
 * /staff/families — find a family (issue 10): by a parent's name or email, a child's name or a phone number
 * in any format. The director sees every family; a teacher the families of the children in their sessions.
 */
export default function StaffFamiliesPage() {
  usePageTitle('Staff · Families');
  const [params, setParams] = useSearchParams();
  const query = queryFromUrl(params);
  const [search, setSearch] = useState(query.q ?? '');
  const isDirector = currentRole() === 'Admin';
  const families = useQuery({
    queryKey: ['staff', 'families', query],
    queryFn: ({ signal }) => getFamilies(query, signal),
    placeholderData: keepPreviousData,
  });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    const q = search.trim();
    if (q) next.set('q', q);
    else next.delete('q');
    next.delete('page');
    setParams(next);
  };
  const toPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  const data = families.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

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
          <TextInput
            label="Search families"
            description="For example “Maya”, “avery@example.com” or “(650) 555-0199”"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.currentTarget.value)}
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
      {data && data.total === 0 ? (
        <Text>
          {query.q ? `No families match “${query.q}”.` : 'No families yet.'}
          {query.q && !isDirector ? ' You see the families of the children in your sessions.' : ''}
        </Text>
      ) : null}
      {data && data.total > 0 ? (
        <TableRegion label="Families table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Parent</Table.Th>
              <Table.Th scope="col">Children</Table.Th>
              <Table.Th scope="col">Mobile</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((family) => (
              <Table.Tr key={family.userId}>
                <Table.Th scope="row">
                  <Anchor component={Link} to={routes.staffFamily(family.userId)}>
                    {family.firstName} {family.lastName}
                  </Anchor>
                  {family.sharedWith.length > 0 ? (
                    <Text size="sm" fw={400}>
                      with {family.sharedWith.join(' and ')}
                    </Text>
                  ) : null}
                </Table.Th>
                <Table.Td>
                  {family.children.length === 0
                    ? '—'
                    : family.children.map((child, i) => (
                        <span key={child.studentId}>
                          {i > 0 ? ', ' : null}
                          <Anchor component={Link} to={routes.staffChild(child.studentId)}>
                            {child.firstName} {child.lastName}
                          </Anchor>
                        </span>
                      ))}
                </Table.Td>
                <Table.Td>{family.phone ? formatPhone(family.phone) : '—'}</Table.Td>
                <Table.Td>{family.emailAddress}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
      ) : null}

      {data ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            {data.total} {data.total === 1 ? 'family' : 'families'}
          </Text>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={query.page}
              onChange={toPage}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
              })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
