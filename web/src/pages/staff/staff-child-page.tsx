import { formatAgeMonths, routes } from '@lc/contract';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getStaffChild } from '../../api/staff-families';
import { failedWith } from '../../features/forms/feedback';
import classes from '../../features/staff/staff.module.css';
import {
  AllergiesNote,
  ChangesTable,
  CheckInsTable,
  PickupList,
} from '../../features/staff-families/child-sections';
import {
  CorrectChildDialog,
  CorrectContactDialog,
  RestrictionsSection,
} from '../../features/staff-families/custody-parts';
import {
  ContactsTable,
  EnrollmentsTable,
  formatDate,
  PageSection,
  ParentsTable,
  WaitlistTable,
} from '../../features/staff-families/family-parts';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import NotFoundPage from '../public/not-found-page';

/**
 * /staff/children/:studentId — one child for the staff (issue 10): age, allergies (they stand out), parents,
 * emergency contacts and who may pick them up, places and waitlists, check-ins, and who changed what (the
 * director also sees the values before and after). A child outside a teacher's sessions is not found. Issue 24:
 * the people the child may not be released to (the director adds and lifts them), and the director's
 * corrections of the child's details and contacts, each with a reason the family is emailed.
 */
export default function StaffChildPage() {
  const { studentId } = useParams();
  const isDirector = currentRole() === 'Admin';
  const record = useQuery({
    queryKey: staffKeys.child(studentId),
    queryFn: ({ signal }) => getStaffChild(studentId, signal),
    retry: (count, error) => !failedWith(error, 404) && count < 1,
  });
  const [correcting, setCorrecting] = useState(false);
  const [contactId, setContactId] = useState<string | null>(null);
  const name = record.data ? `${record.data.child.firstName} ${record.data.child.lastName}` : null;
  usePageTitle(name ? `Child · ${name}` : 'Child');

  if (failedWith(record.error, 404)) return <NotFoundPage />;
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

  const { child, parents, contacts, enrollments, waitlist, attendance, changes, restrictions } = record.data;

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
        {isDirector ? (
          <Group mt="sm">
            <Button variant="default" onClick={() => setCorrecting(true)}>
              Correct {child.firstName}’s details
            </Button>
          </Group>
        ) : null}
      </div>

      {restrictions.length > 0 || isDirector ? (
        <PageSection id="restrictions-heading" title="Do not release to">
          <RestrictionsSection
            studentId={child.studentId}
            firstName={child.firstName}
            restrictions={restrictions}
            isDirector={isDirector}
          />
        </PageSection>
      ) : null}

      <PageSection id="allergies-heading" title="Allergies">
        <AllergiesNote allergies={child.allergies} />
      </PageSection>

      <PageSection id="pickup-heading" title="Who may pick up">
        <PickupList firstName={child.firstName} parents={parents} contacts={contacts} />
      </PageSection>

      <PageSection id="parents-heading" title="Parents">
        <ParentsTable parents={parents} />
      </PageSection>

      <PageSection id="contacts-heading" title="Emergency contacts">
        <ContactsTable contacts={contacts} showChildren={false} />
        {isDirector && contacts.length > 0 ? (
          <Group gap="sm" mt="sm">
            {contacts.map((c) => (
              <Button key={c.id} variant="default" size="xs" onClick={() => setContactId(c.id)}>
                Correct {c.firstName} {c.lastName}
              </Button>
            ))}
          </Group>
        ) : null}
      </PageSection>

      <PageSection id="places-heading" title="Places in sessions">
        <EnrollmentsTable enrollments={enrollments} showChild={false} linkSessions={isDirector} />
      </PageSection>

      <PageSection id="waitlist-heading" title="Waitlists">
        <WaitlistTable places={waitlist} showChild={false} linkSessions={isDirector} />
      </PageSection>

      <PageSection id="attendance-heading" title="Check-ins">
        <CheckInsTable attendance={attendance} />
        <Anchor component={Link} to={`${routes.staffAttendance}?view=history&studentId=${studentId}`} mt="sm">
          All of {child.firstName}’s drop-offs and pickups
        </Anchor>
      </PageSection>

      <PageSection id="health-heading" title="Health record">
        <Anchor component={Link} to={routes.staffChildHealth(studentId ?? '')}>
          {child.firstName}’s immunizations, physical exam, doctor, diet, medications and documents
        </Anchor>
      </PageSection>

      <PageSection id="changes-heading" title="Who changed what">
        <ChangesTable changes={changes} isDirector={isDirector} />
        {isDirector ? (
          <Anchor
            component={Link}
            to={`${routes.staffAudit}?studentId=${encodeURIComponent(studentId ?? '')}`}
            mt="sm"
          >
            Everything about {child.firstName} in the audit trail
          </Anchor>
        ) : null}
      </PageSection>

      {isDirector ? (
        <>
          <CorrectChildDialog record={record.data} opened={correcting} onClose={() => setCorrecting(false)} />
          <CorrectContactDialog
            record={record.data}
            contact={contacts.find((c) => c.id === contactId) ?? null}
            onClose={() => setContactId(null)}
          />
        </>
      ) : null}
    </Stack>
  );
}
