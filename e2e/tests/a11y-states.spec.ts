/**
 * Contrast in every state a page can show (issue 21 item 18). The other sweeps scan pages with the data their
 * flows happened to make, so a badge or an alert that only shows in a rarer state was never measured (a light
 * red allergy badge on a roster's striped row read 4.42:1). Here one family is put, through the real API, in
 * every state at once: a child with an allergy, a seat held in an open checkout (unpaid), a checkout that was
 * cancelled, a place paid on the test checkout and partly refunded, a place paid by check recorded by the
 * office, a place withdrawn with a full refund, a waitlist place offered that seat, and a child still checked
 * in after a hidden session's pickup time (a late pickup). Each page that shows those states — the staff
 * sessions list, the rosters, payments, the family and child pages, the attendance board, and the parent's
 * dashboard, My sessions, a session page, Billing and the offer — is checked to show them, then scanned by axe
 * in light and dark at 1280 and 390 px; the family pages in English and in Spanish.
 */

import { storeTokenBeforeLoad } from '../support/app.ts';
import { buildStates, hideAll, scan } from '../support/states.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

/**
 * The states each test built, hidden again after it even when it failed: a failed scan must not leave its
 * sessions on the public Sessions page, where other tests count the demo's (a failure once took two more
 * tests down with it).
 */
const built: Array<Awaited<ReturnType<typeof buildStates>>> = [];

test.afterEach(async ({ request }) => {
  for (const s of built.splice(0)) await hideAll(request, s);
});

// The staff pages in two tests, so the two workers share them.
test('the staff sessions list and rosters in every state have no axe violations in light and dark at 1280 and 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // four pages, four scans each, on a busy machine
  const s = await buildStates(request, 'en');
  built.push(s);
  await storeTokenBeforeLoad(page, s.director);

  await scan(page, `/staff/sessions?q=${s.marker}`, 'Sessions', async () => {
    const table = page.getByRole('region', { name: 'Sessions table' });
    for (const session of [s.paid, s.offered, s.late]) {
      await expect(table.getByRole('row', { name: new RegExp(session.name) })).toBeVisible();
    }
    await expect(table.getByRole('row', { name: new RegExp(s.late.name) })).toContainText('Hidden');
  });

  await scan(page, `/staff/sessions/${s.paid.id}`, s.paid.name, async () => {
    const roster = page.getByRole('region', { name: 'Roster table' });
    await expect(roster.getByRole('row', { name: /Ana Quintero/ })).toContainText(s.allergy);
    await expect(roster.getByRole('row', { name: /Eli Quintero/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seats on hold' })).toContainText('Dev Quintero');
  });

  await scan(page, `/staff/sessions/${s.offered.id}`, s.offered.name, async () => {
    await expect(page.getByText('No children are enrolled yet.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Cleo Quintero' })).toContainText(
      'offered a seat',
    );
  });

  await scan(page, `/staff/sessions/${s.late.id}`, s.late.name, async () => {
    const row = page.getByRole('region', { name: 'Roster table' }).getByRole('row', { name: /Ana Quintero/ });
    await expect(row).toContainText(s.allergy);
    await expect(row).toContainText(/In since/);
    await expect(page.getByRole('link', { name: 'Today’s attendance' })).toBeVisible();
  });
});

test('the staff payments, family, child and attendance pages in every state have no axe violations in light and dark at 1280 and 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(210_000); // five pages, four scans each, on a busy machine
  const s = await buildStates(request, 'en');
  built.push(s);
  await storeTokenBeforeLoad(page, s.director);

  // The list's rows are text in one style whatever their state; a full refund is on the family page below.
  await scan(page, `/staff/payments?classSessionId=${s.paid.id}`, 'Payments', async () => {
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Ana/ })).toContainText('$150.00');
    await expect(table.getByRole('row', { name: /Check #1042/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Pending/ })).toBeVisible();
  });

  await scan(page, `/staff/families/${s.parentId}`, /Quintero/, async () => {
    await expect(page.getByText(s.allergy).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Withdrawn', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Offered a seat', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Refunded', exact: true }).first()).toBeVisible();
  });

  await scan(page, `/staff/children/${s.children.ana}`, /Ana Quintero/, async () => {
    await expect(page.getByText(s.allergy).first()).toBeVisible();
    await expect(page.getByText(s.late.name).first()).toBeVisible();
  });

  await scan(page, '/staff/attendance', 'Attendance', async () => {
    const card = page.getByRole('region', { name: s.late.name, exact: true });
    await expect(card.getByRole('alert', { name: 'Late pickup' })).toContainText(
      'Ana is still here after pickup time',
    );
    const ana = card.getByRole('row').filter({ has: page.getByRole('link', { name: 'Ana Quintero' }) });
    await expect(ana).toContainText('Late pickup');
    await expect(ana).toContainText(`Allergy: ${s.allergy}`);
  });

  // Today (issue 24) with the late pickup and the allergy in the building.
  await scan(page, '/staff', 'Today', async () => {
    const sessions = page.getByRole('region', { name: 'Sessions today' });
    await expect(sessions.getByRole('link', { name: s.late.name })).toBeVisible();
    await expect(sessions).toContainText('Ana Quintero is still waiting to be picked up');
    await expect(sessions).toContainText(`Allergy: ${s.allergy}`);
  });
});

/** What the family pages say about the states, in each language. */
const FAMILY_WORDS = {
  en: {
    welcome: 'Welcome, Marisol',
    mySessions: 'My sessions',
    billing: 'Billing',
    offeredHeading: 'A seat is waiting for you',
    withdrawn: 'Withdrawn',
    awaitingPayment: 'Awaiting payment',
    refunded: 'Refunded',
    partlyRefunded: /Refunded \$150\.00/,
    finishPaying: 'Finish paying',
    enroll: (name: string) => `Enroll in ${name}`,
  },
  es: {
    welcome: 'Le damos la bienvenida, Marisol',
    mySessions: 'Mis sesiones',
    billing: 'Pagos',
    offeredHeading: 'Tiene un lugar reservado',
    withdrawn: 'Baja de la sesión',
    awaitingPayment: 'Pago pendiente',
    refunded: 'Reembolsado',
    partlyRefunded: /Reembolso de \$150\.00/,
    finishPaying: 'Terminar de pagar',
    enroll: (name: string) => `Inscripción en ${name}`,
  },
} as const;

async function familyPages(page: Page, request: APIRequestContext, language: 'en' | 'es') {
  test.setTimeout(180_000); // five pages, four scans each, on a busy machine
  const words = FAMILY_WORDS[language];
  const s = await buildStates(request, language);
  built.push(s);
  await storeTokenBeforeLoad(page, s.parent.token);
  const lang = async () => expect(page.locator('html')).toHaveAttribute('lang', language);

  await scan(page, '/dashboard', words.welcome, async () => {
    await lang();
    await expect(page.getByText(new RegExp(s.allergy)).first()).toBeVisible();
    await expect(page.getByText(words.awaitingPayment, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`Cleo.*${s.offered.name}`) })).toBeVisible();
  });

  await scan(page, '/dashboard/sessions', words.mySessions, async () => {
    await lang();
    await expect(page.getByRole('region', { name: words.offeredHeading })).toContainText(s.offered.name);
    await expect(page.getByText(words.withdrawn, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(words.awaitingPayment, { exact: true }).first()).toBeVisible();
  });

  await scan(page, `/dashboard/sessions/${s.offered.id}`, s.offered.name, async () => {
    await lang();
    await expect(page.getByText(words.withdrawn, { exact: true }).first()).toBeVisible();
  });

  await scan(page, '/dashboard/billing', words.billing, async () => {
    await lang();
    await expect(page.getByText(words.partlyRefunded).first()).toBeVisible();
    await expect(page.getByText(words.refunded, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(words.finishPaying).first()).toBeVisible();
  });

  await scan(page, `/sessions/${s.offered.id}/enroll`, words.enroll(s.offered.name), async () => {
    await lang();
    await expect(page.getByRole('checkbox', { name: /Cleo Quintero/ })).toBeEnabled();
  });
}

test('family pages in every state have no axe violations in light and dark at 1280 and 390 px', async ({
  page,
  request,
}) => {
  await familyPages(page, request, 'en');
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('family pages in every state in Spanish have no axe violations in light and dark at 1280 and 390 px', async ({
    page,
    request,
  }) => {
    await familyPages(page, request, 'es');
  });
});
