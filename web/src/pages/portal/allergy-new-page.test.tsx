import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { studentFixture } from '../../features/testing/student-fixture.ts';
import { i18n } from '../../i18n/i18n.ts';
import AllergyNewPage from './allergy-new-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const MIA = studentFixture('3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f', 'Mia', {
  allergies: [{ id: 'a1', name: 'Peanuts', studentId: '3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f' }],
});

/** The child, and a 409 for a second "Peanuts" (any other allergy is added). */
function serve() {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === `GET /api/Student/${MIA.id}`) return jsonReply(200, MIA);
    if (key === `POST /api/Student/${MIA.id}/Allergies`) {
      const { name } = JSON.parse(String(init?.body)) as { name: string };
      return name === 'Peanuts'
        ? errorReply(init, 409, 'family.allergy.duplicate', { fields: { name: 'family.allergy.duplicate' } })
        : jsonReply(201, { id: 'a2', name, studentId: MIA.id });
    }
    return jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

const renderPageFor = () =>
  renderPage(<AllergyNewPage />, {
    path: `/dashboard/my-students/${MIA.id}/allergies/new`,
    pattern: '/dashboard/my-students/:studentId/allergies/new',
  });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('add an allergy', () => {
  it('names the child, lists what is on file, and refuses a duplicate by its field', async () => {
    serve();
    renderPageFor();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add an allergy for Mia' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Already on file: Peanuts.')).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText(/^allergy/i), { target: { value: 'Peanuts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add allergy' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^allergy/i)).toHaveAccessibleDescription(/already on the list/),
    );
  });
});

describe('add an allergy in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish, by the field too, and confirms in Spanish', async () => {
    await i18n.changeLanguage('es');
    serve();
    const { router } = renderPageFor();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Agregar una alergia a la lista de Mia' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ya registradas: Peanuts.')).toBeInTheDocument();
    const field = screen.getByLabelText(/^alergia/i);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar alergia' }));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(
      /Escriba el nombre de la alergia, como “cacahuates” o “picaduras de abeja”/,
    );

    fireEvent.input(field, { target: { value: 'Peanuts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar alergia' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Esta alergia ya está en la lista/));
    expect(screen.queryByText('This allergy is already on the list')).not.toBeInTheDocument();

    fireEvent.input(field, { target: { value: 'Bee stings' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar alergia' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-students'));
    expect(
      await screen.findByText('Agregamos Bee stings a la lista de alergias de Mia.'),
    ).toBeInTheDocument();
  });
});
