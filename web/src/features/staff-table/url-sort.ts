import type { SortDirection, TableSort } from './staff-table';

/**
 * A staff table's sort kept in the page's address with the rest of its query (decision 030): `query.sort`
 * and `query.dir` are the server's order; a header's click writes both and goes back to page 1.
 */
export function urlSort(
  query: { sort: string; dir: SortDirection },
  update: (changes: { sort: string; dir: SortDirection }) => void,
): TableSort {
  return { by: query.sort, dir: query.dir, onChange: (sort, dir) => update({ sort, dir }) };
}
