import type { Trustee } from '@lc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { studentFixture } from '../../features/testing/student-fixture.ts';
import { i18n } from '../../i18n/i18n.ts';
import ContactFormPage from './contact-form-page.tsx';
import ContactsPage from './contacts-page.tsx';

/** The contract's `fields.family.smsNeedsCell`, as an English page shows it. */
const SMS_NEEDS_CELL = 'Add a cell phone number to send text messages';

const fetchMock = vi.fn<typeof fetch>();

const student = (id: string, firstName: string) =>
  studentFixture(id, firstName, { dateOfBirth: '2019-03-02' });

const MIA = student('3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f', 'Mia');
const SAM = student('7a9d0c1e-2b3f-4a5d-8e6f-0a1b2c3d4e5f', 'Sam');

const ROSE: Trustee = {
  id: '0b8e7d6c-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
  isActive: true,
  type: 'Trustee',
  firstName: 'Rose',
  lastName: 'Lee',
  fullName: 'Rose Lee',
  homePhone: null,
  cellPhone: '+16505550101',
  emailAddress: null,
  relationship: 'Grandparent',
  canPickup: true,
  receiveSMS: false,
  receiveEmail: false,
  studentIds: [SAM.id],
};
const ROSE_URL = `/api/Student/Trustees/${ROSE.id}`;

/**
 * Answers the children list, `onPost` for a new contact and `extra` for anything else it knows
 * ("METHOD url" → reply); anything else is a 404.
 */
function serve(
  onPost: (body: Record<string, unknown>) => Response = () => jsonReply(500),
  extra: Record<string, () => Response> = {},
) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/Student' && method === 'GET') return jsonReply(200, [MIA, SAM]);
    if (url === '/api/Student/Trustees' && method === 'POST') {
      return onPost(JSON.parse(String(init?.body)));
    }
    const reply = extra[`${method} ${url}`];
    if (reply) return reply();
    return jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

function posts() {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
}

function type(label: RegExp, value: string) {
  // `input`: the relationship's suggestion list is labelled by the same label.
  fireEvent.input(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

function renderNew() {
  return renderPage(<ContactFormPage />, { path: '/dashboard/emergency-contacts/new' });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('emergency contact form', () => {
  it('says the first name is needed once it is touched and left empty', async () => {
    serve();
    renderNew();
    const firstName = await screen.findByLabelText(/^first name/i);
    fireEvent.focus(firstName);
    fireEvent.blur(firstName);

    expect(await screen.findByText('Please enter their first name')).toBeInTheDocument();
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));
  });

  it('asks for a cell phone before sending text messages, and sends nothing', async () => {
    serve();
    renderNew();
    await screen.findByLabelText(/^first name/i);
    type(/^first name/i, 'Rose');
    type(/^last name/i, 'Lee');
    type(/^relationship/i, 'Grandparent');
    type(/^home phone/i, '(650) 555-0102');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mia Lee' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^receive text messages/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));

    expect(await screen.findByText(SMS_NEEDS_CELL)).toBeInTheDocument();
    const cellPhone = screen.getByLabelText(/^cell phone/i);
    await waitFor(() => expect(cellPhone).toHaveFocus());
    expect(cellPhone).toHaveAccessibleDescription(SMS_NEEDS_CELL);
    expect(posts()).toHaveLength(0);
  });

  it('moves focus to the relationship, then to the children, when they are missing', async () => {
    serve();
    renderNew();
    await screen.findByLabelText(/^first name/i);
    type(/^first name/i, 'Rose');
    type(/^last name/i, 'Lee');
    type(/^cell phone/i, '(650) 555-0101');
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));

    const relationship = screen.getByLabelText(/^relationship/i, { selector: 'input' });
    await waitFor(() => expect(relationship).toHaveFocus());
    expect(relationship).toHaveAccessibleDescription(/Please say how they are related to your child/);

    type(/^relationship/i, 'Neighbor');
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    const mia = screen.getByRole('checkbox', { name: 'Mia Lee' });
    await waitFor(() => expect(mia).toHaveFocus());
    expect(screen.getByRole('group', { name: /which children/i })).toHaveAccessibleDescription(
      /Choose at least one child this contact is for/,
    );
    expect(posts()).toHaveLength(0);
  });

  it('saves a new contact for the chosen child and returns to the list', async () => {
    serve(() => jsonReply(201, ROSE));
    const { router } = renderNew();
    await screen.findByRole('checkbox', { name: 'Sam Lee' });
    type(/^first name/i, 'Rose');
    type(/^last name/i, 'Lee');
    type(/^relationship/i, 'Grandparent');
    type(/^cell phone/i, '(650) 555-0101');
    fireEvent.click(screen.getByRole('checkbox', { name: /^can pick up/i }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sam Lee' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/emergency-contacts'));
    expect(await screen.findByText('Rose Lee is saved as an emergency contact.')).toBeInTheDocument();
    const [[url, init]] = posts() as [[string, RequestInit]];
    expect(url).toBe('/api/Student/Trustees');
    expect(JSON.parse(String(init.body))).toMatchObject({
      firstName: 'Rose',
      lastName: 'Lee',
      relationship: 'Grandparent',
      cellPhone: '+16505550101',
      homePhone: null,
      canPickup: true,
      receiveSMS: false,
      studentIds: [SAM.id],
    });
  });

  it('puts the server’s message by its field with focus, and says in a notice what to do', async () => {
    let reply = () =>
      jsonReply(400, {
        error: 'Bad Request',
        message: 'Please fix the fields below.',
        fields: { emailAddress: 'That address cannot receive mail.' },
        requestId: 'r',
      });
    serve(() => reply());
    renderNew();
    await screen.findByRole('checkbox', { name: 'Sam Lee' });
    type(/^first name/i, 'Rose');
    type(/^last name/i, 'Lee');
    type(/^relationship/i, 'Grandparent');
    type(/^cell phone/i, '(650) 555-0101');
    type(/^email/i, 'rose@example.com');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sam Lee' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));

    const email = screen.getByLabelText(/^email/i);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('That address cannot receive mail.');
    expect(await screen.findByText('Please check the highlighted fields and try again.')).toBeInTheDocument();
    expect(screen.getAllByText('Contact not saved').length).toBeGreaterThan(0);

    reply = () => jsonReply(500, { error: 'Internal Server Error', message: 'Boom', requestId: 'r' });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(await screen.findByText('We could not save this contact. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });

  it('fills the form with a saved contact and deletes it after confirming', async () => {
    serve(undefined, {
      [`GET ${ROSE_URL}`]: () => jsonReply(200, ROSE),
      [`DELETE ${ROSE_URL}`]: () => jsonReply(204),
    });
    const { router } = renderPage(<ContactFormPage />, {
      path: `/dashboard/emergency-contacts/${ROSE.id}`,
      pattern: '/dashboard/emergency-contacts/:trusteeId',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Rose Lee' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^cell phone/i)).toHaveValue('(650) 555-0101');
    expect(screen.getByLabelText(/^home phone/i)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /^can pick up/i })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^active/i })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sam Lee' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mia Lee' })).not.toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Delete contact' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Rose Lee? Your children’s records are not changed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete contact' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/emergency-contacts'));
    expect(fetchMock.mock.calls.some(([url, init]) => url === ROSE_URL && init?.method === 'DELETE')).toBe(
      true,
    );
  });

  it('says so when the contact does not exist', async () => {
    serve();
    renderPage(<ContactFormPage />, {
      path: `/dashboard/emergency-contacts/${ROSE.id}`,
      pattern: '/dashboard/emergency-contacts/:trusteeId',
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that contact' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to emergency contacts' })).toHaveAttribute(
      'href',
      '/dashboard/emergency-contacts',
    );
  });
});

// The list page shares this file: it is small, and its cards link to the form above.
describe('emergency contacts list', () => {
  it('shows each contact with tap-to-call phones, what they may do and their children', async () => {
    serve(undefined, {
      'GET /api/Student/Trustees': () =>
        jsonReply(200, [ROSE, { ...ROSE, id: 'x', fullName: 'Ann Park', isActive: false, canPickup: false }]),
    });
    renderPage(<ContactsPage />, { path: '/dashboard/emergency-contacts' });

    const rose = await screen.findByRole('link', { name: 'Rose Lee' });
    expect(rose).toHaveAttribute('href', `/dashboard/emergency-contacts/${ROSE.id}`);
    const card = rose.closest('li') as HTMLElement;
    expect(within(card).getByRole('link', { name: /\(650\) 555-0101/ })).toHaveAttribute(
      'href',
      'tel:+16505550101',
    );
    expect(within(card).getByText('Can pick up')).toBeInTheDocument();
    expect(within(card).getByText('Sam')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it('invites the parent to add a first contact', async () => {
    serve(undefined, { 'GET /api/Student/Trustees': () => jsonReply(200, []) });
    renderPage(<ContactsPage />, { path: '/dashboard/emergency-contacts' });

    expect(await screen.findByText('No emergency contacts yet')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Add an emergency contact' })) {
      expect(link).toHaveAttribute('href', '/dashboard/emergency-contacts/new');
    }
  });

  it('offers to try again when loading fails', async () => {
    serve(undefined, { 'GET /api/Student/Trustees': () => jsonReply(200, [ROSE]) });
    // The first load's two calls (contacts and children) fail.
    const failure = () => jsonReply(500, { error: 'x', message: 'x', requestId: 'r' });
    fetchMock.mockResolvedValueOnce(failure()).mockResolvedValueOnce(failure());
    renderPage(<ContactsPage />, { path: '/dashboard/emergency-contacts' });

    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Rose Lee' })).toBeInTheDocument();
  });
});

describe('emergency contacts in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('says what is missing in Spanish, by each field, with focus on the first', async () => {
    await i18n.changeLanguage('es');
    serve();
    renderNew();
    await screen.findByRole('checkbox', { name: 'Mia Lee' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Agregar un contacto de emergencia' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Todos los contactos de emergencia' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contacto' }));

    const firstName = screen.getByLabelText(/^nombre/i);
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveAccessibleDescription('Escriba el nombre de la persona');
    expect(screen.getByLabelText(/^apellido/i)).toHaveAccessibleDescription(
      'Escriba el apellido de la persona',
    );
    expect(screen.getByLabelText(/^parentesco/i, { selector: 'input' })).toHaveAccessibleDescription(
      /Díganos qué relación tiene con su hijo/,
    );
    expect(screen.getByRole('group', { name: /para cuáles de sus hijos/i })).toHaveAccessibleDescription(
      /Elija por lo menos a uno de sus hijos para este contacto/,
    );
    expect(screen.queryByText('Please enter their first name')).not.toBeInTheDocument();

    // Texts asked for without a cell phone: said in Spanish by the cell phone field.
    type(/^nombre/i, 'Rose');
    type(/^apellido/i, 'Lee');
    type(/^parentesco/i, 'Abuela');
    type(/^teléfono de casa/i, '(650) 555-0102');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mia Lee' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^recibir mensajes de texto/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contacto' }));
    const cellPhone = screen.getByLabelText(/^celular/i);
    await waitFor(() => expect(cellPhone).toHaveFocus());
    expect(cellPhone).toHaveAccessibleDescription(
      'Agregue un número de celular para enviarle mensajes de texto',
    );
    expect(screen.queryByText(SMS_NEEDS_CELL)).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('saves a contact and says so in Spanish', async () => {
    await i18n.changeLanguage('es');
    serve(() => jsonReply(201, ROSE));
    renderNew();
    await screen.findByRole('checkbox', { name: 'Sam Lee' });
    type(/^nombre/i, 'Rose');
    type(/^apellido/i, 'Lee');
    type(/^parentesco/i, 'Abuela');
    type(/^celular/i, '(650) 555-0101');
    fireEvent.click(screen.getByRole('checkbox', { name: /^puede recoger/i }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sam Lee' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contacto' }));
    expect(await screen.findByText('Guardamos a Rose Lee como contacto de emergencia.')).toBeInTheDocument();
  });

  it('lists contacts in Spanish: relationship, permissions and children', async () => {
    await i18n.changeLanguage('es');
    serve(undefined, {
      'GET /api/Student/Trustees': () =>
        jsonReply(200, [
          { ...ROSE, studentIds: [MIA.id, SAM.id], receiveSMS: true },
          { ...ROSE, id: 'x', fullName: 'Ann Park', isActive: false, canPickup: false, studentIds: [] },
        ]),
    });
    renderPage(<ContactsPage />, { path: '/dashboard/emergency-contacts' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contactos de emergencia' }),
    ).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Rose Lee' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Abuelo o abuela')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Permisos' })).toHaveTextContent(
      'Puede recogerRecibe mensajes de texto',
    );
    expect(within(card).getByText('Celular')).toBeInTheDocument();
    expect(within(card).getByText('Para').parentElement).toHaveTextContent('Para Mia y Sam');
    expect(screen.getByText('Inactivo')).toBeInTheDocument();
    expect(screen.getByText('Todavía no está vinculado a ninguno de sus hijos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Su propio pase para recoger' })).toBeInTheDocument();
    expect(screen.queryByText('Can pick up')).not.toBeInTheDocument();
    expect(screen.queryByText('Grandparent')).not.toBeInTheDocument();
  });
});
