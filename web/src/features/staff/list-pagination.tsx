import { type MantineSpacing, Pagination } from '@mantine/core';

/**
 * The page links under a staff list: `total` rows shown `pageSize` at a time, `page` (1-based) current.
 * Renders nothing when everything fits on one page. Controls are named "Previous page", "Next page" and
 * "Page N" for screen readers.
 */
export function ListPagination({
  total,
  pageSize,
  page,
  onChange,
  mt,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  mt?: MantineSpacing;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Pagination
      mt={mt}
      total={pages}
      value={page}
      onChange={onChange}
      getControlProps={(control) =>
        control === 'previous'
          ? { 'aria-label': 'Previous page' }
          : control === 'next'
            ? { 'aria-label': 'Next page' }
            : {}
      }
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
    />
  );
}
