import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { studentFixture } from '../../features/testing/student-fixture.ts';
import { i18n } from '../../i18n/i18n.ts';
import StudentFormPage from './student-form-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const MIA = studentFixture('3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f', 'Mia', {
  allergies: [{ id: 'a1', name: 'Peanuts', studentId: '3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f' }],
});
const MIA_URL = `/api/Student/${MIA.id}`;
const HISTORY =
  'This child has sessions and payments on record, which we keep for your family’s history. Please contact the office if a record needs to change.';

/** "METHOD url" → reply; anything else is a 404. */
function serve(replies: Record<string, (init?: RequestInit) => Response> = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const reply = replies[`${init?.method ?? 'GET'} ${String(input)}`];
    return reply ? reply(init) : jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

function type(label: RegExp, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

const renderNew = () => renderPage(<StudentFormPage />, { path: '/dashboard/my-students/new' });
const renderMia = () =>
  renderPage(<StudentFormPage />, {
    path: `/dashboard/my-students/${MIA.id}`,
    pattern: '/dashboard/my-students/:studentId',
  });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('add a child', () => {
  it('says what is missing by each field, with focus on the first', async () => {
    serve();
    renderNew();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a child' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add child' }));

    expect(await screen.findByText('Please enter the child’s first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter the child’s last name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a date as YYYY-MM-DD')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^first name/i)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the server’s message by its field with focus, and says so in a toast when no field explains it', async () => {
    let reply = () =>
      jsonReply(400, {
        error: 'Bad Request',
        message: 'Please fix the fields below.',
        fields: { city: 'Please enter a city' },
        requestId: 'r',
      });
    serve({ 'POST /api/Student': () => reply() });
    renderNew();
    await screen.findByRole('heading', { level: 1, name: 'Add a child' });
    type(/^first name/i, 'Mia');
    type(/^last name/i, 'Lee');
    type(/^date of birth/i, `${new Date().getFullYear() - 7}-03-02`);
    fireEvent.click(screen.getByRole('button', { name: 'Add child' }));
    const city = screen.getByLabelText(/^city/i);
    await waitFor(() => expect(city).toHaveFocus());
    expect(city).toHaveAccessibleDescription('Please enter a city');

    reply = () => jsonReply(500, { error: 'Internal Server Error', message: 'Boom', requestId: 'r' });
    fireEvent.click(screen.getByRole('button', { name: 'Add child' }));
    expect(await screen.findByText('We could not save these details. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });
});

describe('the child form in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('says what is missing in Spanish, by each field', async () => {
    await i18n.changeLanguage('es');
    serve();
    renderNew();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agregar un niño' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Elija un estado' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar niño' }));

    expect(await screen.findByText('Escriba el nombre del niño')).toBeInTheDocument();
    expect(screen.getByLabelText(/^apellido/i)).toHaveAccessibleDescription('Escriba el apellido del niño');
    expect(screen.getByLabelText(/^fecha de nacimiento/i)).toHaveAccessibleDescription(
      'Escriba la fecha con el formato AAAA-MM-DD',
    );
    await waitFor(() => expect(screen.getByLabelText(/^nombre/i)).toHaveFocus());
    expect(screen.queryByText('Please enter the child’s first name')).not.toBeInTheDocument();

    // A birthday in the future, and a half-filled address: each said in Spanish by its field.
    type(/^nombre/i, 'Mia');
    type(/^apellido/i, 'Lee');
    type(/^fecha de nacimiento/i, '2099-01-01');
    // (A year past 2199 is refused by the one date field instead: "Use a date between 1900 and 2199.")
    fireEvent.click(screen.getByRole('button', { name: 'Agregar niño' }));
    expect(await screen.findByText('La fecha de nacimiento debe ser una fecha pasada')).toBeInTheDocument();
    type(/^fecha de nacimiento/i, '2021-03-02');
    type(/^departamento/i, 'Unidad 4');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar niño' }));
    expect(await screen.findByText('Escriba la calle y el número')).toBeInTheDocument();
    expect(screen.getByText('Escriba la ciudad')).toBeInTheDocument();
    expect(screen.getByText('Escriba un código postal de 5 dígitos, como 94061')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('edits a child in Spanish, and says in Spanish why one with history cannot be removed', async () => {
    await i18n.changeLanguage('es');
    serve({
      [`GET ${MIA_URL}`]: () => jsonReply(200, MIA),
      [`DELETE ${MIA_URL}`]: (init) => errorReply(init, 409, 'family.child.hasHistory'),
    });
    renderMia();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Editar los datos de Mia' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar Peanuts' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Quitar a Mia' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Quitar a Mia Lee?' });
    expect(dialog).toHaveTextContent('No se puede deshacer.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText(/^Este niño tiene sesiones y pagos registrados/)).toBeInTheDocument();
    expect(screen.queryByText(HISTORY)).not.toBeInTheDocument();
  });

  it('says in Spanish that the child was not found', async () => {
    await i18n.changeLanguage('es');
    serve();
    renderMia();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos a ese niño' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Mis hijos' })).toHaveAttribute(
      'href',
      '/dashboard/my-students',
    );
  });
});
