import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useUrlQuery } from '../staff/use-url-query';
import { useRowSelection } from '../staff-bulk/use-row-selection';
import { renderPage } from '../testing/render-page.tsx';
import { ColumnChooser, useHiddenColumns } from './column-chooser';
import { type StaffColumn, StaffTable } from './staff-table';
import { urlSort } from './url-sort';

type Family = { id: string; name: string; email: string; balance: number };
const FAMILIES: Family[] = [
  { id: 'a', name: 'Lily Chen', email: 'lily@example.com', balance: 12_000 },
  { id: 'b', name: 'Mateo Rivera', email: 'mateo@example.com', balance: 0 },
];

const COLUMNS: ReadonlyArray<StaffColumn<Family>> = [
  { id: 'name', header: 'Parent', sortable: true, cell: (f) => f.name },
  { id: 'email', header: 'Email', sortable: true, cell: (f) => f.email },
  {
    id: 'balance',
    header: 'Balance',
    sortable: true,
    descendingFirst: true,
    cell: (f) => `$${f.balance / 100}`,
  },
  { id: 'secret', header: 'Secret', when: false, cell: () => 'never drawn' },
];

const schema = z.object({
  sort: z.enum(['name', 'email', 'balance']).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
});

/** A list page as the staff pages build theirs: the query in the address, the table, a column chooser. */
function ListPage({ rows = FAMILIES }: { rows?: Family[] }) {
  const { query, update } = useUrlQuery(schema);
  const selection = useRowSelection<Family>('');
  const { hidden, setHidden } = useHiddenColumns<string>('test-families');
  return (
    <>
      <ColumnChooser columns={COLUMNS.filter((c) => c.when !== false)} hidden={hidden} onChange={setHidden} />
      <StaffTable
        label="Families table"
        rows={rows}
        rowId={(f) => f.id}
        columns={COLUMNS}
        sort={urlSort(query, update)}
        selection={{ state: selection, rowName: (f) => f.name }}
        actions={(f) => <button type="button">Open {f.name}</button>}
        hidden={hidden}
        empty="No families match. Try part of a name."
      />
      <output data-testid="chosen">{[...selection.selected.keys()].join(',')}</output>
    </>
  );
}

const render = (path = '/staff/families?page=3', rows?: Family[]) =>
  renderPage(<ListPage rows={rows} />, { path, pattern: '/staff/families' });

describe('StaffTable', () => {
  it('draws the rows with the first column as each row’s header, and leaves out a column that does not apply', () => {
    render();
    const table = within(screen.getByRole('region', { name: 'Families table' })).getByRole('table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Lily Chen', 'Mateo Rivera']);
    expect(within(table).queryByText('Secret')).toBeNull();
    expect(within(table).queryByText('never drawn')).toBeNull();
    expect(within(table).getByRole('button', { name: 'Open Mateo Rivera' })).toBeInTheDocument();
  });

  it('asks for the order a header names, keeps it in the address, and goes back to page 1', () => {
    const { router } = render();
    const parent = screen.getByRole('columnheader', { name: 'Parent' });
    expect(parent).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Email' })).not.toHaveAttribute('aria-sort');

    fireEvent.click(screen.getByRole('button', { name: 'Parent' }));
    expect(router.state.location.search).toBe('?sort=name&dir=desc');
    expect(screen.getByRole('columnheader', { name: 'Parent' })).toHaveAttribute('aria-sort', 'descending');

    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    expect(router.state.location.search).toBe('?sort=email&dir=asc');

    // Money runs largest first on its first click.
    fireEvent.click(screen.getByRole('button', { name: 'Balance' }));
    expect(router.state.location.search).toBe('?sort=balance&dir=desc');
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('chooses rows by their boxes, and all of the page at once', () => {
    render();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Mateo Rivera' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('b');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('b,a');
  });

  it('takes a column off the screen when the person unticks it, and keeps it for print', () => {
    localStorage.clear();
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Columns (3 of 3)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    expect(screen.getByRole('button', { name: 'Columns (2 of 3)' })).toBeInTheDocument();
    const email = screen.getByText('lily@example.com');
    expect(email.className).toMatch(/screenHidden/);
    // The header stays in the table, above its cells, for the printed page.
    const heads = screen.getAllByRole('columnheader', { hidden: true });
    expect(heads.map((h) => h.textContent)).toEqual(['Parent', 'Email', 'Balance', 'Actions']);
    expect(heads[1]!.className).toMatch(/screenHidden/);
    expect(screen.getByText('Lily Chen').className).not.toMatch(/screenHidden/);
    expect(
      Object.keys(localStorage).some((key) => key.startsWith('lc.staff.test-families-hidden-columns.')),
    ).toBe(true);
  });

  it('draws its own “Columns” button for a list that names itself, starting from the list’s default choice', () => {
    localStorage.clear();
    const table = (
      <StaffTable
        label="Inbox table"
        rows={FAMILIES}
        rowId={(f) => f.id}
        columns={COLUMNS}
        choose={{ list: 'test-inbox', byDefault: ['email'] }}
        empty="Nothing yet."
      />
    );
    renderPage(table, { path: '/staff/inbox' });
    expect(screen.getByText('lily@example.com').className).toMatch(/screenHidden/);
    fireEvent.click(screen.getByRole('button', { name: 'Columns (2 of 3)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Balance' }));
    expect(screen.getByText('lily@example.com').className).not.toMatch(/screenHidden/);
    expect(screen.getByText('$120').className).toMatch(/screenHidden/);
    // Remembered under the list's name for this person: a new visit starts from it.
    cleanup();
    renderPage(table, { path: '/staff/inbox' });
    expect(screen.getByRole('button', { name: 'Columns (2 of 3)' })).toBeInTheDocument();
    expect(screen.getByText('$120').className).toMatch(/screenHidden/);
    expect(screen.getByText('lily@example.com').className).not.toMatch(/screenHidden/);
  });

  it('says what to do in place of an empty table', () => {
    render('/staff/families', []);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No families match. Try part of a name.')).toHaveAttribute('role', 'status');
  });
});
