/**
 * Who shares the family (issue 13, co-parents) as TanStack query options (docs/architecture.md, "Web"): each
 * names its key (query-keys.ts) and its call once, for the page's `useQuery` and the route's loader
 * (router.tsx).
 */
import { queryOptions } from '@tanstack/react-query';
import { getFamily, getFamilyCalendar, previewInvitation } from '../family-sharing.ts';
import { familySharingKeys } from '../query-keys.ts';

export const familySharingQueries = {
  /** GET /api/Family: who shares the portal, and the invitations still open. */
  family: () =>
    queryOptions({ queryKey: familySharingKeys.family(), queryFn: ({ signal }) => getFamily(signal) }),
  /** GET /api/Family/Calendar: closures and early dismissals ahead for the family's children (issue 24). */
  calendar: () =>
    queryOptions({
      queryKey: familySharingKeys.calendar(),
      queryFn: ({ signal }) => getFamilyCalendar(signal),
    }),
  /** What an invitation link offers (410 when used, withdrawn or expired; 403 for another address). */
  invitation: (token: string) =>
    queryOptions({
      queryKey: familySharingKeys.invitation(token),
      queryFn: ({ signal }) => previewInvitation(token, signal),
    }),
};
