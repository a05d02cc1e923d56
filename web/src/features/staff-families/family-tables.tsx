/**
 * The one-family page's own tables (issue 10): the children with their ages and allergies, the family's
 * payments (the director's) and its messages to the center (for those with the inbox).
 */
import {
  type FamilyChild,
  type FamilyInboxItem,
  type FamilyPayment,
  formatAgeMonths,
  formatCents,
  type InboxKind,
  type InboxStatus,
  routes,
} from '@lc/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { InboxKindBadge, InboxStatusBadge } from '../staff-inbox/inbox-format';
import { AllergyBadges, formatDate, TableRegion } from './family-parts';

const paymentStatusLabels: Record<string, string> = {
  Pending: 'Awaiting payment',
  Paid: 'Paid',
  Failed: 'Failed',
  Expired: 'Checkout expired',
  Refunded: 'Refunded',
  RefundDue: 'Refund due',
};

/** The family's children: name (a link to the child), birth date, age and allergies. */
export function ChildrenTable({ familyChildren: children }: { familyChildren: FamilyChild[] }) {
  if (children.length === 0) return <Text>No children added yet.</Text>;
  return (
    <TableRegion label="Children table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Born</Table.Th>
          <Table.Th scope="col">Age</Table.Th>
          <Table.Th scope="col">Allergies</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {children.map((child) => (
          <Table.Tr key={child.studentId}>
            <Table.Th scope="row">
              <Anchor component={Link} to={routes.staffChild(child.studentId)}>
                {child.firstName} {child.lastName}
              </Anchor>
            </Table.Th>
            <Table.Td>{formatDate(child.dateOfBirth)}</Table.Td>
            <Table.Td>{formatAgeMonths(child.ageMonths)}</Table.Td>
            <Table.Td>
              <AllergyBadges allergies={child.allergies} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}

/** The family's payments: date, session, status in words, amount, refunded and note. */
export function FamilyPaymentsTable({ payments }: { payments: FamilyPayment[] }) {
  if (payments.length === 0) return <Text>No payments yet.</Text>;
  return (
    <TableRegion label="Payments table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Session</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Amount</Table.Th>
          <Table.Th scope="col">Refunded</Table.Th>
          <Table.Th scope="col">Note</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payments.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Th scope="row">{formatDate(p.created)}</Table.Th>
            <Table.Td>{p.sessionName ?? '—'}</Table.Td>
            <Table.Td>{paymentStatusLabels[p.status] ?? p.status}</Table.Td>
            <Table.Td>{formatCents(p.finalAmount)}</Table.Td>
            <Table.Td>{p.refundedAmount > 0 ? formatCents(p.refundedAmount) : '—'}</Table.Td>
            <Table.Td>{p.note ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}

/** The family's messages to the center: when (a link to the message), kind, status and its first words. */
export function FamilyInboxTable({ inbox }: { inbox: FamilyInboxItem[] }) {
  if (inbox.length === 0) return <Text>No messages from this family’s email addresses.</Text>;
  return (
    <TableRegion label="Messages to the center table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Received</Table.Th>
          <Table.Th scope="col">Kind</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Message</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {inbox.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Th scope="row">
              <Anchor component={Link} to={routes.staffInboxItem(item.id)}>
                {formatDate(item.submitted)}
              </Anchor>
            </Table.Th>
            <Table.Td>
              <InboxKindBadge kind={item.kind as InboxKind} />
            </Table.Td>
            <Table.Td>
              <InboxStatusBadge status={item.status as InboxStatus} />
            </Table.Td>
            <Table.Td>{item.excerpt || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
