/**
 * Revenue by month on the Balances page (issue 23): the year's table is the server's months to the cent, in
 * words a director reads ("November 2026", "$825.00"), with the year's totals; choosing another year asks for
 * it; the CSV is downloaded for the year shown.
 */
import type { RevenueReport } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../lib/auth-token.ts';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { RevenueByMonth } from './revenue-by-month.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { sub: '1', email: 'd@center.example', given_name: 'Dana', role: 'Admin', exp };
  setToken(`header.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

function report(year: number, november: number): RevenueReport {
  const months = Array.from({ length: 12 }, (_, i) => ({
    month: `${year}-${String(i + 1).padStart(2, '0')}`,
    charged: i === 10 ? november : 0,
    received: i === 10 ? 92_500 : 0,
    refunded: i === 10 ? 10_000 : 0,
    outstanding: i >= 10 ? november - 82_500 : 0,
  }));
  return {
    year,
    years: [2026, 2025],
    months,
    totals: { charged: november, received: 92_500, refunded: 10_000 },
    opening: 0,
    closing: november - 82_500,
  };
}

describe('revenue by month', () => {
  it('shows each month and the year’s totals, asks for another year, and downloads the year shown', async () => {
    const asked: string[] = [];
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      asked.push(url);
      if (url.startsWith('/api/staff/revenue.csv'))
        return new Response('Month,Charged\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="revenue-2025.csv"',
          },
        });
      if (url === '/api/staff/revenue') return jsonReply(200, report(2026, 82_500));
      if (url === '/api/staff/revenue?year=2025') return jsonReply(200, report(2025, 132_500));
      return jsonReply(404, { error: 'Not Found', message: 'No.', requestId: 'r' });
    });
    renderPage(<RevenueByMonth />, { path: '/staff/balances' });
    const table = within(await screen.findByRole('region', { name: 'Revenue by month, 2026' })).getByRole(
      'table',
    );
    // Each month is its row's header; the year's totals are the last row, as in the CSV.
    expect(within(table).getAllByRole('rowheader')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: /November 2026/ })).toHaveTextContent(
      'November 2026$825.00$925.00$100.00$0.00',
    );
    expect(within(table).getAllByRole('row')).toHaveLength(14);
    expect(within(table).getByRole('row', { name: /Total 2026/ })).toHaveTextContent(
      'Total 2026$825.00$925.00$100.00$0.00',
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '2025' } });
    const earlier = await screen.findByRole('region', { name: 'Revenue by month, 2025' });
    expect(within(earlier).getByRole('row', { name: /Total 2025/ })).toHaveTextContent(
      'Total 2025$1,325.00$925.00$100.00$500.00',
    );
    URL.createObjectURL = vi.fn(() => 'blob:revenue');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(asked).toContain('/api/staff/revenue.csv?year=2025'));
  });
});
