/**
 * Parts the staff lists share (issue 10) around their table (the table itself is `StaffTable`, decision 030):
 * the "Show" choice above a list, a list that did not load (with Try again), the line under a list with its
 * count and its page links, and email addresses as a cell shows them.
 */
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ListPagination } from './list-pagination';

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
