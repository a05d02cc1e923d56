import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../content/site.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import TutoringWaitlistPage from './tutoring-waitlist-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function type(label: RegExp, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function choose(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function renderTutoring() {
  return renderPage(<TutoringWaitlistPage />, { path: '/tutoring-waitlist' });
}

describe('tutoring waitlist page', () => {
  it('says what is missing by each field and sends nothing', async () => {
    renderTutoring();
    expect(screen.getByRole('heading', { level: 1, name: 'Tutoring Waitlist' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));

    expect(await screen.findByText('Please tell us your name')).toBeInTheDocument();
    expect(screen.getByText('Please tell us your child’s name')).toBeInTheDocument();
    expect(screen.getByText('Please choose your child’s grade (K to 6)')).toBeInTheDocument();
    expect(screen.getByText('Please choose a subject')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Kindergarten' })).toHaveValue('K');
    expect(screen.getByRole('option', { name: 'Grade 3' })).toHaveValue('3');
    expect(screen.getByRole('option', { name: 'Reading & phonics' })).toHaveValue('Reading & phonics');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the form and thanks the family', async () => {
    fetchMock.mockResolvedValue(jsonReply(204));
    renderTutoring();
    type(/^your name/i, 'Ana Lee');
    type(/^child’s name/i, 'Sam Lee');
    choose(/^grade/i, '2');
    type(/^email/i, 'ana@example.com');
    type(/^phone number/i, '(415) 555-0132');
    choose(/^subject/i, 'Math');
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));

    expect(
      await screen.findByText(
        'Thank you! Your child is on the tutoring waitlist. We will contact you before the program opens.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      parentName: 'Ana Lee',
      grade: '2',
      subjectMatter: 'Math',
    });
  });
});

describe('tutoring waitlist page in Spanish (issue 14)', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish and says what is missing by each field', async () => {
    renderTutoring();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Lista de espera de tutorías' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Llega en otoño de 2024')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Kínder' })).toHaveValue('K');
    expect(screen.getByRole('option', { name: '3.º grado' })).toHaveValue('3');
    expect(screen.getByRole('option', { name: 'Lectura y fonética' })).toHaveValue('Reading & phonics');
    type(/^correo electrónico/i, 'ana@');
    fireEvent.click(screen.getByRole('button', { name: 'Unirse a la lista de espera' }));

    expect(await screen.findByText('Escriba su nombre')).toBeInTheDocument();
    expect(screen.getByText('Escriba el nombre de su hijo o hija')).toBeInTheDocument();
    expect(screen.getByText('Elija el grado de su hijo o hija (de kínder a 6.º)')).toBeInTheDocument();
    expect(screen.getByText('Escriba un correo electrónico válido')).toBeInTheDocument();
    expect(
      screen.getByText('Escriba un número de teléfono de EE. UU. válido, como (415) 555-0132'),
    ).toBeInTheDocument();
    expect(screen.getByText('Elija la materia que le interesa')).toBeInTheDocument();
    expect(screen.getByLabelText(/^su nombre/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Please tell us your name')).not.toBeInTheDocument();
    expect(screen.queryByText('Tutoring Waitlist')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says in Spanish when the form could not be sent', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderTutoring();
    type(/^su nombre/i, 'Ana Lee');
    type(/^nombre de su hijo o hija/i, 'Sam Lee');
    choose(/^grado/i, 'K');
    type(/^correo electrónico/i, 'ana@example.com');
    type(/^teléfono/i, '(415) 555-0132');
    choose(/^materia/i, 'Reading & phonics');
    fireEvent.click(screen.getByRole('button', { name: 'Unirse a la lista de espera' }));

    expect(
      await screen.findByText(
        `Lo sentimos, no pudimos agregarle a la lista de espera. Inténtelo de nuevo o escríbanos a ${site.email}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No se envió')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
