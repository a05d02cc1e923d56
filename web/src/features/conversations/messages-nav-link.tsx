import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { conversationKeys } from '../../api/query-keys.ts';

/** How often the count is asked again, in milliseconds. */
const UNREAD_POLL_MS = 60_000;

/**
 * The portal navigation's "Messages" link (issue 25) with the count of the center's messages the parent has
 * not read (`GET /api/Messages/Unread`, asked again every minute and after the conversation is read). The
 * count is a badge the eye reads; screen readers hear the link as "Messages, 2 unread".
 */
export function MessagesNavLink({ to, className }: { to: string; className?: string | undefined }) {
  const { t } = useTranslation();
  const unread =
    useQuery({
      queryKey: conversationKeys.familyUnread(),
      // The conversations' API module (and its part of the contract) loads only when asked: every portal page
      // shows this link, and the portal layout is part of the app's first download (decision 009).
      queryFn: async ({ signal }) => (await import('../../api/conversations.ts')).getFamilyUnread(signal),
      refetchInterval: UNREAD_POLL_MS,
    }).data?.unread ?? 0;
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
