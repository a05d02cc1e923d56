import { routes } from '@lc/contract';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getStaffSelf } from '../../api/staff';
import { getInboxSummary } from '../../api/staff-inbox';

/**
 * The staff sidebar's "Inbox" link (a list item) with the count of new messages (issue 10). Shown only to someone
 * who may read the inbox (`GET /api/staff/me`): the count is asked for only then, so a teacher without the
 * inbox never calls it (issue 21). Screen readers hear "Inbox, 3 new"; the count refreshes every minute and
 * after every inbox change.
 */
export function InboxNavLink({
  className,
  onClick,
}: {
  className?: string | undefined;
  onClick?: (() => void) | undefined;
}) {
  const self = useQuery({
    queryKey: staffKeys.me(),
    queryFn: ({ signal }) => getStaffSelf(signal),
    staleTime: 60_000,
  });
  const summary = useQuery({
    queryKey: staffKeys.inboxSummary(),
    queryFn: ({ signal }) => getInboxSummary(signal),
    enabled: self.data?.inboxAccess === true,
    retry: false,
    refetchInterval: 60_000,
  });
  if (!self.data?.inboxAccess) return null;
  if (!summary.data) return null;
  const { newCount } = summary.data;
  return (
    <li>
      <NavLink
        to={routes.staffInbox}
        className={className}
        onClick={onClick}
        aria-label={newCount > 0 ? `Inbox, ${newCount} new` : undefined}
      >
        Inbox
        {newCount > 0 ? (
          <Badge
            component="span"
            aria-hidden="true"
            ml={6}
            size="sm"
            color="red.7"
            variant="filled"
            circle={newCount < 10}
          >
            {newCount}
          </Badge>
        ) : null}
      </NavLink>
    </li>
  );
}
