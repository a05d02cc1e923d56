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
import { Anchor, Badge, Button, Group, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../class-sessions/format';
import { ColumnHeads, ScrollRegion } from '../staff/list-parts';
import { formatWhen } from '../staff/staff-format';

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

/** A table that scrolls inside its own region on a narrow screen (the region takes focus for the keyboard). */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollRegion label={label}>
      <Table striped verticalSpacing="xs" fz="sm">
        {children}
      </Table>
    </ScrollRegion>
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
    <TableRegion label="Parents table">
      <ColumnHeads columns={['Name', 'Email', 'Mobile', ...(shared ? ['Shared family'] : [])]} />
      <Table.Tbody>
        {parents.map((p) => (
          <Table.Tr key={p.userId}>
            <Table.Th scope="row">
              {p.firstName} {p.lastName}
            </Table.Th>
            <Table.Td>{p.emailAddress}</Table.Td>
            <Table.Td>{phone(p.phone)}</Table.Td>
            {shared ? (
              <Table.Td>
                {p.sharesFamily ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => onRemove?.(p)}
                    aria-label={`Remove ${p.firstName} ${p.lastName} from the family`}
                  >
                    Remove from family
                  </Button>
                ) : null}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}

export function ContactsTable({
  contacts,
  showChildren,
}: {
  contacts: FamilyContact[];
  showChildren: boolean;
}) {
  if (contacts.length === 0) return <Text>No emergency contacts yet.</Text>;
  return (
    <TableRegion label="Emergency contacts table">
      <ColumnHeads
        columns={[
          'Name',
          'Relationship',
          'Pickup',
          'Cell',
          'Home',
          'Email',
          ...(showChildren ? ['For'] : []),
        ]}
      />
      <Table.Tbody>
        {contacts.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Th scope="row">
              {c.firstName} {c.lastName}
            </Table.Th>
            <Table.Td>{c.relationship}</Table.Td>
            <Table.Td>
              <PickupMark canPickup={c.canPickup} />
            </Table.Td>
            <Table.Td>{phone(c.cellPhone)}</Table.Td>
            <Table.Td>{phone(c.homePhone)}</Table.Td>
            <Table.Td>{c.emailAddress ?? '—'}</Table.Td>
            {showChildren ? <Table.Td>{c.children.join(', ') || '—'}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
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

export function EnrollmentsTable({
  enrollments,
  showChild,
  linkSessions,
}: {
  enrollments: FamilyEnrollment[];
  showChild: boolean;
  linkSessions: boolean;
}) {
  if (enrollments.length === 0) return <Text>No places in any session yet.</Text>;
  return (
    <TableRegion label="Places in sessions table">
      <ColumnHeads
        columns={[...(showChild ? ['Child'] : []), 'Session', 'Dates', 'Status', 'Since', 'Withdrawn on']}
      />
      <Table.Tbody>
        {enrollments.map((e) => (
          <Table.Tr key={e.id}>
            {showChild ? <Table.Td>{e.childName}</Table.Td> : null}
            <Table.Th scope="row">
              <SessionName id={e.classSessionId} name={e.sessionName} link={linkSessions} />
            </Table.Th>
            <Table.Td>
              {formatDate(e.sessionStartDate)} – {formatDate(e.sessionEndDate)}
            </Table.Td>
            <Table.Td>{enrollmentStatusLabels[e.status]}</Table.Td>
            <Table.Td>{formatDate(e.created)}</Table.Td>
            <Table.Td>{e.withdrawnAt ? formatDate(e.withdrawnAt) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
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
  if (places.length === 0) return <Text>Not on any waitlist.</Text>;
  return (
    <TableRegion label="Waitlist places table">
      <ColumnHeads columns={[...(showChild ? ['Child'] : []), 'Session', 'Status', 'Joined', 'Offer ends']} />
      <Table.Tbody>
        {places.map((w) => (
          <Table.Tr key={w.id}>
            {showChild ? <Table.Td>{w.childName}</Table.Td> : null}
            <Table.Th scope="row">
              <SessionName id={w.classSessionId} name={w.sessionName} link={linkSessions} />
            </Table.Th>
            <Table.Td>{waitlistStatusLabels[w.status]}</Table.Td>
            <Table.Td>{formatDate(w.joinedAt)}</Table.Td>
            <Table.Td>{w.status === 'Offered' && w.expires ? formatWhen(w.expires) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
