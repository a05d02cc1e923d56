import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ListPagination } from './list-pagination';
import { type UrlQueryChanges, useUrlQuery } from './use-url-query';

describe('ListPagination', () => {
  const renderPagination = (total: number, onChange = vi.fn()) =>
    render(
      <MantineProvider env="test">
        <ListPagination total={total} pageSize={25} page={1} onChange={onChange} />
      </MantineProvider>,
    );

  it('renders nothing when every row fits on one page', () => {
    renderPagination(25);
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('names its controls and pages, and reports the page chosen', () => {
    const onChange = vi.fn();
    renderPagination(51, onChange);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});

const schema = z.object({
  status: z.enum(['open', 'closed']).optional(),
  q: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
});

function renderHook(url: string, options?: Parameters<typeof useUrlQuery>[1]) {
  const seen: {
    query?: z.output<typeof schema>;
    update?: (c: UrlQueryChanges<z.output<typeof schema>>) => void;
  } = {};
  function Probe() {
    const { query, update } = useUrlQuery(schema, options);
    seen.query = query;
    seen.update = update;
    return null;
  }
  const router = createMemoryRouter([{ path: '/', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { seen, search: () => router.state.location.search };
}

describe('useUrlQuery', () => {
  it('falls back to the defaults when a value is bad, or keeps the good ones with keepValid', () => {
    expect(renderHook('/?status=lost&q=kim&page=2').seen.query).toEqual({ page: 1 });
    expect(renderHook('/?status=lost&q=kim&page=2', { keepValid: true }).seen.query).toEqual({
      q: 'kim',
      page: 2,
    });
  });

  it('writes changes, drops empty and blank values, and goes back to page 1 unless the page changes', () => {
    const { seen, search } = renderHook('/?q=kim&page=3', { blank: 'all' });
    act(() => seen.update!({ page: 2 }));
    expect(search()).toBe('?q=kim&page=2');
    act(() => seen.update!({ status: 'open' }));
    expect(search()).toBe('?q=kim&status=open');
    act(() => seen.update!({ status: 'all', q: '' }));
    expect(search()).toBe('');
  });

  it('keeps both of two changes made before the page shows the first (a filter, then a form sent at once)', () => {
    const { seen, search } = renderHook('/?page=3');
    const update = seen.update!;
    act(() => {
      update({ status: 'open' });
      update({ q: 'kim' });
    });
    expect(search()).toBe('?status=open&q=kim');
    // An older render's update builds on the address as it now is too.
    act(() => update({ page: 2 }));
    expect(search()).toBe('?status=open&q=kim&page=2');
  });
});
