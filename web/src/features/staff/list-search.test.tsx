import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import { ListSearch } from './list-search.tsx';

/** A staff list's search box (issue 10): it opens with the URL's words and sends them trimmed on Search. */
describe('list search', () => {
  it('starts from the page’s search and sends the typed words, trimmed, only on submit', async () => {
    const onSearch = vi.fn();
    renderPage(<ListSearch label="Search sessions" placeholder="Session" value="kim" onSearch={onSearch} />, {
      path: '/',
    });
    const box = screen.getByRole('textbox', { name: 'Search sessions' });
    expect(box).toHaveValue('kim');
    expect(box.closest('search')).not.toBeNull();
    fireEvent.change(box, { target: { value: '  little  ' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('little'));
    expect(onSearch).toHaveBeenCalledOnce();
  });
});
