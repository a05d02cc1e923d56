import type { WaitlistSubmission } from '@lc/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  sessionSummaryFixture,
  THEO_ID,
  waitlistPlaceFixture,
} from '../../features/enrollment/enrollment-fixtures.ts';
import { jsonReply } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { theme } from '../../theme.ts';
import WaitlistSuccessPage from './waitlist-success-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

/** The success page at /sessions/1/waitlist/success, with `state` as the waitlist page passes it. */
function renderSuccess(state?: { places: WaitlistSubmission[] }) {
  const router = createMemoryRouter(
    [{ path: '/sessions/:classSessionId/waitlist/success', element: <WaitlistSuccessPage /> }],
    { initialEntries: [{ pathname: '/sessions/1/waitlist/success', state }] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const THEO_PLACE = waitlistPlaceFixture({
  id: 'place-2',
  studentId: THEO_ID,
  student: { id: THEO_ID, firstName: 'Theo', lastName: 'Avery', fullName: 'Theo Avery' },
  position: 4,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('waitlist success page', () => {
  it('shows each child’s position from the places just received, without asking again', async () => {
    renderSuccess({ places: [waitlistPlaceFixture(), THEO_PLACE] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You’re on the waitlist' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Maya is number 3 on the waitlist.')).toBeInTheDocument();
    expect(screen.getByText('Theo is number 4 on the waitlist.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What happens next' })).toHaveTextContent('48 hours');
    expect(screen.getByRole('link', { name: 'Go to the Student Portal' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Browse other sessions' })).toHaveAttribute('href', '/sessions');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the family’s places in this session when opened without them (a reload)', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(200, [
        waitlistPlaceFixture({
          id: 'other',
          classSessionId: 2,
          classSession: sessionSummaryFixture({ id: 2, name: 'Summer Camp' }),
          position: 1,
        }),
        waitlistPlaceFixture({ position: 1 }),
        { ...THEO_PLACE, status: 'Offered', position: null, expires: '2026-01-14T18:30:00Z' },
      ]),
    );
    renderSuccess();
    expect(
      await screen.findByText('Maya is number 1 on the waitlist — next in line for a seat.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Good news: a seat opened up and is saved for Theo until January 14 at 10:30 AM.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enroll Theo now' })).toHaveAttribute(
      'href',
      '/sessions/1/enroll',
    );
    expect(screen.queryByText(/Summer Camp/)).not.toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/ClassSessionEnrollment/Waitlist');
  });

  it('says so when no child of the family is on this waitlist', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, []));
    renderSuccess();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You’re not on this waitlist yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/sessions/1/waitlist',
    );
  });
});

describe('waitlist success page in Spanish (issue 14)', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('says each child’s place and a saved seat’s time in Spanish', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(200, [
        waitlistPlaceFixture({ position: 1 }),
        { ...THEO_PLACE, status: 'Offered', position: null, expires: '2026-01-14T18:30:00Z' },
      ]),
    );
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 2, name: 'Sus lugares' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ya está en la lista de espera' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/¡Gracias! Estos son los lugares de sus hijos en/)).toHaveTextContent(
      '¡Gracias! Estos son los lugares de sus hijos en Spring Morning Program.',
    );
    expect(
      screen.getByText(
        'Maya tiene el número 1 en la lista de espera: es quien sigue cuando se libere un lugar.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Buenas noticias: se liberó un lugar y, hasta el 14 de enero a las 10:30 a.m., lo estamos guardando para Theo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inscribir a Theo ahora' })).toHaveAttribute(
      'href',
      '/sessions/1/enroll',
    );
    expect(screen.getByRole('region', { name: 'Qué sigue' })).toHaveTextContent('48 horas');
    expect(screen.getByRole('link', { name: 'Ir al Portal de familias' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByText(/on the waitlist|Good news/)).not.toBeInTheDocument();
  });

  it('says in Spanish when no child is on this waitlist', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, []));
    renderSuccess();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Todavía no está en esta lista de espera' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mis sesiones' })).toHaveAttribute('href', '/dashboard/sessions');
  });
});
