/**
 * The rows chosen on a staff list for a bulk action (issue 24: tables with "row selection for bulk actions").
 * Rows are kept by id with the row itself, so a choice made on one page of a list survives turning the page
 * and an export can write the chosen rows without the page they were on. Choosing starts again whenever
 * `filterKey` changes (a new search is a new list: what was chosen in the old one is let go).
 */
import { useCallback, useState } from 'react';

export type RowSelection<T> = {
  /** The chosen rows by id, in the order they were chosen. */
  selected: ReadonlyMap<string, T>;
  isSelected: (id: string) => boolean;
  /** Choose or let go of one row. */
  toggle: (id: string, row: T) => void;
  /** Choose every row of `rows` (the page shown), or let go of them all when each is already chosen. */
  toggleAll: (rows: ReadonlyArray<readonly [string, T]>) => void;
  clear: () => void;
};

/** Selection state for one list; `filterKey` names the list's filter (its search words, its session). */
export function useRowSelection<T>(filterKey: string): RowSelection<T> {
  const [state, setState] = useState<{ key: string; rows: Map<string, T> }>(() => ({
    key: filterKey,
    rows: new Map(),
  }));
  // A new filter is a new list: the rows chosen in the old one go (on this render, without an effect).
  const current = state.key === filterKey ? state.rows : new Map<string, T>();
  if (state.key !== filterKey) setState({ key: filterKey, rows: current });

  const update = useCallback(
    (change: (rows: Map<string, T>) => void) =>
      setState((previous) => {
        const rows = new Map(previous.key === filterKey ? previous.rows : []);
        change(rows);
        return { key: filterKey, rows };
      }),
    [filterKey],
  );

  return {
    selected: current,
    isSelected: (id) => current.has(id),
    toggle: (id, row) =>
      update((rows) => {
        if (rows.has(id)) rows.delete(id);
        else rows.set(id, row);
      }),
    toggleAll: (page) =>
      update((rows) => {
        const every = page.length > 0 && page.every(([id]) => rows.has(id));
        for (const [id, row] of page) {
          if (every) rows.delete(id);
          else rows.set(id, row);
        }
      }),
    clear: () => update((rows) => rows.clear()),
  };
}
