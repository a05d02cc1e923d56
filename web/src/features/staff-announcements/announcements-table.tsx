import { routes, type StaffAnnouncement } from '@lc/contract';
import { Anchor, Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type StaffColumn, StaffTable, type TableSort } from '../staff-table/staff-table';
import { plural } from './announcement-form';
import own from './announcements.module.css';
import { formatInstant } from './format';
import { StatusBadge } from './status-badge';

/** When it goes or went out, in words on the center's clock, with what was sent. */
function whenLine(a: StaffAnnouncement): string {
  if (a.status === 'scheduled') return `Goes out ${formatInstant(a.sendAt!)}`;
  if (a.sentAt) {
    const sent = `Sent ${formatInstant(a.sentAt)} · ${plural(a.emailCount ?? 0, 'email', 'emails')} · ${plural(a.smsCount ?? 0, 'text', 'texts')}`;
    return a.status === 'cancelled' ? `${sent} · taken off the web ${formatInstant(a.cancelledAt!)}` : sent;
  }
  return `Cancelled ${formatInstant(a.cancelledAt!)} before it went out`;
}

/**
 * The announcements table's columns: the title (a link to it, with Important and its category), the status,
 * who it is for, when it goes or went out, its channels and who wrote it. The sortable ones are the server's
 * `ANNOUNCEMENT_SORTS`.
 */
const ANNOUNCEMENT_COLUMNS: ReadonlyArray<StaffColumn<StaffAnnouncement>> = [
  {
    id: 'title',
    header: 'Title',
    sortable: true,
    cell: (a) => (
      <>
        <Anchor component={Link} to={routes.staffAnnouncement(a.id)} className={own.title}>
          {a.title}
        </Anchor>
        {a.priority > 0 || a.category ? (
          <Group gap={6} mt={4} wrap="wrap">
            {a.priority > 0 ? (
              <Badge color="honey.9" variant="filled" tt="none" radius="sm">
                Important
              </Badge>
            ) : null}
            {a.category ? (
              <Badge color="gray" variant="default" tt="none" radius="sm">
                {a.category}
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (a) => <StatusBadge announcement={a} /> },
  {
    id: 'audience',
    header: 'For',
    sortable: true,
    cell: (a) => a.sessionName ?? 'Every family at the center',
  },
  { id: 'when', header: 'When', sortable: true, descendingFirst: true, cell: whenLine },
  {
    id: 'channels',
    header: 'Channels',
    cell: (a) =>
      [a.showOnWeb ? 'Web' : null, a.sendEmail ? 'Email' : null, a.sendSMS ? 'Text message' : null]
        .filter(Boolean)
        .join(' · '),
  },
  { id: 'author', header: 'By', cell: (a) => a.createdBy ?? '—' },
];

/**
 * The announcements in the server's order (`sort`: a header's button; the latest date first by default),
 * described by the heading that counts them (`describedBy`); `empty` says what to do when there are none.
 */
export function AnnouncementsTable({
  items,
  sort,
  empty,
  describedBy,
}: {
  items: StaffAnnouncement[];
  sort: TableSort;
  empty: ReactNode;
  describedBy?: string;
}) {
  return (
    <StaffTable
      choose={{ list: 'announcements' }}
      label="Announcements table"
      rows={items}
      rowId={(a) => String(a.id)}
      columns={ANNOUNCEMENT_COLUMNS}
      sort={sort}
      empty={empty}
      describedBy={describedBy}
    />
  );
}
