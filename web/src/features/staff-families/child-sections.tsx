/**
 * The one-child page's own parts (issue 10): the allergies that stand out, who may pick the child up, the
 * check-ins, and who changed what (the director also sees the values before and after).
 */
import {
  AUDIT_ENTITY_TYPES,
  auditChanges,
  type ChildAttendance,
  type ChildChange,
  type FamilyContact,
  type FamilyParent,
} from '@lc/contract';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatWhen } from '../staff/staff-format';
import { StaffTable } from '../staff-table/staff-table';
import { AllergyBadges } from './family-parts';

/** How many of the child's door records show before "Show all": about two weeks of drop-offs and pickups. */
export const RECENT_CHECK_INS = 20;

const recordLabel = (entityType: string) =>
  (AUDIT_ENTITY_TYPES as Record<string, string>)[entityType] ?? entityType;

/** The child's allergies on red, with the staff's reminder; or that none are recorded. */
export function AllergiesNote({ allergies }: { allergies: string[] }) {
  return allergies.length > 0 ? (
    <Alert color="red" variant="outline">
      <Stack gap="xs">
        <AllergyBadges allergies={allergies} />
        <Text size="sm">Check with the family before any food, craft or outing.</Text>
      </Stack>
    </Alert>
  ) : (
    <Text>No allergies recorded.</Text>
  );
}

/** The parents and the emergency contacts who may pick the child (`firstName`) up. */
export function PickupList({
  firstName,
  parents,
  contacts,
}: {
  firstName: string;
  parents: FamilyParent[];
  contacts: FamilyContact[];
}) {
  const pickup = contacts.filter((c) => c.canPickup);
  return pickup.length === 0 ? (
    <Text>Only the parents: no emergency contact may pick up {firstName}.</Text>
  ) : (
    <List spacing={4}>
      <List.Item>Parents: {parents.map((p) => `${p.firstName} ${p.lastName}`).join(', ')}</List.Item>
      {pickup.map((c) => (
        <List.Item key={c.id}>
          {c.firstName} {c.lastName} ({c.relationship})
        </List.Item>
      ))}
    </List>
  );
}

/** The child's check-ins and check-outs, newest first: when, which, the session and the adult; the newest {@link RECENT_CHECK_INS}, then all on request. */
export function CheckInsTable({ attendance }: { attendance: ChildAttendance[] }) {
  const [all, setAll] = useState(false);
  if (attendance.length === 0) return <Text role="status">No check-ins recorded yet.</Text>;
  // The newest first: the last two weeks or so at a glance, the rest (a term's worth) one button away.
  const shown = all ? attendance : attendance.slice(0, RECENT_CHECK_INS);
  return (
    <Stack gap="xs" align="flex-start">
      <StaffTable
        label="Check-ins table"
        rows={shown}
        rowId={(a) => String(a.id)}
        columns={[
          { id: 'when', header: 'When', cell: (a) => formatWhen(a.at) },
          { id: 'what', header: 'What', cell: (a) => (a.kind === 'CheckIn' ? 'Checked in' : 'Checked out') },
          { id: 'session', header: 'Session', cell: (a) => a.sessionName },
          { id: 'adult', header: 'Adult', cell: (a) => a.adultName ?? '—' },
        ]}
        empty="No check-ins recorded yet."
      />
      {attendance.length > RECENT_CHECK_INS ? (
        <Button variant="default" size="compact-sm" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? `Show the newest ${RECENT_CHECK_INS} only` : `Show all ${attendance.length} check-ins`}
        </Button>
      ) : null}
    </Stack>
  );
}

/** Who changed what about the child, and when; the director also sees each change's before and after. */
export function ChangesTable({ changes, isDirector }: { changes: ChildChange[]; isDirector: boolean }) {
  if (changes.length === 0) return <Text>No changes recorded yet.</Text>;
  return (
    <>
      {isDirector ? null : (
        <Text size="sm" c="dimmed" mb="xs">
          You see who made each change and when; the director also sees the values before and after.
        </Text>
      )}
      <StaffTable
        label="Who changed what table"
        rows={changes}
        rowId={(c) => String(c.id)}
        columns={[
          { id: 'when', header: 'When', cell: (c) => formatWhen(c.at) },
          { id: 'who', header: 'Who', cell: (c) => c.actorName ?? 'The system' },
          { id: 'what', header: 'What', cell: (c) => c.action },
          { id: 'record', header: 'Record', cell: (c) => recordLabel(c.entityType) },
          {
            id: 'changes',
            header: 'Changes',
            when: isDirector,
            cell: (c) => (
              <List size="sm" spacing={2}>
                {auditChanges(c.before, c.after).map((change) => (
                  <List.Item key={change}>{change}</List.Item>
                ))}
              </List>
            ),
          },
        ]}
        empty="No changes recorded yet."
      />
    </>
  );
}
