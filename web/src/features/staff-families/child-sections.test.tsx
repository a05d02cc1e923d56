import type { ChildAttendance } from '@lc/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import { CheckInsTable, RECENT_CHECK_INS } from './child-sections.tsx';

/** The staff child page's door records (issue 24): the newest at a glance, all of them one button away. */

const records = (n: number): ChildAttendance[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    kind: i % 2 === 0 ? 'CheckOut' : 'CheckIn',
    at: new Date(Date.parse('2026-11-20T20:30:00Z') - i * 3_600_000).toISOString(),
    sessionName: 'Acorn Room',
    adultName: i === 0 ? 'Rosa Rivera' : null,
  })) as ChildAttendance[];

const rows = () =>
  within(screen.getByRole('region', { name: 'Check-ins table' })).getAllByRole('row').length - 1;

describe('CheckInsTable', () => {
  it('shows the newest records, and all of them on request, by a button that says how many', () => {
    renderPage(<CheckInsTable attendance={records(45)} />, { path: '/staff/children/x' });
    expect(rows()).toBe(RECENT_CHECK_INS);
    expect(screen.getByRole('row', { name: /Rosa Rivera/ })).toBeTruthy();
    const more = screen.getByRole('button', { name: 'Show all 45 check-ins' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(rows()).toBe(45);
    const fewer = screen.getByRole('button', { name: `Show the newest ${RECENT_CHECK_INS} only` });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fewer);
    expect(rows()).toBe(RECENT_CHECK_INS);
  });

  it('has no button when every record fits, and says when there are none', () => {
    const { unmount } = renderPage(<CheckInsTable attendance={records(3)} />, { path: '/staff/children/x' });
    expect(rows()).toBe(3);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderPage(<CheckInsTable attendance={[]} />, { path: '/staff/children/x' });
    expect(screen.getByText('No check-ins recorded yet.')).toBeTruthy();
  });
});
