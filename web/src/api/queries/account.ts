/**
 * The parent's account as TanStack query options (docs/architecture.md, "Web"): each names its key
 * (query-keys.ts) and its call once, for the page's `useQuery` and the route's loader (router.tsx).
 */
import { queryOptions } from '@tanstack/react-query';
import { confirmEmail, getAccount } from '../auth.ts';
import { accountKeys } from '../query-keys.ts';

export const accountQueries = {
  /** GET /api/UserAuthentication/Me: the signed-in parent's account. */
  me: () => queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => getAccount(signal) }),
  /**
   * The confirmation link's POST /api/UserAuthentication/ConfirmEmail/{token}, made once on arriving at
   * /confirm-email/{token} (a query, so the page's loading, success and failure read like any other).
   */
  emailConfirmation: (token: string | undefined) =>
    queryOptions({
      queryKey: accountKeys.emailConfirmation(token),
      queryFn: async () => {
        await confirmEmail(token);
        return 'confirmed' as const;
      },
    }),
};
