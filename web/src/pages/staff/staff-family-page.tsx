import {
  type FamilyParent,
  formatAgeMonths,
  formatCents,
  type InboxKind,
  type InboxStatus,
  routes,
} from '@lc/contract';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { getFamily, removeFromFamily } from '../../api/staff-families';
import { notifySuccess } from '../../features/forms/notify';
import classes from '../../features/staff/staff.module.css';
import { StaffDialog } from '../../features/staff/staff-dialog';
import {
  AllergyBadges,
  ContactsTable,
  EnrollmentsTable,
  formatDate,
  PageSection,
  ParentsTable,
  TableRegion,
  WaitlistTable,
} from '../../features/staff-families/family-parts';
import { InboxKindBadge, InboxStatusBadge } from '../../features/staff-inbox/inbox-format';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import NotFoundPage from '../public/not-found-page';

const paymentStatusLabels: Record<string, string> = {
  Pending: 'Awaiting payment',
  Paid: 'Paid',
  Failed: 'Failed',
  Expired: 'Checkout expired',
  Refunded: 'Refunded',
  RefundDue: 'Refund due',
};

/**
 * /staff/families/:userId — one family (issue 10): parents, children with their allergies, emergency contacts
 * and who may pick up, places and waitlist places, payments (the director) and messages to the center (those
 * with the inbox). A family outside a teacher's sessions is not found.
 */
export default function StaffFamilyPage() {
  const { userId } = useParams();
  const isDirector = currentRole() === 'Admin';
  const family = useQuery({
    queryKey: ['staff', 'family', userId],
    queryFn: ({ signal }) => getFamily(userId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
  const [removing, setRemoving] = useState<FamilyParent | null>(null);
  const main = family.data?.parents[0];
  usePageTitle(main ? `Family · ${main.firstName} ${main.lastName}` : 'Family');

  if (family.error instanceof ApiError && family.error.status === 404) return <NotFoundPage />;
  if (family.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="lg" title="We could not load this family">
        Please check your connection and try again.
      </Alert>
    );
  if (!family.data)
    return (
      <Text role="status" mt="lg">
        Loading the family…
      </Text>
    );

  const { parents, children, contacts, enrollments, waitlist, payments, inbox } = family.data;

  return (
    <Stack gap="xl" mt="lg" className={classes.page}>
      <Anchor component={Link} to={routes.staffFamilies} size="sm">
        ← All families
      </Anchor>
      <div>
        <Title order={1}>{main ? `${main.firstName} ${main.lastName}’s family` : 'Family'}</Title>
        <Text c="dimmed">
          {children.length === 0
            ? 'No children added yet.'
            : children.map((c) => `${c.firstName} ${c.lastName}`).join(', ')}
        </Text>
      </div>

      <PageSection id="parents-heading" title="Parents">
        <ParentsTable parents={parents} onRemove={isDirector ? setRemoving : undefined} />
        <RemoveParentDialog
          parent={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => family.refetch()}
        />
      </PageSection>

      <PageSection id="children-heading" title="Children">
        {children.length === 0 ? (
          <Text>No children added yet.</Text>
        ) : (
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
        )}
      </PageSection>

      <PageSection id="contacts-heading" title="Emergency contacts and pickup">
        <ContactsTable contacts={contacts} showChildren />
      </PageSection>

      <PageSection id="places-heading" title="Places in sessions">
        <EnrollmentsTable enrollments={enrollments} showChild linkSessions={isDirector} />
      </PageSection>

      <PageSection id="waitlist-heading" title="Waitlists">
        <WaitlistTable places={waitlist} showChild linkSessions={isDirector} />
      </PageSection>

      {payments ? (
        <PageSection id="payments-heading" title="Payments">
          {payments.length === 0 ? (
            <Text>No payments yet.</Text>
          ) : (
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
          )}
        </PageSection>
      ) : null}

      {inbox ? (
        <PageSection id="inbox-heading" title="Messages to the center">
          {inbox.length === 0 ? (
            <Text>No messages from this family’s email addresses.</Text>
          ) : (
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
          )}
        </PageSection>
      ) : null}
    </Stack>
  );
}

/**
 * The director takes a parent out of the family they share (issue 13): they lose the children and contacts,
 * the other parents keep them, and everyone is emailed.
 */
function RemoveParentDialog({
  parent,
  onClose,
  onRemoved,
}: {
  parent: FamilyParent | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = parent ? `${parent.firstName} ${parent.lastName}` : '';
  return (
    <StaffDialog
      opened={parent !== null}
      onClose={() => {
        if (busy) return;
        setError(null);
        onClose();
      }}
      title={`Remove ${name} from the family?`}
    >
      <Stack>
        <Text size="sm">
          {name} will no longer see or manage the family’s children, contacts, places or announcements. The
          other parents keep everything. {name} keeps their own account, payments and receipts. We email
          everyone.
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            Keep {parent?.firstName}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              if (!parent) return;
              setBusy(true);
              setError(null);
              try {
                await removeFromFamily(parent.userId);
                notifySuccess(`${name} no longer shares this family.`);
                onClose();
                onRemoved();
              } catch (failure) {
                setError(
                  failure instanceof ApiError ? failure.message : 'We could not do that. Please try again.',
                );
              } finally {
                setBusy(false);
              }
            }}
          >
            Remove from family
          </Button>
        </Group>
      </Stack>
    </StaffDialog>
  );
}
