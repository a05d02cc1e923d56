/**
 * The session's files and links on the director's form (issue 10): the list in the order families see it,
 * moving one up or down (the focus stays on the moved item's button once the list shows its new place) and
 * showing or hiding one for families.
 */
import type { StaffResource } from '@lc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { staffKeys } from '../../api/query-keys';
import { getSessionResources, orderResources, updateResource } from '../../api/staff-resources';
import { failedWith, failureMessage } from '../forms/feedback';
import { notifyError, notifySuccess } from '../forms/notify';

/**
 * The list (`resources`, and `list`: its items, none while loading), `setList` for a form's answer, `moveTo`
 * (ignored while a move is saved), `toggle`, and `moveButtons`: each item's Move buttons by `id:direction`.
 */
export function useSessionResources(sessionId: number) {
  const queryClient = useQueryClient();
  const resources = useQuery({
    queryKey: staffKeys.resources(sessionId),
    queryFn: ({ signal }) => getSessionResources(sessionId, signal),
  });
  const moveButtons = useRef(new Map<string, HTMLButtonElement | null>());
  /** After a move: the moved item, where it now is, and which of its buttons had focus. */
  const [focusAfterMove, setFocusAfterMove] = useState<{
    id: number;
    index: number;
    direction: 'up' | 'down';
  } | null>(null);
  const setList = (list: StaffResource[]) => queryClient.setQueryData(staffKeys.resources(sessionId), list);

  // Focus stays on the moved item's button once the list shows its new place (or on its other button
  // when the item reached an end of the list).
  useEffect(() => {
    if (!focusAfterMove || resources.data?.[focusAfterMove.index]?.id !== focusAfterMove.id) return;
    const { id, direction } = focusAfterMove;
    const target = moveButtons.current.get(`${id}:${direction}`);
    const other = moveButtons.current.get(`${id}:${direction === 'up' ? 'down' : 'up'}`);
    (target && !target.disabled ? target : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, resources.data]);

  const move = useMutation({
    mutationFn: ({ ids }: { ids: number[]; moved: StaffResource; direction: 'up' | 'down' }) =>
      orderResources(sessionId, ids),
    onSuccess: (list, { moved, direction }) => {
      setList(list);
      setFocusAfterMove({ id: moved.id, index: list.findIndex((r) => r.id === moved.id), direction });
      notifySuccess(`Moved ${moved.name} ${direction}.`);
    },
    onError: async (failure) => {
      const failed = 'The order could not be saved. Please try again.';
      notifyError(failedWith(failure, 400) ? failureMessage(failure, failed) : failed);
      await queryClient.invalidateQueries({ queryKey: staffKeys.resources(sessionId) });
    },
  });

  const toggle = useMutation({
    mutationFn: (resource: StaffResource) =>
      updateResource(resource.id, {
        name: resource.name,
        description: resource.description,
        isActive: !resource.isActive,
      }),
    onSuccess: (list, resource) => {
      setList(list);
      notifySuccess(
        resource.isActive
          ? `${resource.name} is hidden from families.`
          : `Families now see ${resource.name}.`,
      );
    },
    onError: () => notifyError('The change could not be saved. Please try again.'),
  });

  const list = resources.data ?? [];
  const moveTo = (index: number, direction: 'up' | 'down') => {
    // The buttons stay enabled while a move is saved (a disabled button would lose the keyboard focus).
    if (move.isPending) return;
    const ids = list.map((r) => r.id);
    const other = direction === 'up' ? index - 1 : index + 1;
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    move.mutate({ ids, moved: list[index]!, direction });
  };

  return { resources, list, setList, moveTo, toggle, moveButtons };
}
