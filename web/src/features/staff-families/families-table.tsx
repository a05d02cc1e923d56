import { type FamilyRow, formatPhone, routes } from '@lc/contract';
import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BreakableEmails } from '../staff/list-parts';
import type { RowSelection } from '../staff-bulk/use-row-selection';
import { type StaffColumn, StaffTable, type TableSort } from '../staff-table/staff-table';

/** The columns of "Export selected" (the table's, with who shares the account apart). */
export const FAMILY_EXPORT_COLUMNS = ['Parent', 'Shares the account with', 'Children', 'Mobile', 'Email'];

/** A family row as the export writes it: exactly the table's words. */
export function familyExportRow(family: FamilyRow): string[] {
  return [
    `${family.firstName} ${family.lastName}`,
    family.sharedWith.join(', '),
    family.children.map((c) => `${c.firstName} ${c.lastName}`).join(', '),
    family.phone ? formatPhone(family.phone) : '',
    family.emailAddress,
  ];
}

/** The families table's columns: the parent (a link, and who shares the account), children, mobile, email. */
const FAMILY_COLUMNS: ReadonlyArray<StaffColumn<FamilyRow>> = [
  {
    id: 'parent',
    header: 'Parent',
    sortable: true,
    cell: (family) => (
      <>
        <Anchor component={Link} to={routes.staffFamily(family.userId)}>
          {family.firstName} {family.lastName}
        </Anchor>
        {family.sharedWith.length > 0 ? (
          <Text size="sm" fw={400}>
            with {family.sharedWith.join(' and ')}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    id: 'children',
    header: 'Children',
    cell: (family) =>
      family.children.length === 0
        ? '—'
        : family.children.map((child, i) => (
            <span key={child.studentId}>
              {i > 0 ? ', ' : null}
              <Anchor component={Link} to={routes.staffChild(child.studentId)}>
                {child.firstName} {child.lastName}
              </Anchor>
            </span>
          )),
  },
  {
    id: 'mobile',
    header: 'Mobile',
    nowrap: true,
    cell: (family) => (family.phone ? formatPhone(family.phone) : '—'),
  },
  {
    id: 'email',
    header: 'Email',
    sortable: true,
    cell: (family) => <BreakableEmails cell={family.emailAddress} />,
  },
];

/**
 * The families found, in the server's order (`sort`), with a box to choose each row (issue 24); `empty` says
 * what to do when the search found none.
 */
export function FamiliesTable({
  items,
  selection,
  sort,
  empty,
}: {
  items: FamilyRow[];
  selection: RowSelection<FamilyRow>;
  sort: TableSort;
  empty: ReactNode;
}) {
  return (
    <StaffTable
      label="Families table"
      rows={items}
      rowId={(family) => family.userId}
      columns={FAMILY_COLUMNS}
      sort={sort}
      selection={{ state: selection, rowName: (family) => `${family.firstName} ${family.lastName}` }}
      empty={empty}
      describedBy="families-count"
    />
  );
}
