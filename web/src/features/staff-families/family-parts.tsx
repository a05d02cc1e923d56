/**
 * The family and child pages' shared sections (issue 10): parents, contacts (who may pick up), places,
 * waitlist places. Each table sits in its own scrollable region, so a phone never scrolls the whole page
 * sideways; allergies are red badges and pickup rights a clear badge.
 */
import {
  type EnrollmentStatus,
  type FamilyContact,
  type FamilyEnrollment,
  type FamilyParent,
  type FamilyWaitlistPlace,
  formatPhone,
  routes,
  type WaitlistStatus,
} from '@lc/contract';
import { Anchor, Badge, Button, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../class-sessions/format';
import { BreakableEmails } from '../staff/list-parts';
import { formatWhen } from '../staff/staff-format';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';

/** "Nov 20, 2026" for a calendar date or an instant (the center's calendar). */
export const formatDate = (iso: string) => formatDay(iso, { withYear: true });

/** What a place's status means, in the center's words. */
export const enrollmentStatusLabels: Record<EnrollmentStatus, string> = {
  Enrolled: 'Enrolled',
  PendingPayment: 'Seat held (checkout open)',
  Cancelled: 'Cancelled',
  Withdrawn: 'Withdrawn',
};

export const waitlistStatusLabels: Record<WaitlistStatus, string> = {
  Waiting: 'Waiting',
  Offered: 'Offered a seat',
  Accepted: 'Took the seat',
  Expired: 'Offer lapsed',
  Withdrawn: 'Left the waitlist',
};

/** A titled section of a family or child page. */
export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Allergies as red badges, or a plain "None recorded". */
export function AllergyBadges({ allergies }: { allergies: string[] }) {
  if (allergies.length === 0) return <Text size="sm">None recorded</Text>;
  return (
    <Group gap={4} wrap="wrap">
      {allergies.map((allergy) => (
        <Badge key={allergy} color="red.8" variant="filled" radius="sm" tt="none">
          {allergy}
        </Badge>
      ))}
    </Group>
  );
}

/** "May pick up" stands out; a contact who may not is said so in words. */
export function PickupMark({ canPickup }: { canPickup: boolean }) {
  return canPickup ? (
    <Badge color="oak.8" variant="filled" radius="sm" tt="none">
      May pick up
    </Badge>
  ) : (
    <Text size="sm">Not for pickup</Text>
  );
}

const phone = (value: string | null) => (value ? formatPhone(value) : '—');

/**
 * The family's parent accounts. With `onRemove` (the director, issue 13) a parent sharing the family gets a
 * "Remove from family" button.
 */
export function ParentsTable({
  parents,
  onRemove,
}: {
  parents: FamilyParent[];
  onRemove?: (parent: FamilyParent) => void;
}) {
  const shared = onRemove !== undefined && parents.some((p) => p.sharesFamily);
  return (
    <StaffTable
      label="Parents table"
      rows={parents}
      rowId={(p) => p.userId}
      columns={[
        { id: 'name', header: 'Name', cell: (p) => `${p.firstName} ${p.lastName}` },
        { id: 'email', header: 'Email', cell: (p) => <BreakableEmails cell={p.emailAddress} /> },
        { id: 'mobile', header: 'Mobile', nowrap: true, cell: (p) => phone(p.phone) },
      ]}
      actions={
        shared
          ? (p) =>
              p.sharesFamily ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => onRemove?.(p)}
                  aria-label={`Remove ${p.firstName} ${p.lastName} from the family`}
                >
                  Remove from family
                </Button>
              ) : null
          : undefined
      }
      empty="No parent account is on this family any more."
    />
  );
}

export function ContactsTable({
  contacts,
  showChildren,
}: {
  contacts: FamilyContact[];
  showChildren: boolean;
}) {
  return (
    <StaffTable
      label="Emergency contacts table"
      rows={contacts}
      rowId={(c) => String(c.id)}
      columns={[
        { id: 'name', header: 'Name', cell: (c) => `${c.firstName} ${c.lastName}` },
        { id: 'relationship', header: 'Relationship', cell: (c) => c.relationship },
        { id: 'pickup', header: 'Pickup', cell: (c) => <PickupMark canPickup={c.canPickup} /> },
        { id: 'cell', header: 'Cell', nowrap: true, cell: (c) => phone(c.cellPhone) },
        { id: 'home', header: 'Home', nowrap: true, cell: (c) => phone(c.homePhone) },
        {
          id: 'email',
          header: 'Email',
          cell: (c) => (c.emailAddress ? <BreakableEmails cell={c.emailAddress} /> : '—'),
        },
        { id: 'for', header: 'For', when: showChildren, cell: (c) => c.children.join(', ') || '—' },
      ]}
      empty="No emergency contacts yet. The family adds them in their portal."
    />
  );
}

/** A session's name, linked to its roster for the director (a teacher may not teach every session listed). */
function SessionName({ id, name, link }: { id: number; name: string; link: boolean }) {
  return link ? (
    <Anchor component={Link} to={routes.staffSession(id)}>
      {name}
    </Anchor>
  ) : (
    name
  );
}

/**
 * The first columns of a table of places (in a session or on its waitlist): the child when the table spans
 * several children (`showChild`), then the session, linked to its roster for the director (`linkSessions`).
 */
function placeColumns<Place extends { childName: string; classSessionId: number; sessionName: string }>(
  showChild: boolean,
  linkSessions: boolean,
): StaffColumn<Place>[] {
  return [
    { id: 'child', header: 'Child', when: showChild, cell: (p) => p.childName },
    {
      id: 'session',
      header: 'Session',
      cell: (p) => <SessionName id={p.classSessionId} name={p.sessionName} link={linkSessions} />,
    },
  ];
}

export function EnrollmentsTable({
  enrollments,
  showChild,
  linkSessions,
}: {
  enrollments: FamilyEnrollment[];
  showChild: boolean;
  linkSessions: boolean;
}) {
  return (
    <StaffTable
      label="Places in sessions table"
      rows={enrollments}
      rowId={(e) => String(e.id)}
      columns={[
        ...placeColumns<FamilyEnrollment>(showChild, linkSessions),
        {
          id: 'dates',
          header: 'Dates',
          cell: (e) => `${formatDate(e.sessionStartDate)} – ${formatDate(e.sessionEndDate)}`,
        },
        { id: 'status', header: 'Status', cell: (e) => enrollmentStatusLabels[e.status] },
        { id: 'since', header: 'Since', nowrap: true, cell: (e) => formatDate(e.created) },
        {
          id: 'withdrawn',
          header: 'Withdrawn on',
          nowrap: true,
          cell: (e) => (e.withdrawnAt ? formatDate(e.withdrawnAt) : '—'),
        },
      ]}
      empty="No places in any session yet."
    />
  );
}

export function WaitlistTable({
  places,
  showChild,
  linkSessions,
}: {
  places: FamilyWaitlistPlace[];
  showChild: boolean;
  linkSessions: boolean;
}) {
  return (
    <StaffTable
      label="Waitlist places table"
      rows={places}
      rowId={(w) => String(w.id)}
      columns={[
        ...placeColumns<FamilyWaitlistPlace>(showChild, linkSessions),
        { id: 'status', header: 'Status', cell: (w) => waitlistStatusLabels[w.status] },
        { id: 'joined', header: 'Joined', nowrap: true, cell: (w) => formatDate(w.joinedAt) },
        {
          id: 'offer',
          header: 'Offer ends',
          cell: (w) => (w.status === 'Offered' && w.expires ? formatWhen(w.expires) : '—'),
        },
      ]}
      empty="Not on any waitlist."
    />
  );
}
