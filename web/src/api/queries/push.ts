/**
 * Web push (issue 25 "On the phone") as TanStack query options (docs/architecture.md, "Web"): the VAPID key
 * (it changes only with the server's settings) and the person's devices.
 */
import { queryOptions } from '@tanstack/react-query';
import { getPushDevices, getPushKey } from '../push.ts';
import { pushKeys } from '../query-keys.ts';

export const pushQueries = {
  /** GET /api/Push/Key. */
  key: () =>
    queryOptions({
      queryKey: pushKeys.key(),
      queryFn: ({ signal }) => getPushKey(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** GET /api/Push/Subscriptions. */
  devices: () =>
    queryOptions({ queryKey: pushKeys.devices(), queryFn: ({ signal }) => getPushDevices(signal) }),
};
