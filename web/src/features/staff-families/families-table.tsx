import { type FamilyRow, formatPhone, routes } from '@lc/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TableRegion } from './family-parts';

/** The families found: the parent (a link, and who shares the account), the children (links), mobile, email. */
export function FamiliesTable({ items }: { items: FamilyRow[] }) {
  return (
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
        {items.map((family) => (
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
  );
}
