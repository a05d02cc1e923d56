import { routes } from '@lc/contract';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { conversationQueries } from '../../api/queries/conversations';

/**
 * The staff sidebar's "Messages" link (issue 25), for everyone on the staff (a teacher reads their
 * families' conversations too), with the count of conversations holding a message the reader has not read
 * (`GET /api/staff/conversations/summary`, asked every minute). Screen readers hear "Messages, 2 unread".
 */
export function StaffMessagesNavLink({
  label,
  className,
  onClick,
}: {
  label: string;
  className?: string | undefined;
  onClick?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const summary = useQuery({ ...conversationQueries.staffSummary(), retry: false });
  const unread = summary.data?.unreadConversations ?? 0;
  return (
    <li>
      <NavLink
        to={routes.staffMessages}
        className={className}
        onClick={onClick}
        aria-label={unread > 0 ? t('conversations.staff.navUnread', { count: unread }) : undefined}
      >
        {label}
        {unread > 0 ? (
          <Badge
            component="span"
            aria-hidden="true"
            ml={6}
            size="sm"
            color="red.7"
            variant="filled"
            circle={unread < 10}
          >
            {unread}
          </Badge>
        ) : null}
      </NavLink>
    </li>
  );
}
