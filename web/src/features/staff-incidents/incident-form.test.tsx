/**
 * The teacher's incident report form (issue 26, part 3, decision 037): the session's children appear once a
 * session is chosen, each one tap, and a chosen child gets a note and "a parent was called"; the form's own
 * checks land by their fields with focus on the first; what is sent is the report as the API takes it; the
 * server's refusal of the children lands by them, with focus on the first child.
 */
import type { IncidentInput, StaffIncident } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { IncidentForm, initialValues } from './incident-form.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/staff/sessions/7/day'))
      return jsonReply(200, {
        classSessionId: 7,
        sessionName: 'Acorn Room',
        day: '2026-11-20',
        meetsToday: true,
        children: [
          { studentId: 'ava-id', firstName: 'Ava', lastName: 'Chen' },
          { studentId: 'ben-id', firstName: 'Ben', lastName: 'Okafor' },
        ],
        posts: [],
      });
    if (url.startsWith('/api/staff/sessions'))
      return jsonReply(200, {
        items: [
          { id: 7, name: 'Acorn Room' },
          { id: 8, name: 'Maple Room' },
        ],
        total: 2,
        page: 1,
        pageSize: 100,
      });
    return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const show = (action: (input: IncidentInput) => Promise<StaffIncident>, onDone = vi.fn()) => {
  renderPage(
    <IncidentForm
      values={initialValues(null)}
      sessionFixed={false}
      submitLabel="Report and tell the families"
      action={action}
      success="The incident is reported and the families have been told."
      onDone={onDone}
    />,
    { path: '/staff/incidents/new' },
  );
  return within(screen.getByRole('form', { name: 'Report and tell the families' }));
};

describe('reporting an incident', () => {
  it('says what is missing by each field with focus on the first, and sends nothing', async () => {
    const action = vi.fn<(input: IncidentInput) => Promise<StaffIncident>>();
    const form = show(action);
    expect(form.getByText('Choose a session to see its children.')).toBeVisible();
    fireEvent.click(form.getByRole('button', { name: 'Report and tell the families' }));
    const session = form.getByRole('combobox', { name: /^Session/ });
    await waitFor(() => expect(session).toHaveFocus());
    expect(session).toHaveAccessibleDescription('Choose the session.');
    expect(form.getByRole('textbox', { name: /^Where it happened/ })).toHaveAccessibleDescription(
      expect.stringContaining('Say where it happened.'),
    );
    expect(form.getByRole('textbox', { name: /^What happened(?! to)/ })).toHaveAccessibleDescription(
      expect.stringContaining('Describe what happened.'),
    );
    expect(form.getByRole('alert')).toHaveTextContent('Choose at least one child who was involved.');
    expect(action).not.toHaveBeenCalled();
  });

  it('shows the session’s children once it is chosen, and sends the report with the chosen child, her note and the call', async () => {
    const action = vi.fn(
      async (input: IncidentInput) => ({ id: 'incident-1', ...input }) as unknown as StaffIncident,
    );
    const onDone = vi.fn();
    const form = show(action, onDone);
    await form.findByRole('option', { name: 'Acorn Room' });
    fireEvent.change(form.getByRole('combobox', { name: /^Session/ }), { target: { value: '7' } });
    const ava = await form.findByRole('checkbox', { name: 'Ava Chen' });
    expect(form.getByRole('checkbox', { name: 'Ben Okafor' })).not.toBeChecked();
    expect(form.queryByRole('textbox', { name: /What happened to Ava Chen/ })).toBeNull();

    fireEvent.click(ava);
    fireEvent.change(await form.findByRole('textbox', { name: 'What happened to Ava Chen (optional)' }), {
      target: { value: 'A small bump above the left eyebrow.' },
    });
    fireEvent.click(form.getByRole('switch', { name: 'A parent of Ava Chen was called' }));
    fireEvent.change(form.getByLabelText(/^Date and time/), { target: { value: '2026-11-20T09:40' } });
    fireEvent.change(form.getByRole('textbox', { name: /^Where it happened/ }), {
      target: { value: 'Playground, by the slide' },
    });
    fireEvent.click(form.getByRole('radio', { name: 'Illness' }));
    fireEvent.change(form.getByRole('textbox', { name: /^What happened(?! to)/ }), {
      target: { value: 'Ava felt dizzy after running and sat down by the slide.' },
    });
    fireEvent.click(form.getByRole('switch', { name: /^Head injury, or 911 was called/ }));
    fireEvent.click(form.getByRole('button', { name: 'Report and tell the families' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(action).toHaveBeenCalledTimes(1);
    expect(action.mock.calls[0]![0]).toEqual({
      classSessionId: 7,
      occurredAt: '2026-11-20T09:40',
      place: 'Playground, by the slide',
      kind: 'Illness',
      whatHappened: 'Ava felt dizzy after running and sat down by the slide.',
      firstAid: '',
      witnesses: '',
      urgent: true,
      children: [{ studentId: 'ava-id', note: 'A small bump above the left eyebrow.', parentCalled: true }],
    });
    expect(
      await screen.findByText('The incident is reported and the families have been told.'),
    ).toBeVisible();
  });

  it('puts the server’s refusal of the children by them, with focus on the first child', async () => {
    const action = vi.fn(async () => {
      throw new ApiError(400, {
        error: 'Bad Request',
        message: 'Check the report.',
        requestId: 'r',
        fields: { children: 'Ben Okafor is not in this session any more.' },
      });
    });
    const form = show(action);
    await form.findByRole('option', { name: 'Acorn Room' });
    fireEvent.change(form.getByRole('combobox', { name: /^Session/ }), { target: { value: '7' } });
    fireEvent.click(await form.findByRole('checkbox', { name: 'Ben Okafor' }));
    fireEvent.change(form.getByRole('textbox', { name: /^Where it happened/ }), {
      target: { value: 'Hall' },
    });
    fireEvent.change(form.getByRole('textbox', { name: /^What happened(?! to)/ }), {
      target: { value: 'Ben tripped over a backpack in the hall.' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Report and tell the families' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Ben Okafor is not in this session any more.');
    await waitFor(() => expect(form.getByRole('checkbox', { name: 'Ava Chen' })).toHaveFocus());
    expect(form.getByRole('checkbox', { name: 'Ava Chen' })).toHaveAttribute('aria-invalid', 'true');
  });
});
