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
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { InboxKindBadge, InboxStatusBadge } from '../staff-inbox/inbox-format';
import { StaffTable } from '../staff-table/staff-table';
import { AllergyBadges, formatDate } from './family-parts';

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
  return (
    <StaffTable
      label="Children table"
      rows={children}
      rowId={(child) => child.studentId}
      columns={[
        {
          id: 'name',
          header: 'Name',
          cell: (child) => (
            <Anchor component={Link} to={routes.staffChild(child.studentId)}>
              {child.firstName} {child.lastName}
            </Anchor>
          ),
        },
        { id: 'born', header: 'Born', nowrap: true, cell: (child) => formatDate(child.dateOfBirth) },
        { id: 'age', header: 'Age', cell: (child) => formatAgeMonths(child.ageMonths) },
        {
          id: 'allergies',
          header: 'Allergies',
          cell: (child) => <AllergyBadges allergies={child.allergies} />,
        },
      ]}
      empty="No children added yet. The family adds them in their portal."
    />
  );
}

/** The family's payments: date, session, status in words, amount, refunded and note. */
export function FamilyPaymentsTable({ payments }: { payments: FamilyPayment[] }) {
  return (
    <StaffTable
      label="Payments table"
      rows={payments}
      rowId={(p) => p.id}
      columns={[
        { id: 'date', header: 'Date', nowrap: true, cell: (p) => formatDate(p.created) },
        { id: 'session', header: 'Session', cell: (p) => p.sessionName ?? '—' },
        { id: 'status', header: 'Status', cell: (p) => paymentStatusLabels[p.status] ?? p.status },
        { id: 'amount', header: 'Amount', numeric: true, cell: (p) => formatCents(p.finalAmount) },
        {
          id: 'refunded',
          header: 'Refunded',
          numeric: true,
          cell: (p) => (p.refundedAmount > 0 ? formatCents(p.refundedAmount) : '—'),
        },
        { id: 'note', header: 'Note', cell: (p) => p.note ?? '—' },
      ]}
      empty="No payments yet."
    />
  );
}

/** The family's messages to the center: when (a link to the message), kind, status and its first words. */
export function FamilyInboxTable({ inbox }: { inbox: FamilyInboxItem[] }) {
  return (
    <StaffTable
      label="Messages to the center table"
      rows={inbox}
      rowId={(item) => String(item.id)}
      columns={[
        {
          id: 'received',
          header: 'Received',
          nowrap: true,
          cell: (item) => (
            <Anchor component={Link} to={routes.staffInboxItem(item.id)}>
              {formatDate(item.submitted)}
            </Anchor>
          ),
        },
        { id: 'kind', header: 'Kind', cell: (item) => <InboxKindBadge kind={item.kind as InboxKind} /> },
        {
          id: 'status',
          header: 'Status',
          cell: (item) => <InboxStatusBadge status={item.status as InboxStatus} />,
        },
        { id: 'message', header: 'Message', cell: (item) => item.excerpt || '—' },
      ]}
      empty="No messages from this family’s email addresses."
    />
  );
}
