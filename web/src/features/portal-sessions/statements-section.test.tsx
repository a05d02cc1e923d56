import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BillingPage from '../../pages/portal/billing-page.tsx';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { serveApi } from './test-fixtures.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const pdfReply = (name: string) =>
  new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` },
  });

describe('statements in Billing', () => {
  it('lists the months and years with statements and downloads the one asked for, under the server’s name', async () => {
    const months = Array.from({ length: 14 }, (_, i) => {
      const d = new Date(Date.UTC(2026, 10 - i, 15));
      return d.toISOString().slice(0, 7);
    });
    serveApi(fetchMock, {
      'GET /api/Billing/Statements': () => jsonReply(200, { months, years: [2026, 2025] }),
      'GET /api/Billing/Statements/2026-11': () => pdfReply('statement-2026-11.pdf'),
      'GET /api/Billing/YearEnd/2025': () => pdfReply('childcare-statement-2025.pdf'),
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderPage(<BillingPage />, { path: '/dashboard/billing' });

    const november = await screen.findByRole('button', {
      name: 'Download the statement for November 2026 (PDF)',
    });
    // The last twelve months show; older ones on request.
    expect(screen.getAllByRole('button', { name: /^Download the statement for/ })).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Show older months' }));
    expect(screen.getAllByRole('button', { name: /^Download the statement for/ })).toHaveLength(14);

    fireEvent.click(november);
    await waitFor(() => expect(saved).toEqual(['statement-2026-11.pdf']));
    fireEvent.click(screen.getByRole('button', { name: '2025 childcare statement (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['statement-2026-11.pdf', 'childcare-statement-2025.pdf']));
    click.mockRestore();
  });

  it('shows nothing before the account has an entry', async () => {
    serveApi(fetchMock, { 'GET /api/Billing/Statements': () => jsonReply(200, { months: [], years: [] }) });
    renderPage(<BillingPage />, { path: '/dashboard/billing' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Statements' })).not.toBeInTheDocument();
  });
});
