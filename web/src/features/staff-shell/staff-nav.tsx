import { routes } from '@lc/contract';
import { Box, ScrollArea } from '@mantine/core';
import { Fragment } from 'react';
import { NavLink } from 'react-router';
import { StaffMessagesNavLink } from '../staff-conversations/messages-nav-link';
import { InboxNavLink } from '../staff-inbox/inbox-nav-link';
import classes from './staff-shell.module.css';

/** One sidebar link. */
type NavItem = { label: string; to: string; end?: boolean; inbox?: boolean; messages?: boolean };
/**
 * A group of the sidebar, by task (issue 24, "An app of its own"); `director`: the director's only (the API
 * answers a teacher 403 there). An `inbox` item is the Inbox link with its count, for whoever has the inbox; a
 * `messages` item the families' conversations with the unread count, for everyone (issue 25).
 */
type NavGroup = { label: string; items: NavItem[]; director?: boolean };

const groupId = (label: string) => `staff-nav-${label.toLowerCase().replace(/\W+/g, '-')}`;

/** The staff sidebar's groups, in the order a director works through the day. */
export const STAFF_NAV: NavGroup[] = [
  {
    label: 'The day',
    items: [
      { label: 'Today', to: routes.staff, end: true },
      { label: 'Attendance', to: routes.staffAttendance },
      { label: 'Incidents', to: routes.staffIncidents },
      { label: 'Calendar', to: routes.staffCalendar },
      { label: 'My time', to: routes.staffMyTime },
      { label: 'Timesheets', to: routes.staffTimesheets },
    ],
  },
  {
    label: 'Families & messages',
    items: [
      { label: 'Families', to: routes.staffFamilies },
      { label: 'Messages', to: routes.staffMessages, messages: true },
      { label: 'Inbox', to: routes.staffInbox, inbox: true },
      { label: 'Announcements', to: routes.staffAnnouncements },
    ],
  },
  {
    label: 'Program',
    items: [
      { label: 'Sessions', to: routes.staffSessions },
      { label: 'Programs', to: routes.staffPrograms },
      { label: 'Health records', to: routes.staffHealth, end: true },
    ],
  },
  {
    label: 'Money',
    director: true,
    items: [
      { label: 'Payments', to: routes.staffPayments },
      { label: 'Balances', to: routes.staffBalances },
      { label: 'Reports', to: routes.staffReports },
    ],
  },
  {
    label: 'Center',
    director: true,
    items: [
      { label: 'Team', to: routes.staffTeam },
      { label: 'Forms', to: routes.staffForms },
      { label: 'Licensing records', to: routes.staffInspection },
      { label: 'Audit trail', to: routes.staffAudit },
    ],
  },
];

/**
 * The staff sidebar: the groups of {@link STAFF_NAV} a person may open (a teacher never sees Money or Center),
 * the Inbox with its count for someone given the inbox, and the door tablet and the public site at the foot.
 * `onNavigate` closes the phone's menu when a link is followed.
 */
export function StaffNav({ director, onNavigate }: { director: boolean; onNavigate: () => void }) {
  return (
    <Box component="nav" aria-label="Staff" h="100%">
      <ScrollArea h="100%" type="auto" offsetScrollbars>
        <Box p="sm" pt={0}>
          {STAFF_NAV.filter((group) => director || !group.director).map((group) => (
            <Fragment key={group.label}>
              <Box id={groupId(group.label)} className={classes.group}>
                {group.label}
              </Box>
              <ul className={classes.list} aria-labelledby={groupId(group.label)}>
                {group.items.map((item) =>
                  item.inbox ? (
                    <InboxNavLink key={item.to} className={classes.link} onClick={onNavigate} />
                  ) : item.messages ? (
                    <StaffMessagesNavLink
                      key={item.to}
                      label={item.label}
                      className={classes.link}
                      onClick={onNavigate}
                    />
                  ) : (
                    <li key={item.to}>
                      <NavLink to={item.to} end={item.end} className={classes.link} onClick={onNavigate}>
                        {item.label}
                      </NavLink>
                    </li>
                  ),
                )}
              </ul>
            </Fragment>
          ))}
          <Box id={groupId('Elsewhere')} className={classes.group}>
            Elsewhere
          </Box>
          <ul className={classes.list} aria-labelledby={groupId('Elsewhere')}>
            <li>
              <NavLink to={routes.staffKiosk} className={classes.link} onClick={onNavigate}>
                Door tablet
              </NavLink>
            </li>
            <li>
              <NavLink to={routes.home} end className={classes.link} onClick={onNavigate}>
                The center’s website
              </NavLink>
            </li>
          </ul>
        </Box>
      </ScrollArea>
    </Box>
  );
}
