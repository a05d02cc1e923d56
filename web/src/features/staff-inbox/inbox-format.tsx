/** The inbox's small shared pieces (issue 10): status and kind badges, labels and dates in the center's zone. */
import { dateTimeFormat, type InboxKind, type InboxStatus, inboxKindLabels } from '@lc/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import { CENTER_TIME_ZONE } from '../class-sessions/format';

// Filled, dark shades only: white text on them passes 4.5:1 in both themes (light badges do not).
const statusColor: Record<InboxStatus, string> = {
  New: 'honey.9',
  Replied: 'blue.8',
  Contacted: 'blue.8',
  Toured: 'grape.8',
  Placed: 'oak.8',
  Enrolled: 'oak.8',
  Closed: 'gray.7',
};

/** New / Replied / Contacted / Toured / Placed / Enrolled / Closed. */
export function InboxStatusBadge({ status, ...props }: BadgeProps & { status: InboxStatus }) {
  return (
    <Badge color={statusColor[status]} variant="filled" tt="none" radius="sm" {...props}>
      {status}
    </Badge>
  );
}

/** Question / Tour request / Tutoring waitlist. */
export function InboxKindBadge({ kind, ...props }: BadgeProps & { kind: InboxKind }) {
  return (
    <Badge color="gray" variant="default" tt="none" radius="sm" {...props}>
      {inboxKindLabels[kind]}
    </Badge>
  );
}

const day = dateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: CENTER_TIME_ZONE,
});
const birthday = dateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Nov 20, 2026" in the center's zone, from an ISO instant. */
export const formatReceived = (iso: string) => day.format(new Date(iso));
/** "May 14, 2022" from a calendar date "YYYY-MM-DD". */
export const formatBirthday = (date: string) => birthday.format(new Date(`${date}T00:00:00Z`));

/** A staff member's name, "Elena Okafor". */
export const personName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();
