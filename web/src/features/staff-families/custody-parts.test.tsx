import type { StaffChild } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { CorrectChildDialog, RestrictionsSection } from './custody-parts.tsx';

/**
 * The child page's custody and correction parts (issue 24): a teacher reads the restriction and its note but
 * gets no director buttons; the director's correction needs a reason (the field says so and takes the focus),
 * and sends the parent form's values with the allergies one per line.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const AVA = 'a0a0a0a0-0000-4000-8000-000000000001';
const RESTRICTION = {
  id: 'r0r0r0r0-0000-4000-8000-000000000001',
  fullName: 'Marco Rivera',
  description: 'Father',
  note: 'Court order on file. Keep Ava in the room and call the office.',
  documentName: 'order.pdf',
  created: '2026-11-20T16:00:00.000Z',
};

const RECORD: StaffChild = {
  child: {
    studentId: AVA,
    firstName: 'Ava',
    lastName: 'Rivera',
    dateOfBirth: '2022-01-15',
    ageMonths: 58,
    allergies: ['Peanuts'],
    address: null,
  },
  parents: [],
  contacts: [],
  enrollments: [],
  waitlist: [],
  attendance: [],
  changes: [],
  restrictions: [RESTRICTION],
  correction: {
    address1: null,
    address2: null,
    city: null,
    state: null,
    zipCode: null,
    contacts: [],
    familyChildren: [{ studentId: AVA, firstName: 'Ava', lastName: 'Rivera' }],
  },
};

describe('custody parts of the child page', () => {
  it('shows a teacher the restriction and the note, without the director’s buttons', () => {
    renderPage(
      <RestrictionsSection studentId={AVA} firstName="Ava" restrictions={[RESTRICTION]} isDirector={false} />,
      { path: '/' },
    );
    expect(screen.getByText('Do not release Ava to Marco Rivera')).toBeInTheDocument();
    expect(screen.getByText(/Keep Ava in the room and call the office/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /court order/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lift this restriction' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a person not to release to' })).not.toBeInTheDocument();
  });

  it('gives the director the court order, lifting and adding', () => {
    renderPage(
      <RestrictionsSection studentId={AVA} firstName="Ava" restrictions={[RESTRICTION]} isDirector />,
      {
        path: '/',
      },
    );
    expect(screen.getByRole('button', { name: 'Save the court order (order.pdf)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lift this restriction' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a person not to release to' })).toBeInTheDocument();
  });

  it('needs a reason before a correction is sent, then sends it', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply(200, RECORD));
    const onClose = vi.fn();
    renderPage(<CorrectChildDialog record={RECORD} opened onClose={onClose} />, { path: '/' });
    const dialog = screen.getByRole('dialog', { name: 'Correct Ava’s details' });
    fireEvent.change(within(dialog).getByLabelText(/Allergies and medical notes/), {
      target: { value: 'Peanuts\nBee stings' },
    });
    const save = () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save and tell the family' }));
    save();
    const reason = within(dialog).getByLabelText(/Reason for the change/);
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/say why this is being changed/));
    expect(reason).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: 'The family told us about a new allergy' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/staff/children/${AVA}/details`);
    expect(JSON.parse(String(init!.body))).toMatchObject({
      details: { firstName: 'Ava', lastName: 'Rivera', dateOfBirth: '2022-01-15' },
      allergies: ['Peanuts', 'Bee stings'],
      reason: 'The family told us about a new allergy',
    });
  });
});
