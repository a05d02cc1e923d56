import type { CoParentFamily } from '@lc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import FamilyPage from './family-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const ALONE: CoParentFamily = {
  parents: [
    {
      id: 'u1',
      firstName: 'Imani',
      lastName: 'Okonkwo',
      emailAddress: 'imani@families.example',
      joinedAt: null,
      isYou: true,
    },
  ],
  invitations: [],
  childNames: ['Zuri', 'Tobi'],
};

const SHARED: CoParentFamily = {
  ...ALONE,
  parents: [
    ...ALONE.parents,
    {
      id: 'u2',
      firstName: 'Chidi',
      lastName: 'Okonkwo',
      emailAddress: 'chidi@families.example',
      joinedAt: '2026-11-20T18:00:00.000Z',
      isYou: false,
    },
  ],
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('family sharing page', () => {
  it('puts the server’s reason by the email field and focuses it', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/Family/Invitations' && init?.method === 'POST')
        return errorReply(init, 400, 'family.invite.alreadyShares', {
          fields: { emailAddress: 'family.invite.alreadyShares' },
        });
      return jsonReply(200, ALONE);
    });
    renderPage(<FamilyPage />, { path: '/dashboard/family' });
    expect(await screen.findByText('Only you manage Zuri and Tobi for now.')).toBeInTheDocument();
    const email = screen.getByLabelText('Their email address');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Enter the other parent’s email address');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(email, { target: { value: 'chidi@families.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('That parent already shares your family'));
    expect(email).toHaveFocus();
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ emailAddress: 'chidi@families.example' });
  });

  it('says a refusal no field explains in the form’s alert, then confirms an invitation and empties the field', async () => {
    const FULL = 'A family can be shared by 4 parents at most. Ask us if you need more.';
    let reply = () => jsonReply(409, { error: 'Conflict', message: FULL, requestId: 'r' });
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/Family/Invitations' && init?.method === 'POST'
        ? reply()
        : jsonReply(200, ALONE),
    );
    renderPage(<FamilyPage />, { path: '/dashboard/family' });
    const email = await screen.findByLabelText('Their email address');
    fireEvent.change(email, { target: { value: ' Chidi@Families.example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FULL);

    reply = () => jsonReply(200, ALONE);
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('We emailed an invitation to chidi@families.example.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(FULL)).not.toBeInTheDocument();
    expect(email).toHaveValue('');
    const sent = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent[1]?.[1]?.body))).toEqual({ emailAddress: 'Chidi@Families.example' });
  });

  it('lists both parents and asks before leaving, naming who keeps the children', async () => {
    fetchMock.mockImplementation(async () => jsonReply(200, SHARED));
    renderPage(<FamilyPage />, { path: '/dashboard/family' });
    const parents = await screen.findByRole('region', { name: 'Parents on this portal' });
    expect(within(parents).getByText('Chidi Okonkwo')).toBeInTheDocument();
    expect(within(parents).getByText('(you)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Leave this family' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this family?' });
    expect(dialog).toHaveTextContent(
      'You will no longer see or manage Zuri and Tobi. Their details, places and contacts stay with Chidi Okonkwo.',
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/Family/Leave')).toBe(false);
  });
});

describe('family sharing page in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish, by the email field too, with the invitation’s date in Spanish', async () => {
    await i18n.changeLanguage('es');
    const invited: CoParentFamily = {
      ...ALONE,
      invitations: [
        {
          id: 'i1',
          emailAddress: 'chidi@families.example',
          invitedBy: 'Imani',
          created: '2026-11-24T20:00:00.000Z',
          expiresAt: '2026-12-01T20:00:00.000Z',
        },
      ],
    };
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/Family/Invitations' && init?.method === 'POST')
        return errorReply(init, 400, 'family.invite.alreadyShares', {
          fields: { emailAddress: 'family.invite.alreadyShares' },
        });
      return jsonReply(200, invited);
    });
    renderPage(<FamilyPage />, { path: '/dashboard/family' });

    expect(await screen.findByText('Por ahora solo usted administra a Zuri y Tobi.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Compartir el portal' })).toBeInTheDocument();
    expect(screen.getByText('(usted)')).toBeInTheDocument();
    expect(screen.getByText('(enviada por Imani, válida hasta el 1 de diciembre)')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Retirar la invitación a chidi@families.example' }),
    ).toBeInTheDocument();

    const email = screen.getByLabelText('Correo electrónico del otro padre o madre');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Escriba el correo electrónico del otro padre o madre');

    fireEvent.change(email, { target: { value: 'chidi@families.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Esa persona ya comparte su familia'));
    expect(screen.queryByText('That parent already shares your family')).not.toBeInTheDocument();
    expect(screen.queryByText('Family sharing')).not.toBeInTheDocument();
  });

  it('asks in Spanish before leaving, in a dialog with a Spanish close button', async () => {
    await i18n.changeLanguage('es');
    fetchMock.mockImplementation(async () => jsonReply(200, SHARED));
    renderPage(<FamilyPage />, { path: '/dashboard/family' });
    const parents = await screen.findByRole('region', { name: 'Padres en este portal' });
    expect(within(parents).getByText('Chidi Okonkwo')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dejar de compartir el portal' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Dejar de compartir el portal?' });
    expect(dialog).toHaveTextContent(
      'Ya no podrá ver ni administrar a Zuri y Tobi. Sus datos, lugares y contactos se quedan con Chidi Okonkwo.',
    );
    expect(within(dialog).getByRole('button', { name: 'Seguir compartiendo' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });
});
