/**
 * The medicine given on one meeting day, for the inspector's records (issue 26; decisions 039 and 040): each
 * dose with the child, the medicine and dose, the time, who gave it and whose signed authorization it was
 * given under; a voided entry says so with its reason. Nothing is shown on a day no medicine was given.
 * Staff pages are English (decision 015).
 */
import type { InspectionDose } from '@lc/contract';
import { Table, Text } from '@mantine/core';
import { signedDay } from '../medication/format.ts';
import { formatClock } from '../staff-attendance/attendance-parts';

/** A table wider than a phone scrolls sideways by keyboard too: its viewport takes focus (axe, WCAG 2.1.1). */
const KEYBOARD_SCROLL = { viewportProps: { tabIndex: 0 } };

export function InspectionDoses({ doses, dayLabel }: { doses: InspectionDose[]; dayLabel: string }) {
  if (doses.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={720} scrollAreaProps={KEYBOARD_SCROLL}>
      <Table striped>
        <Table.Caption>Medicine given, {dayLabel}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Child</Table.Th>
            <Table.Th scope="col">Medicine and dose</Table.Th>
            <Table.Th scope="col">Time</Table.Th>
            <Table.Th scope="col">Given by</Table.Th>
            <Table.Th scope="col">Authorized by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {doses.map((d) => (
            <Table.Tr key={`${d.givenAt}:${d.childName}:${d.medication}`}>
              <Table.Th scope="row" fw={500}>
                {d.childName}
              </Table.Th>
              <Table.Td>
                {d.medication}, {d.dose}
                {d.voidReason !== null ? (
                  <Text size="sm" fw={600}>
                    Voided, no dose given: {d.voidReason}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{formatClock(d.givenAt)}</Table.Td>
              <Table.Td>{d.givenBy}</Table.Td>
              <Table.Td>
                {d.authorizedBy}, signed {signedDay(d.authorizedAt)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
