import { announcementStatusLabels, type StaffAnnouncement } from '@lc/contract';
import { Badge } from '@mantine/core';

const colors = { scheduled: 'blue.9', sent: 'teal.9', cancelled: 'gray.7' } as const;

/** Scheduled, Sent or Cancelled, in words (the colour only repeats them). */
export function StatusBadge({ announcement }: { announcement: Pick<StaffAnnouncement, 'status'> }) {
  return (
    <Badge color={colors[announcement.status]} variant="filled" tt="none" radius="sm">
      {announcementStatusLabels[announcement.status]}
    </Badge>
  );
}
