import type { Student } from '@lc/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { studentFixture } from '../../features/testing/student-fixture.ts';
import { i18n } from '../../i18n/i18n.ts';
import StudentsPage from './students-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const student = studentFixture;

const MIA = student('3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f', 'Mia', {
  allergies: [{ id: 'a1', name: 'Peanuts', studentId: '3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f' }],
  trusteeIds: ['t1', 't2'],
});
const SAM = student('7a9d0c1e-2b3f-4a5d-8e6f-0a1b2c3d4e5f', 'Sam', { trusteeIds: ['t1'] });
const LEO = student('9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e', 'Leo');

function serve(students: Student[]) {
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/Student'
      ? jsonReply(200, students)
      : jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' }),
  );
}

const card = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('my students page', () => {
  it('shows each child with their age, birthday, allergies and emergency contacts', async () => {
    serve([MIA, SAM, LEO]);
    renderPage(<StudentsPage />, { path: '/dashboard/my-students' });

    expect(await screen.findByRole('heading', { level: 1, name: 'My students' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Mia Lee' });
    const mia = card('Mia Lee');
    expect(within(mia).getByText(/years old · born March 2, 2021$/)).toBeInTheDocument();
    expect(within(mia).getByText('Peanuts')).toBeInTheDocument();
    expect(within(mia).getByText('2 emergency contacts')).toBeInTheDocument();
    expect(within(mia).getByRole('link', { name: /^Edit details ?for Mia$/ })).toBeInTheDocument();
    expect(within(card('Sam Lee')).getByText('1 emergency contact')).toBeInTheDocument();
    const leo = card('Leo Lee');
    expect(within(leo).getByText('None on file')).toBeInTheDocument();
    expect(within(leo).getByText(/^No emergency contact yet —/)).toHaveTextContent(
      'No emergency contact yet — add one',
    );
    expect(within(leo).getByRole('link', { name: 'add one' })).toHaveAttribute(
      'href',
      '/dashboard/emergency-contacts/new',
    );
  });
});

describe('my students page in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish, with Spanish dates, ages and plurals', async () => {
    await i18n.changeLanguage('es');
    serve([MIA, SAM, LEO]);
    renderPage(<StudentsPage />, { path: '/dashboard/my-students' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Mis hijos' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Mia Lee' });
    expect(document.title).toBe('Mis hijos · Bright Oak Learning Center');
    expect(screen.getByRole('link', { name: 'Agregar un niño' })).toHaveAttribute(
      'href',
      '/dashboard/my-students/new',
    );
    const mia = card('Mia Lee');
    expect(within(mia).getByText(/^\d+ años · nació el 2 de marzo de 2021$/)).toBeInTheDocument();
    expect(within(mia).getByText('Alergias')).toBeInTheDocument();
    expect(within(mia).getByText('2 contactos de emergencia')).toBeInTheDocument();
    expect(within(mia).getByRole('link', { name: /^Editar datos ?de Mia$/ })).toBeInTheDocument();
    expect(within(mia).getByRole('link', { name: /^Agregar una alergia ?de Mia$/ })).toBeInTheDocument();
    expect(within(card('Sam Lee')).getByText('1 contacto de emergencia')).toBeInTheDocument();
    const leo = card('Leo Lee');
    expect(within(leo).getByText('Ninguna registrada')).toBeInTheDocument();
    expect(within(leo).getByRole('link', { name: 'agregue uno' })).toHaveAttribute(
      'href',
      '/dashboard/emergency-contacts/new',
    );
    expect(screen.queryByText('My students')).not.toBeInTheDocument();
    expect(screen.queryByText(/emergency contact/)).not.toBeInTheDocument();
  });

  it('says a load failure in Spanish, with a way to try again', async () => {
    await i18n.changeLanguage('es');
    fetchMock.mockResolvedValueOnce(jsonReply(500, { error: 'x', message: 'x', requestId: 'r' }));
    serve([MIA]);
    renderPage(<StudentsPage />, { path: '/dashboard/my-students' });

    expect(await screen.findByText('No pudimos cargar los datos de sus hijos.')).toBeInTheDocument();
    expect(screen.getByText('Algo salió mal')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('link', { name: 'Mia Lee' })).toBeInTheDocument();
  });

  it('invites a family with no children yet, in Spanish', async () => {
    await i18n.changeLanguage('es');
    serve([]);
    renderPage(<StudentsPage />, { path: '/dashboard/my-students' });

    expect(await screen.findByRole('heading', { name: 'Todavía no hay niños' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agregar a su primer hijo o hija' })).toBeInTheDocument();
  });
});
