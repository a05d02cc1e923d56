import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { conversationQueries } from '../../api/queries/conversations.ts';

/**
 * The portal navigation's "Messages" link (issue 25) with the count of the center's messages the parent has
 * not read (`GET /api/Messages/Unread`, asked again every minute and after the conversation is read). The
 * count is a badge the eye reads; screen readers hear the link as "Messages, 2 unread".
 */
export function MessagesNavLink({ to, className }: { to: string; className?: string | undefined }) {
  const { t } = useTranslation();
  const unread = useQuery(conversationQueries.familyUnread()).data?.unread ?? 0;
  return (
    <NavLink
      to={to}
      className={className}
      aria-label={unread > 0 ? t('conversations.navUnread', { count: unread }) : undefined}
    >
      {t('portal.nav.messages')}
      {unread > 0 ? (
        <Badge component="span" aria-hidden="true" ml={6} size="sm" color="red.7" variant="filled">
          {unread}
        </Badge>
      ) : null}
    </NavLink>
  );
}
