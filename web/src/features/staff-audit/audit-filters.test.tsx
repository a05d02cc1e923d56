import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import { AuditFilters } from './audit-filters.tsx';

/**
 * The audit trail's filters (issue 10): the kind of record applies at once; the words and dates start from
 * the URL's and are applied, the words trimmed, with Show.
 */
describe('audit filters', () => {
  it('applies the kind at once, and the typed words and dates only with Show', async () => {
    const update = vi.fn();
    renderPage(
      <AuditFilters
        query={{ q: 'refund', from: '2026-11-01', page: 1, pageSize: 50, sort: 'when', dir: 'desc' }}
        update={update}
      />,
      {
        path: '/',
      },
    );
    const form = screen.getByRole('form', { name: 'Filter the audit trail' });
    expect(form).toBeInTheDocument();
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(search).toHaveValue('refund');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');

    fireEvent.change(screen.getByLabelText('Kind of record'), { target: { value: 'Policy' } });
    expect(update).toHaveBeenCalledWith({ entityType: 'Policy', entityId: undefined });

    fireEvent.change(search, { target: { value: '  withdrawal  ' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    expect(update).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(update).toHaveBeenLastCalledWith({ q: 'withdrawal', from: '2026-11-01', to: '2026-11-20' }),
    );
  });
});
