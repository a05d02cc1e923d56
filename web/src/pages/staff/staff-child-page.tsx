import { AUDIT_ENTITY_TYPES, auditChanges, formatAgeMonths, routes } from '@lc/contract';
import { Alert, Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { getStaffChild } from '../../api/staff-families';
import classes from '../../features/staff/staff.module.css';
import {
  AllergyBadges,
  ContactsTable,
  EnrollmentsTable,
  formatDate,
  formatWhen,
  PageSection,
  ParentsTable,
  TableRegion,
  WaitlistTable,
} from '../../features/staff-families/family-parts';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import NotFoundPage from '../public/not-found-page';

const recordLabel = (entityType: string) =>
  (AUDIT_ENTITY_TYPES as Record<string, string>)[entityType] ?? entityType;

/**
 * /staff/children/:studentId — one child for the staff (issue 10): age, allergies (they stand out), parents,
 * emergency contacts and who may pick them up, places and waitlists, check-ins, and who changed what (the
 * director also sees the values before and after). A child outside a teacher's sessions is not found.
 */
export default function StaffChildPage() {
  const { studentId } = useParams();
  const isDirector = currentRole() === 'Admin';
  const record = useQuery({
    queryKey: ['staff', 'child', studentId],
    queryFn: ({ signal }) => getStaffChild(studentId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
  const name = record.data ? `${record.data.child.firstName} ${record.data.child.lastName}` : null;
  usePageTitle(name ? `Child · ${name}` : 'Child');

  if (record.error instanceof ApiError && record.error.status === 404) return <NotFoundPage />;
  if (record.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="lg" title="We could not load this child">
        Please check your connection and try again.
      </Alert>
    );
  if (!record.data)
    return (
      <Text role="status" mt="lg">
        Loading…
      </Text>
    );

  const { child, parents, contacts, enrollments, waitlist, attendance, changes } = record.data;
  const pickup = contacts.filter((c) => c.canPickup);

  return (
    <Stack gap="xl" mt="lg" className={classes.page}>
      {parents[0] ? (
        <Anchor component={Link} to={routes.staffFamily(parents[0].userId)} size="sm">
          ← {parents[0].firstName} {parents[0].lastName}’s family
        </Anchor>
      ) : null}
      <div>
        <Title order={1}>{name}</Title>
        <Text>
          {formatAgeMonths(child.ageMonths)} old · born {formatDate(child.dateOfBirth)}
        </Text>
        {child.address ? <Text c="dimmed">{child.address}</Text> : null}
      </div>

      <PageSection id="allergies-heading" title="Allergies">
        {child.allergies.length > 0 ? (
          <Alert color="red" variant="outline">
            <Stack gap="xs">
              <AllergyBadges allergies={child.allergies} />
              <Text size="sm">Check with the family before any food, craft or outing.</Text>
            </Stack>
          </Alert>
        ) : (
          <Text>No allergies recorded.</Text>
        )}
      </PageSection>

      <PageSection id="pickup-heading" title="Who may pick up">
        {pickup.length === 0 ? (
          <Text>Only the parents: no emergency contact may pick up {child.firstName}.</Text>
        ) : (
          <List spacing={4}>
            <List.Item>Parents: {parents.map((p) => `${p.firstName} ${p.lastName}`).join(', ')}</List.Item>
            {pickup.map((c) => (
              <List.Item key={c.id}>
                {c.firstName} {c.lastName} ({c.relationship})
              </List.Item>
            ))}
          </List>
        )}
      </PageSection>

      <PageSection id="parents-heading" title="Parents">
        <ParentsTable parents={parents} />
      </PageSection>

      <PageSection id="contacts-heading" title="Emergency contacts">
        <ContactsTable contacts={contacts} showChildren={false} />
      </PageSection>

      <PageSection id="places-heading" title="Places in sessions">
        <EnrollmentsTable enrollments={enrollments} showChild={false} linkSessions={isDirector} />
      </PageSection>

      <PageSection id="waitlist-heading" title="Waitlists">
        <WaitlistTable places={waitlist} showChild={false} linkSessions={isDirector} />
      </PageSection>

      <PageSection id="attendance-heading" title="Check-ins">
        {attendance.length === 0 ? (
          <Text>No check-ins recorded yet.</Text>
        ) : (
          <TableRegion label="Check-ins table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col">Session</Table.Th>
                <Table.Th scope="col">Adult</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attendance.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Th scope="row">{formatWhen(a.at)}</Table.Th>
                  <Table.Td>{a.kind === 'CheckIn' ? 'Checked in' : 'Checked out'}</Table.Td>
                  <Table.Td>{a.sessionName}</Table.Td>
                  <Table.Td>{a.adultName ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableRegion>
        )}
        <Anchor component={Link} to={`${routes.staffAttendance}?view=history&studentId=${studentId}`} mt="sm">
          All of {child.firstName}’s drop-offs and pickups
        </Anchor>
      </PageSection>

      <PageSection id="changes-heading" title="Who changed what">
        {changes.length === 0 ? (
          <Text>No changes recorded yet.</Text>
        ) : (
          <>
            {isDirector ? null : (
              <Text size="sm" c="dimmed" mb="xs">
                You see who made each change and when; the director also sees the values before and after.
              </Text>
            )}
            <TableRegion label="Who changed what table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">What</Table.Th>
                  <Table.Th scope="col">Record</Table.Th>
                  {isDirector ? <Table.Th scope="col">Changes</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Th scope="row">{formatWhen(c.at)}</Table.Th>
                    <Table.Td>{c.actorName ?? 'The system'}</Table.Td>
                    <Table.Td>{c.action}</Table.Td>
                    <Table.Td>{recordLabel(c.entityType)}</Table.Td>
                    {isDirector ? (
                      <Table.Td>
                        <List size="sm" spacing={2}>
                          {auditChanges(c.before, c.after).map((change) => (
                            <List.Item key={change}>{change}</List.Item>
                          ))}
                        </List>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </TableRegion>
          </>
        )}
      </PageSection>
    </Stack>
  );
}
