/**
 * The one table every staff list is drawn with (issue 24: "tables from a well-kept library used the same way
 * everywhere"; decision 030). TanStack Table (headless) keeps the list's state — its columns, which are on the
 * screen, the server's sort — and this component draws it with Mantine's `Table` and the workspace's classes:
 *
 * - a region named `label` that scrolls sideways on a phone and takes focus (axe: scrollable-region-focusable);
 * - the first column is the row's header (`<th scope="row">`) and stays at the left edge, with the row's box
 *   beside it when the list can choose rows (`selection`); the row's buttons (`actions`) stay at the right edge;
 * - a column marked `sortable` has a header button that asks the server for that order (`sort`, kept in the
 *   address by the page) and says the order it is in (`aria-sort`);
 * - a column the person left off the screen (`hidden`, see `useHiddenColumns`) is still printed;
 * - no rows: `empty`, a sentence that says what to do, in place of the table.
 */

import { Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  type ColumnDef,
  columnVisibilityFeature,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import classes from '../staff/staff.module.css';
import { SelectAllCheckbox, SelectRowCheckbox } from '../staff-bulk/selection-bar';
import type { RowSelection } from '../staff-bulk/use-row-selection';
import { ColumnChooser, useHiddenColumns } from './column-chooser';
import tableClasses from './staff-table.module.css';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });

/** Ascending or descending, as the lists' `dir` query parameter spells it. */
export type SortDirection = 'asc' | 'desc';

/** One column of a staff list. */
export type StaffColumn<Row extends RowData> = {
  /** The column's key: the server's sort key when `sortable`, the remembered choice's key when hideable. */
  id: string;
  /** The column's name, as its header and the column chooser show it. */
  header: string;
  /** What a row's cell shows. */
  cell: (row: Row) => ReactNode;
  /** The server can order the list by this column (the list's `sort` parameter takes `id`). */
  sortable?: boolean;
  /** The first click orders newest or largest first (dates, money, counts). */
  descendingFirst?: boolean;
  /** A date or a phone number: its cells do not wrap. */
  nowrap?: boolean;
  /** Amounts (dollars, counts): header and cells at the end of the column, digits of one width, unbroken. */
  numeric?: boolean;
  /** On the screen only (a Today column, a live state): left out of the printed page. */
  screenOnly?: boolean;
  /** Only when this is true is the column drawn at all (a teacher never gets a money column). */
  when?: boolean;
};

/** The server's order of a list and how to ask for another. */
export type TableSort = {
  by: string;
  dir: SortDirection;
  onChange: (by: string, dir: SortDirection) => void;
};

export type StaffTableProps<Row extends RowData> = {
  /** The region's accessible name ("Families table"). */
  label: string;
  rows: readonly Row[];
  /** A row's id: the selection's key and React's. */
  rowId: (row: Row) => string;
  /** The columns in order; the first is the row's header (a name, usually a link). */
  columns: ReadonlyArray<StaffColumn<Row>>;
  /** What to say (and offer) when there are no rows: what the person can do next. */
  empty: ReactNode;
  sort?: TableSort;
  /** Rows chosen for a bulk action; `rowName` names a row's box ("Choose Maya Chen"). */
  selection?: {
    state: Pick<RowSelection<Row>, 'isSelected' | 'toggle' | 'toggleAll'>;
    rowName: (row: Row) => string;
  };
  /** A last column of the row's buttons, named `actionsLabel` for screen readers, kept at the right edge. */
  actions?: (row: Row) => ReactNode;
  /** The actions column's name for screen readers ("Actions" unless the buttons do one thing). */
  actionsLabel?: string;
  /** Columns the person left off the screen (printed all the same), for a list that keeps the choice itself. */
  hidden?: ReadonlySet<string>;
  /**
   * The "Columns" button above the table, and the choice remembered per person under the list's name (`list`,
   * e.g. "inbox"), starting from `byDefault` (see `useHiddenColumns`).
   */
  choose?: { list: string; byDefault?: readonly string[] };
  /** The id of the line that counts the list, read with the table. */
  describedBy?: string;
  /** Draw every row with the same background (a list whose rows carry their own tint). */
  plain?: boolean;
  /** A class for each row (a late pickup's tint). */
  rowClassName?: (row: Row) => string | undefined;
  /** The table's own title, above it (a report's name and dates); the region keeps `label`. */
  caption?: ReactNode;
  /** A totals row under the others (`<tfoot>`), in bold, drawn by the same columns. */
  footer?: Row;
  /** The narrowest the table may get before its region scrolls sideways (px): figures stay on one line. */
  minWidth?: number;
};

/** A staff list's table; see the module's description. */
export function StaffTable<Row extends RowData>(props: StaffTableProps<Row>) {
  return props.choose ? <ChoosableTable {...props} choose={props.choose} /> : <TableOf {...props} />;
}

/** A table with its "Columns" button: the person's choice is remembered and joins any `hidden` given. */
function ChoosableTable<Row extends RowData>(
  props: StaffTableProps<Row> & { choose: NonNullable<StaffTableProps<Row>['choose']> },
) {
  const { hidden, setHidden } = useHiddenColumns<string>(props.choose.list, props.choose.byDefault);
  const drawn = props.columns.filter((column) => column.when !== false);
  return (
    <Stack gap="xs">
      {props.rows.length > 0 ? (
        <Group justify="flex-end" className={classes.noPrint}>
          <ColumnChooser columns={drawn} hidden={hidden} onChange={setHidden} />
        </Group>
      ) : null}
      <TableOf {...props} hidden={new Set([...hidden, ...(props.hidden ?? [])])} />
    </Stack>
  );
}

function TableOf<Row extends RowData>({
  label,
  rows,
  rowId,
  columns,
  empty,
  sort,
  selection,
  actions,
  actionsLabel = 'Actions',
  hidden,
  describedBy,
  plain = false,
  rowClassName,
  caption,
  footer,
  minWidth,
}: StaffTableProps<Row>) {
  const drawn = columns.filter((column) => column.when !== false);
  const sorting: SortingState = sort ? [{ id: sort.by, desc: sort.dir === 'desc' }] : [];
  const table = useTable({
    features,
    data: rows,
    columns: drawn.map(
      (column): ColumnDef<typeof features, Row> => ({
        id: column.id,
        header: column.header,
        accessorFn: () => null,
        enableSorting: Boolean(sort && column.sortable),
        sortDescFirst: column.descendingFirst ?? false,
        enableHiding: column !== drawn[0],
      }),
    ),
    getRowId: (row) => rowId(row),
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: {
      sorting,
      columnVisibility: Object.fromEntries(drawn.map((column) => [column.id, !hidden?.has(column.id)])),
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (sort && first) sort.onChange(first.id, first.desc ? 'desc' : 'asc');
    },
  });

  if (rows.length === 0)
    return (
      <Text role="status" className={tableClasses.empty}>
        {empty}
      </Text>
    );

  const byId = new Map(drawn.map((column) => [column.id, column]));
  const page = rows.map((row) => [rowId(row), row] as const);
  const cellClass = (column: StaffColumn<Row>, visible: boolean) =>
    [
      column.nowrap || column.numeric ? classes.nowrap : '',
      column.numeric ? tableClasses.numeric : '',
      column.screenOnly ? classes.noPrint : '',
      visible ? '' : classes.screenHidden,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  // A row's cells: the first is the row's header; a column off the screen is drawn for print all the same.
  const leaves = table.getAllLeafColumns();
  const cellsOf = (row: Row) =>
    leaves.map((leaf, c) => {
      const column = byId.get(leaf.id)!;
      const Cell = c === 0 ? Table.Th : Table.Td;
      return (
        <Cell
          key={leaf.id}
          scope={c === 0 ? 'row' : undefined}
          className={cellClass(column, leaf.getIsVisible())}
        >
          {column.cell(row)}
        </Cell>
      );
    });

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
    <section className={classes.tableWrap} aria-label={label} tabIndex={0}>
      <Table
        striped={!plain}
        highlightOnHover
        verticalSpacing="xs"
        fz="sm"
        aria-describedby={describedBy}
        miw={minWidth}
        className={[tableClasses.table, classes.stickyEnds, selection ? classes.selectable : '']
          .filter(Boolean)
          .join(' ')}
      >
        {caption ? <Table.Caption className={tableClasses.caption}>{caption}</Table.Caption> : null}
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Td className={`${classes.noPrint} ${classes.selectCell}`} data-select-cell>
                <SelectAllCheckbox
                  ids={page.map(([id]) => id)}
                  isSelected={selection.state.isSelected}
                  onToggleAll={() => selection.state.toggleAll(page)}
                />
              </Table.Td>
            ) : null}
            {/* Every column, the ones off the screen too (they are printed): TanStack's header groups hold only
                the visible ones. */}
            {leaves.map((leaf) => {
              const column = byId.get(leaf.id)!;
              const sorted = leaf.getIsSorted();
              return (
                <Table.Th
                  key={leaf.id}
                  scope="col"
                  className={cellClass(column, leaf.getIsVisible())}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {leaf.getCanSort() ? (
                    <UnstyledButton
                      className={tableClasses.sortButton}
                      onClick={leaf.getToggleSortingHandler()}
                    >
                      {column.header}
                      <SortMark direction={sorted} />
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
            {actions ? (
              <Table.Th scope="col" className={`${classes.noPrint} ${classes.actionsCell}`}>
                <VisuallyHidden>{actionsLabel}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id} className={rowClassName?.(row.original)}>
              {selection ? (
                <Table.Td className={`${classes.noPrint} ${classes.selectCell}`} data-select-cell>
                  <SelectRowCheckbox
                    name={selection.rowName(row.original)}
                    checked={selection.state.isSelected(row.id)}
                    onToggle={() => selection.state.toggle(row.id, row.original)}
                  />
                </Table.Td>
              ) : null}
              {cellsOf(row.original)}
              {actions ? (
                <Table.Td className={`${classes.noPrint} ${classes.actionsCell}`}>
                  {actions(row.original)}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer ? (
          <Table.Tfoot className={tableClasses.footer}>
            <Table.Tr>
              {selection ? <Table.Td className={`${classes.noPrint} ${classes.selectCell}`} /> : null}
              {cellsOf(footer)}
              {actions ? <Table.Td className={`${classes.noPrint} ${classes.actionsCell}`} /> : null}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </section>
  );
}

/**
 * The arrow beside a sortable header: which way the list runs, or that it can be ordered by this column. It is
 * drawn by the stylesheet, so the header's text stays its name (aria-sort says the order).
 */
function SortMark({ direction }: { direction: false | SortDirection }) {
  return <span aria-hidden="true" className={tableClasses.sortMark} data-sorted={direction || undefined} />;
}
