/**
 * Billing in the states a shared family's account can be in (issue 23), read in the browser and scanned by axe
 * in light and dark at 1280 and 390 px:
 * - the demo family (Jordan), whose saved card was declined on the instalment's date and at each of the three
 *   retries: Billing says each try and that no more are made; Riley's proposal to share the bills waits for
 *   Jordan's answer; the monthly statements are there to download; the director's Balances lists the failed
 *   payment with its four tries and the card. Then Jordan saves a card that works and pays the overdue
 *   instalment with Pay now, and the failed payment leaves the director's list. (No other test reads the demo
 *   family's money.)
 * - a Spanish-speaking family of two parents on a payment plan: one proposes to share the bills half and half,
 *   the other accepts in Billing, each parent's share of what falls due is shown to the cent, in Spanish, and
 *   the second parent pays their own share (the first parent's stays theirs).
 * (The server's clock cannot move here: declines, retries and the split of posted instalments over time are
 * proven by server/test/autopay.test.ts and server/test/billing-split.test.ts.)
 */
import { createParent, DEMO_PARENT } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme, waitForMail } from '../support/fixtures.ts';
import { enrollAndPay, hideSession, oneSeatSession } from '../support/money.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const sweep = { noSidewaysScroll: true };

test('the demo family’s Billing shows each declined automatic payment, Riley’s proposal and the statements; the director sees the failed payment; a working card saved, the family pays it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const jordan = await tokenFor(request, { email: DEMO_PARENT.emailAddress, password: DEMO_PARENT.password });
  await storeTokenBeforeLoad(page, jordan);
  await openPage(page, '/dashboard/billing', 'Billing');

  const autopay = page.getByRole('region', { name: 'Automatic payments' });
  await expect(autopay).toContainText('Visa ending 9995 · expires 12/2030');
  const tries = autopay.getByRole('listitem').filter({ hasText: 'Fall Morning Session' });
  await expect(tries).toHaveCount(4);
  await expect(
    tries.filter({ hasText: 'declined (not enough money available), then tried again.' }),
  ).toHaveCount(3);
  await expect(tries.filter({ hasText: 'No more automatic tries: please pay it with Pay now.' })).toHaveCount(
    1,
  );

  const split = page.getByRole('region', { name: 'Sharing the bills' });
  await expect(split.getByText('Riley proposed a way to share the bills')).toBeVisible();
  await expect(split).toContainText('You pay 50% and Riley pays 50% of each bill that falls due.');
  await expect(split.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(split.getByRole('button', { name: 'Decline' })).toBeVisible();

  const statements = page.getByRole('region', { name: 'Statements' });
  await expect(
    statements.getByRole('button', { name: /^Download the statement for / }).first(),
  ).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'Billing with declined payments and a proposal', sweep);

  // The director: the instalment is on Failed automatic payments, tried four times on the saved card.
  const director = await tokenFor(request, DIRECTOR);
  await page.evaluate((token) => window.localStorage.setItem('token', token), director);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, '/staff/balances', 'Balances due');
  const failed = page.getByRole('region', { name: 'Instalments whose automatic payment failed' });
  const row = failed.getByRole('row', { name: /Avery/ });
  await expect(row).toContainText('Maya, Fall Morning Session');
  await expect(row).toContainText('4 of 4 · Visa ending 9995');
  await expect(row).toContainText('Insufficient funds');
  await expect(row).toContainText('No more tries: the family was told');

  // Jordan saves a card that works in place of the declined one, then pays what is overdue with Pay now.
  await page.evaluate((token) => window.localStorage.setItem('token', token), jordan);
  await openPage(page, '/dashboard/billing', 'Billing');
  await autopay.getByRole('button', { name: 'Change card or bank account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Save a card or bank account' })).toBeVisible();
  await page.getByRole('radio', { name: 'Visa ending 4242: always succeeds' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(autopay.getByRole('status')).toHaveText(
    'Your card or bank account is saved. Instalments are charged to it on their dates.',
  );
  await expect(autopay).toContainText('Visa ending 4242');
  const account = page.getByRole('region', { name: 'Your account' });
  const owed = await account.getByRole('textbox', { name: /Amount to pay/ }).inputValue();
  await account.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bright Oak');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing\?paid=/);
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(owed));
  await expect(page.getByText(`Thank you. We received your payment of ${dollars}.`)).toBeVisible();
  await expect(account).not.toContainText('Overdue');
  // Paid: the director's list no longer shows it as owed.
  await page.evaluate((token) => window.localStorage.setItem('token', token), director);
  await openPage(page, '/staff/balances', 'Balances due');
  await expect(page.getByRole('heading', { level: 2, name: 'Failed automatic payments' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Avery/ }).filter({ hasText: '4 of 4' })).toHaveCount(0);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('two parents agree to share the bills half and half; each sees their own share of each instalment and pays it', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const director = await tokenFor(request, DIRECTOR);
    const name = `Jardín de cuentos ${uniqueMarker('split').slice(-6)}`;
    // $900.00: $300.00 down, then two instalments of $300.00 in 2030.
    const sessionId = await oneSeatSession(request, director, name, {
      registrationPrice: 90_000,
      rosterSize: 4,
      waitlistActive: false,
      waitlistSize: 0,
      planDeposit: 30_000,
      planFee: 0,
      planDueDates: ['2030-02-01', '2030-03-01'],
    });
    try {
      const lastName = `Ibarra${Date.now()}`;
      const [ana, luis] = [
        await createParent(request, { firstName: 'Ana', lastName, language: 'es' }),
        await createParent(request, { firstName: 'Luis', lastName, language: 'es' }),
      ];
      const child = await addChild(request, ana, 'Sofía', '2021-10-12');

      // Ana invites Luis, who accepts the link in the invitation email: one family.
      const invited = await request.post('/api/Family/Invitations', {
        headers: bearer(ana.token),
        data: { emailAddress: luis.emailAddress },
      });
      expect(invited.status(), 'POST /api/Family/Invitations').toBe(200);
      const mail = (await waitForMail([luis.emailAddress, '/dashboard/family/join/'])).replace(/=\r?\n/g, '');
      const token = /\/dashboard\/family\/join\/([A-Za-z0-9_-]+)/.exec(mail)![1]!;
      const accepted = await request.post('/api/Family/Invitation/Accept', {
        headers: bearer(luis.token),
        data: { token },
      });
      expect(accepted.status(), 'POST /api/Family/Invitation/Accept').toBe(200);

      // Ana enrolls Sofía on the plan and pays the deposit; then she proposes half and half.
      await enrollAndPay(request, ana, sessionId, child, { paymentPlan: true, saveMethod: false });
      const proposed = await request.post('/api/Billing/Split', {
        headers: bearer(ana.token),
        data: { kind: 'percent', yourPercent: 50 },
      });
      expect(proposed.status(), `POST /api/Billing/Split: ${await proposed.text()}`).toBe(201);

      // Luis reads the proposal in Spanish and accepts it.
      await storeTokenBeforeLoad(page, luis.token);
      await openPage(page, '/dashboard/billing', 'Pagos');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      const split = page.getByRole('region', { name: 'Compartir los pagos' });
      await expect(split.getByText('Ana propuso una forma de compartir los pagos')).toBeVisible();
      await expectNoAxeViolationsInEveryTheme(page, 'Billing with a proposal to answer (es)', sweep);
      await split.getByRole('button', { name: 'Aceptar' }).click();
      await expect(split.getByRole('status')).toHaveText('Listo: desde hoy cada uno paga su parte.');
      const shares = split.getByRole('list', { name: 'La parte de cada padre' }).getByRole('listitem');
      await expect(shares).toHaveCount(2);
      // Each $300.00 instalment is $150.00 for each parent.
      const next = /Próximo: \$150\.00 el 1 .*feb.* 2030\./;
      await expect(shares.filter({ hasText: 'Su parte: $300.00 por pagar.' })).toContainText(next);
      await expect(shares.filter({ hasText: 'Parte de Ana: $300.00 por pagar.' })).toContainText(next);
      await expectNoAxeViolationsInEveryTheme(page, 'Billing with the bills shared (es)', sweep);

      // Luis pays $300.00 of the family's $600.00 now: Pay now pays his own share first; Ana's stays hers.
      const account = page.getByRole('region', { name: 'Su cuenta' });
      const amount = account.getByRole('textbox', { name: /Monto a pagar/ });
      await expect(amount).toHaveValue('600.00');
      await amount.fill('300');
      await account.getByRole('button', { name: 'Pagar ahora' }).click();
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await expect(page).toHaveURL(/\/dashboard\/billing\?paid=/);
      await expect(page.getByText('Gracias. Recibimos su pago de $300.00.')).toBeVisible();
      await expect(shares.filter({ hasText: 'Parte de Ana: $300.00 por pagar.' })).toBeVisible();
      await expect(shares.filter({ hasText: /^Su parte: \$0\.00/ })).toBeVisible();
    } finally {
      await hideSession(request, director, sessionId);
    }
  });
});
