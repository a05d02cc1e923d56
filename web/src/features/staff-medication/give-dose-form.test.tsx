/**
 * The teacher's "Give medicine" form (issue 26, decision 040): a child without a signed authorization shows the
 * sentence that says why no medicine may be given; one with it shows what the parent wrote; the form's own
 * checks and the server's refusal land by their fields with focus; a retry of one dose sends the same client
 * key, and the next dose a new one.
 */
import type { MedicationChild, StaffMedicationDose } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage } from '../testing/render-page.tsx';
import { GiveDoseForm } from './give-dose-form.tsx';

const ava: MedicationChild = {
  studentId: 'ava-id',
  firstName: 'Ava',
  lastName: 'Chen',
  refusal: null,
  authorization: {
    signatureId: 'sig-1',
    title: 'Medication authorization',
    version: 2,
    signedBy: 'Mei Chen',
    signedAt: '2026-11-16T17:05:00.000Z',
    answers: [
      { label: 'Medicine', answer: 'Albuterol inhaler' },
      { label: 'Dose', answer: '2 puffs' },
      { label: 'Before outdoor play?', answer: true },
    ],
  },
  healthMedications: ['Albuterol inhaler'],
};

const ben: MedicationChild = {
  studentId: 'ben-id',
  firstName: 'Ben',
  lastName: 'Okafor',
  refusal:
    'Ben has no signed medication authorization. Ask a parent to sign it in the portal before giving medicine.',
  authorization: null,
  healthMedications: [],
};

const given = (over: Partial<StaffMedicationDose> = {}) =>
  ({
    id: 'dose-1',
    classSessionId: 7,
    studentId: 'ava-id',
    childName: 'Ava Chen',
    medication: 'Albuterol inhaler',
    dose: '2 puffs',
    givenAt: '2026-11-20T18:10:00.000Z',
    givenAtWall: '2026-11-20T10:10',
    day: '2026-11-20',
    givenBy: 'Ana Rivera',
    note: '',
    authorization: { title: 'Medication authorization', version: 2, signedBy: 'Mei Chen', signedAt: '' },
    replacesId: null,
    reason: null,
    supersededAt: null,
    voidedAt: null,
    voidReason: null,
    correctable: true,
    ...over,
  }) satisfies StaffMedicationDose;

const fetchMock = vi.fn<typeof fetch>();
let replies: ((init?: RequestInit) => Response)[] = [];
let posted: Array<Record<string, unknown>> = [];
beforeEach(() => {
  replies = [];
  posted = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    if (init?.method === 'POST' && String(input) === '/api/staff/medication') {
      posted = [...posted, JSON.parse(String(init.body))];
      return replies.shift()!(init);
    }
    return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const show = (childId: string | null = null, onGiven = vi.fn()) => {
  renderPage(
    <section aria-labelledby="give-heading">
      <h2 id="give-heading">Give medicine</h2>
      <GiveDoseForm
        classSessionId={7}
        roster={[ava, ben]}
        nowWall="2026-11-20T10:15"
        childId={childId}
        onGiven={onGiven}
      />
    </section>,
    { path: '/staff/sessions/7/medication' },
  );
  return within(screen.getByRole('form', { name: 'Give medicine' }));
};

describe('give medicine', () => {
  it('says why a child without a signed authorization may not be given medicine, and shows what the parent wrote for one who has it', async () => {
    const form = show();
    const child = form.getByRole('combobox', { name: /^Child/ });
    expect(form.queryByRole('alert')).toBeNull();

    fireEvent.change(child, { target: { value: 'ben-id' } });
    expect(await form.findByText(ben.refusal!)).toBeVisible();
    expect(form.queryByRole('heading', { name: /authorized/ })).toBeNull();

    fireEvent.change(child, { target: { value: 'ava-id' } });
    const card = within(await form.findByRole('region', { name: 'What Ava’s parent authorized' }));
    expect(form.queryByText(ben.refusal!)).toBeNull();
    // Each answer with its question; a yes/no answer reads as a word, not "true".
    expect(card.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Medicine: Albuterol inhaler',
      'Dose: 2 puffs',
      'Before outdoor play?: Yes',
    ]);
    expect(card.getByText('Medicines on Ava’s health record: Albuterol inhaler')).toBeVisible();
    expect(
      card.getByText(/^Signed by Mei Chen on .*\(Medication authorization, version 2\)\.$/),
    ).toBeVisible();
  });

  it('opens on the child chosen from the day’s page, at the center’s time now', async () => {
    const form = show('ava-id');
    expect(form.getByRole('combobox', { name: /^Child/ })).toHaveValue('ava-id');
    expect(form.getByLabelText(/^Date and time given/)).toHaveValue('2026-11-20T10:15');
    expect(await form.findByRole('region', { name: 'What Ava’s parent authorized' })).toBeVisible();
  });

  it('puts each missing answer by its field with focus on the first, and sends nothing', async () => {
    const form = show();
    fireEvent.click(form.getByRole('button', { name: 'Log the dose and tell the family' }));
    expect(await form.findByText('Choose the child who was given medicine.')).toBeVisible();
    expect(form.getByText('Write the medicine’s name, as on the authorization.')).toBeVisible();
    expect(form.getByText('Write the dose, like “5 ml” or “1 tablet”.')).toBeVisible();
    await waitFor(() => expect(form.getByRole('combobox', { name: /^Child/ })).toHaveFocus());
    expect(form.getByRole('combobox', { name: /^Child/ })).toHaveAccessibleDescription(
      'Choose the child who was given medicine.',
    );
    expect(posted).toEqual([]);
  });

  it('shows the server’s refusal by the child with focus; the retry keeps the dose’s key, the next dose gets a new one', async () => {
    const onGiven = vi.fn();
    const form = show('ben-id', onGiven);
    fireEvent.change(form.getByRole('textbox', { name: /^Medicine/ }), {
      target: { value: 'Children’s ibuprofen' },
    });
    fireEvent.change(form.getByRole('textbox', { name: /^Dose/ }), { target: { value: '5 ml' } });
    const submit = form.getByRole('button', { name: 'Log the dose and tell the family' });

    replies.push((init) =>
      errorReply(init, 400, 'medication.noAuthorization', {
        params: { child: 'Ben' },
        fields: { studentId: 'medication.noAuthorization' },
      }),
    );
    fireEvent.click(submit);
    const child = form.getByRole('combobox', { name: /^Child/ });
    await waitFor(() => expect(child).toHaveFocus());
    expect(child).toHaveAccessibleDescription(
      expect.stringContaining('Ben has no signed medication authorization'),
    );
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      classSessionId: 7,
      studentId: 'ben-id',
      medication: 'Children’s ibuprofen',
      dose: '5 ml',
      givenAt: '2026-11-20T10:15',
    });

    // The same dose again (after the parent signed): the same key, so a double tap logs one dose.
    replies.push(() => jsonReply(201, given({ studentId: 'ben-id', childName: 'Ben Okafor' })));
    fireEvent.click(submit);
    await waitFor(() => expect(onGiven).toHaveBeenCalledTimes(1));
    expect(posted).toHaveLength(2);
    expect(posted[1]!.clientKey).toBe(posted[0]!.clientKey);
    expect(await screen.findByText('The dose is logged and Ben’s family has been told.')).toBeVisible();
    // The form is ready for the next dose: the child stays, the medicine and dose are cleared.
    expect(form.getByRole('combobox', { name: /^Child/ })).toHaveValue('ben-id');
    expect(form.getByRole('textbox', { name: /^Medicine/ })).toHaveValue('');

    fireEvent.change(form.getByRole('textbox', { name: /^Medicine/ }), { target: { value: 'Saline drops' } });
    fireEvent.change(form.getByRole('textbox', { name: /^Dose/ }), { target: { value: '2 drops' } });
    replies.push(() => jsonReply(201, given({ id: 'dose-2', medication: 'Saline drops' })));
    fireEvent.click(submit);
    await waitFor(() => expect(onGiven).toHaveBeenCalledTimes(2));
    expect(posted[2]!.clientKey).not.toBe(posted[0]!.clientKey);
    expect(posted[2]!.clientKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});
