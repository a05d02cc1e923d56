import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import { csvDocument } from './selected-csv.ts';
import { SelectAllCheckbox, SelectionBar, SelectRowCheckbox } from './selection-bar.tsx';
import { useRowSelection } from './use-row-selection.ts';

type Family = { id: string; name: string };
const PAGE_ONE: Family[] = [
  { id: 'a', name: 'Lily Chen' },
  { id: 'b', name: 'Mateo Rivera' },
  { id: 'c', name: 'Ava Okafor' },
];
const PAGE_TWO: Family[] = [{ id: 'd', name: 'Noah Singh' }];

/** A list as the families page builds it: a search, pages, the boxes and the bar with one action. */
function List({ onMessage }: { onMessage: (names: string[]) => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(PAGE_ONE);
  const selection = useRowSelection<Family>(search);
  const chosen = [...selection.selected.values()];
  const rows = page.map((f) => [f.id, f] as const);
  return (
    <>
      <button type="button" onClick={() => setSearch('chen')}>
        Search again
      </button>
      <button type="button" onClick={() => setPage(page === PAGE_ONE ? PAGE_TWO : PAGE_ONE)}>
        Next page
      </button>
      <SelectionBar count={chosen.length} noun={['family', 'families']} onClear={selection.clear}>
        <button type="button" onClick={() => onMessage(chosen.map((f) => f.name))}>
          Message selected families
        </button>
      </SelectionBar>
      <SelectAllCheckbox
        ids={page.map((f) => f.id)}
        isSelected={selection.isSelected}
        onToggleAll={() => selection.toggleAll(rows)}
      />
      {page.map((f) => (
        <SelectRowCheckbox
          key={f.id}
          name={f.name}
          checked={selection.isSelected(f.id)}
          onToggle={() => selection.toggle(f.id, f)}
        />
      ))}
    </>
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const bar = () => screen.queryByRole('region', { name: 'Bulk actions' });

/** Row selection and the bulk actions bar (issue 24), the same parts on the roster and the families search. */
describe('row selection', () => {
  it('shows the bar with the count and the actions only once rows are chosen, each box named for its row', () => {
    const onMessage = vi.fn();
    renderPage(<List onMessage={onMessage} />, { path: '/' });
    expect(bar()).toBeNull();
    fireEvent.click(box('Select Lily Chen'));
    expect(within(bar()!).getByText('1 family selected')).toBeInTheDocument();
    fireEvent.click(box('Select Ava Okafor'));
    expect(within(bar()!).getByText('2 families selected')).toBeInTheDocument();
    expect(box('Select all on this page')).toHaveAttribute('data-indeterminate', 'true');
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Message selected families' }));
    expect(onMessage).toHaveBeenCalledWith(['Lily Chen', 'Ava Okafor']);
  });

  it('“Select all on this page” chooses every row shown, and lets them all go when ticked again', () => {
    renderPage(<List onMessage={vi.fn()} />, { path: '/' });
    fireEvent.click(box('Select all on this page'));
    expect(within(bar()!).getByText('3 families selected')).toBeInTheDocument();
    for (const f of PAGE_ONE) expect(box(`Select ${f.name}`)).toBeChecked();
    expect(box('Select all on this page')).toBeChecked();
    fireEvent.click(box('Select all on this page'));
    expect(bar()).toBeNull();
  });

  it('keeps the choice across the pages of one search, and lets it go when the search changes', () => {
    renderPage(<List onMessage={vi.fn()} />, { path: '/' });
    fireEvent.click(box('Select Mateo Rivera'));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(box('Select Noah Singh'));
    expect(within(bar()!).getByText('2 families selected')).toBeInTheDocument();
    expect(box('Select all on this page')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Search again' }));
    expect(bar()).toBeNull();
    expect(box('Select Noah Singh')).not.toBeChecked();
  });

  it('Clear selection lets every row go', () => {
    renderPage(<List onMessage={vi.fn()} />, { path: '/' });
    fireEvent.click(box('Select Lily Chen'));
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Clear selection' }));
    expect(bar()).toBeNull();
    expect(box('Select Lily Chen')).not.toBeChecked();
  });

  it('is keyboard usable: the boxes and the bar’s buttons are native controls in the tab order', () => {
    renderPage(<List onMessage={vi.fn()} />, { path: '/' });
    const lily = box('Select Lily Chen');
    expect(lily.tagName).toBe('INPUT');
    expect(lily).not.toHaveAttribute('tabindex', '-1');
    fireEvent.click(lily);
    for (const button of within(bar()!).getAllByRole('button')) expect(button.tagName).toBe('BUTTON');
  });
});

describe('export selected', () => {
  it('writes a header and the chosen rows, quoting commas and quotes and defusing formulas, CRLF', () => {
    expect(
      csvDocument(
        ['Child', 'Allergies', 'Note'],
        [
          ['Lily Chen', 'Peanuts, tree nuts', 'Says "hi"'],
          ['=HYPERLINK("x")', '', '+1 650'],
        ],
      ),
    ).toBe(
      'Child,Allergies,Note\r\nLily Chen,"Peanuts, tree nuts","Says ""hi"""\r\n"\'=HYPERLINK(""x"")",,\'+1 650\r\n',
    );
  });
});
