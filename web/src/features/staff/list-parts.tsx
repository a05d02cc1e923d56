/**
 * Parts the staff lists share (issue 10): the "Show" choice above a list, a wide table's scrolling region and
 * its column headers, a list that did not load (with Try again), and the line under a list with its count and
 * its page links.
 */
import { Alert, Button, Group, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ListPagination } from './list-pagination';
import classes from './staff.module.css';

/**
 * A wide table's region, named `label`: it scrolls sideways on a phone and takes focus so the keyboard can
 * scroll it (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
    <section className={classes.tableWrap} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** A list that could not be read: `title`, the advice, and Try again (`onRetry`). */
export function LoadFailure({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      Please check your connection and try again.
      <Button variant="light" color="red" size="xs" ml="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** Under a list: `children` (its count, and any button beside it), then the page links (`ListPagination`). */
export function ListFooter({
  total,
  pageSize,
  page,
  onPage,
  children,
}: {
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      {children}
      <ListPagination total={total} pageSize={pageSize} page={page} onChange={onPage} />
    </Group>
  );
}

/**
 * The "Show" choice above a list (a segmented control named by its label, `labelId`): side by side, or one
 * under the other on a phone, where five choices do not fit the width.
 */
export function ShowFilter({
  labelId,
  value,
  onChange,
  data,
}: {
  labelId: string;
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: string }[];
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Stack gap={4}>
      <Text component="span" size="sm" fw={500} id={labelId}>
        Show
      </Text>
      <SegmentedControl
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth={narrow}
        aria-labelledby={labelId}
        value={value}
        onChange={onChange}
        data={data}
      />
    </Stack>
  );
}

/**
 * A table's column headers, `columns` in order; with `actions` a last column for each row's buttons, named
 * "Actions" for screen readers only.
 */
export function ColumnHeads({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column} scope="col">
            {column}
          </Table.Th>
        ))}
        {actions ? (
          <Table.Th scope="col" className={classes.actionsCell}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        ) : null}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * Email addresses as a table cell shows them (issue 24): one to a line, each free to break before its "@", so
 * a long address does not set its column's width and push the table past the screen. `cell` is the CSV's
 * text: one address, or several joined by "; ".
 */
export function BreakableEmails({ cell }: { cell: string }) {
  const emails = cell ? cell.split('; ') : [];
  return emails.map((email, i) => {
    const at = email.indexOf('@');
    return (
      <div key={email}>
        {at > 0 ? (
          <>
            {email.slice(0, at)}
            <wbr />
            {email.slice(at)}
          </>
        ) : (
          email
        )}
        {/* "; " as in the CSV, so the cell's text is the file's (the space is not drawn at a line's end). */}
        {i < emails.length - 1 ? '; ' : ''}
      </div>
    );
  });
}
