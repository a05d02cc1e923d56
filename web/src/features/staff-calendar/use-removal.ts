import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { failedWith } from '../forms/feedback';
import { notifyError, notifySuccess } from '../forms/notify';

/**
 * Removing something from the center's calendar (a closure, a tour time): on success `done(item)` as a toast;
 * a 404 (someone removed it first) counts as done with `gone`; anything else shows `failed`. Either way the staff
 * queries are refreshed, so the calendar, Today and the lists agree.
 */
export function useRemoval<T>(
  remove: (item: T) => Promise<void>,
  messages: { done: (item: T) => string; gone: string; failed: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: (_, item) => {
      notifySuccess(messages.done(item));
      return queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (error) => {
      if (failedWith(error, 404)) {
        notifySuccess(messages.gone);
        return queryClient.invalidateQueries({ queryKey: staffKeys.all });
      }
      notifyError(messages.failed);
      return undefined;
    },
  });
}
