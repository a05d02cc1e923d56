import { type FamilyParent, routes, todayIsoDate } from '@lc/contract';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getFamily } from '../../api/staff-families';
import { failedWith } from '../../features/forms/feedback';
import { FamilyAccountSection } from '../../features/portal-sessions/family-account';
import classes from '../../features/staff/staff.module.css';
import { MessageFamilyButton } from '../../features/staff-conversations/message-family-button';
import {
  ContactsTable,
  EnrollmentsTable,
  PageSection,
  ParentsTable,
  WaitlistTable,
} from '../../features/staff-families/family-parts';
import {
  ChildrenTable,
  FamilyInboxTable,
  FamilyPaymentsTable,
} from '../../features/staff-families/family-tables';
import { RemoveParentDialog } from '../../features/staff-families/remove-parent-dialog';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import NotFoundPage from '../public/not-found-page';

/**
 * /staff/families/:userId — one family (issue 10): parents, children with their allergies, emergency contacts
 * and who may pick up, places and waitlist places, payments (the director) and messages to the center (those
 * with the inbox), and "Message the family" (their conversation with the center, issue 25). A family outside a
 * teacher's sessions is not found.
 */
export default function StaffFamilyPage() {
  const { userId } = useParams();
  const isDirector = currentRole() === 'Admin';
  const family = useQuery({
    queryKey: staffKeys.family(userId),
    queryFn: ({ signal }) => getFamily(userId, signal),
    retry: (count, error) => !failedWith(error, 404) && count < 1,
  });
  const [removing, setRemoving] = useState<FamilyParent | null>(null);
  const main = family.data?.parents[0];
  usePageTitle(main ? `Family · ${main.firstName} ${main.lastName}` : 'Family');

  if (failedWith(family.error, 404)) return <NotFoundPage />;
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

  const { parents, children, contacts, enrollments, waitlist, payments, account, inbox } = family.data;

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
        {userId ? (
          <Group mt="sm">
            <MessageFamilyButton userId={userId} />
          </Group>
        ) : null}
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
        <ChildrenTable familyChildren={children} />
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

      {account && account.entries.length > 0 ? (
        <PageSection id="account-heading-section" title="Account">
          <FamilyAccountSection account={account} today={todayIsoDate()} office />
        </PageSection>
      ) : null}

      {payments ? (
        <PageSection id="payments-heading" title="Payments">
          <FamilyPaymentsTable payments={payments} />
        </PageSection>
      ) : null}

      {inbox ? (
        <PageSection id="inbox-heading" title="Messages to the center">
          <FamilyInboxTable inbox={inbox} />
        </PageSection>
      ) : null}
    </Stack>
  );
}
