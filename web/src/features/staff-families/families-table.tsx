import { type FamilyRow, formatPhone, routes } from '@lc/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SelectAllCheckbox, SelectRowCheckbox } from '../staff-bulk/selection-bar';
import type { RowSelection } from '../staff-bulk/use-row-selection';
import { TableRegion } from './family-parts';

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

/**
 * The families found: a box to choose each row (issue 24), the parent (a link, and who shares the account),
 * the children (links), mobile, email.
 */
export function FamiliesTable({
  items,
  selection,
}: {
  items: FamilyRow[];
  selection: RowSelection<FamilyRow>;
}) {
  const page = items.map((family) => [family.userId, family] as const);
  return (
    <TableRegion label="Families table">
      <Table.Thead>
        <Table.Tr>
          <Table.Td w={40}>
            <SelectAllCheckbox
              ids={items.map((f) => f.userId)}
              isSelected={selection.isSelected}
              onToggleAll={() => selection.toggleAll(page)}
            />
          </Table.Td>
          <Table.Th scope="col">Parent</Table.Th>
          <Table.Th scope="col">Children</Table.Th>
          <Table.Th scope="col">Mobile</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((family) => (
          <Table.Tr key={family.userId}>
            <Table.Td>
              <SelectRowCheckbox
                name={`${family.firstName} ${family.lastName}`}
                checked={selection.isSelected(family.userId)}
                onToggle={() => selection.toggle(family.userId, family)}
              />
            </Table.Td>
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
  );
}
