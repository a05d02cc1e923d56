/**
 * The family account in the browser (issue 23): a child placed by the office on a $100 deposit owes the rest,
 * on the roster and on the parent's Billing (balance, due date, statement); the parent pays part of it with
 * Pay now on the card checkout and comes back to Billing with the rest due; the director records the rest
 * from the roster's Record a payment dialog (a wrong amount gets its message by the field, with focus), and
 * both screens then say it is paid; a late fee posted from Charge or credit reads on the statement with its
 * reason. A Spanish family whose place was refunded in full reads its account in
 * Spanish. Billing in each state, the aging report, the roster and the dialogs pass axe in light and dark at 390 and 1280 px
 * without sideways scrolling.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { enrollAndPay, hideSession, oneSeatSession } from '../support/money.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const sweep = { noSidewaysScroll: true };

test('a deposit leaves the rest due; the director records it from the roster and the family’s statement shows it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000); // Billing twice, the roster and two dialogs, each scanned four times
  const token = await tokenFor(request, DIRECTOR);
  const sessionName = `Heron Room ${uniqueMarker('s')}`;
  // Hidden from families: the office places children in it, and the public catalogue stays the demo's.
  const sessionId = await oneSeatSession(request, token, sessionName, { rosterSize: 3, isActive: false });
  const family = await createParent(request, { firstName: 'Amara', lastName: `Osei${Date.now()}` });
  const childId = await addChild(request, family, 'Kofi');
  const placed = await request.post(`/api/staff/sessions/${sessionId}/enrollments`, {
    headers: bearer(token),
    data: { studentId: childId, amount: 10_000, note: 'Deposit, check #501', method: 'check' },
  });
  expect(placed.status()).toBe(201);

  // The parent: $300 due by the first day, and the statement so far.
  const parent = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await storeTokenBeforeLoad(parent, family.token);
  await openPage(parent, '/dashboard/billing', 'Billing');
  const account = parent.getByRole('region', { name: 'Your account' });
  await expect(account).toContainText('Balance due: $300.00');
  await expect(account).toContainText(`Next due: $300.00 for ${sessionName} by Mar 4, 2030.`);
  const statement = parent.getByRole('table', { name: /Every charge, payment and refund/ });
  await expect(statement.getByRole('row')).toHaveCount(3);
  await expect(statement).toContainText('Payment by check (Deposit, check #501)');
  await expectNoAxeViolationsInEveryTheme(parent, 'Billing, partly paid', sweep);

  // Pay now: $100 by card on the test checkout, back on Billing with $200 left.
  await parent.setViewportSize({ width: 1280, height: 900 });
  const payAmount = account.getByRole('textbox', { name: /Amount to pay/ });
  await expect(payAmount).toHaveValue('300.00');
  await payAmount.fill('400');
  await account.getByRole('button', { name: 'Pay now' }).click();
  await expect(account.getByText('Your balance is $300.00. Enter that or less.')).toBeVisible();
  await expect(payAmount).toBeFocused();
  await payAmount.fill('100');
  await account.getByRole('button', { name: 'Pay now' }).click();
  await expect(parent.getByRole('heading', { level: 1 })).toContainText('Bright Oak');
  await parent.getByRole('button', { name: 'Pay' }).click();
  await expect(parent).toHaveURL(/\/dashboard\/billing\?paid=/);
  await expect(parent.getByText('Thank you. We received your payment of $100.00.')).toBeVisible();
  await expect(account).toContainText('Balance due: $200.00');
  await expect(statement).toContainText('Payment by card');

  // The director: the family is on the aging report, current (due by the first day, in 2030).
  await storeTokenBeforeLoad(page, token);
  await openPage(page, '/staff/balances', 'Balances due');
  const owing = page.getByRole('row', { name: new RegExp(`Amara ${family.lastName}`) });
  await expect(owing).toContainText('$200.00');
  await expect(owing.getByRole('cell').nth(2)).toHaveText('$200.00');
  await expectNoAxeViolationsInEveryTheme(page, 'Balances due', sweep);

  // The roster says what is due; Record a payment takes the rest.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, `/staff/sessions/${sessionId}`, sessionName);
  const row = page.getByRole('row', { name: new RegExp(`Kofi ${family.lastName}`) });
  await expect(row).toContainText('Partly paid: $200.00 due Mar 4, 2030');
  await page.getByRole('button', { name: `Actions for Kofi ${family.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Record a payment…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  const amount = dialog.getByRole('textbox', { name: /Amount received/ });
  await expect(amount).toHaveValue('200.00');
  await expectNoAxeViolationsInEveryTheme(page, 'Record a payment', sweep);
  await amount.fill('350');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('At most $200.00 is due on this place. Enter that or less.')).toBeVisible();
  await expect(amount).toBeFocused();
  await amount.fill('200');
  await dialog.getByRole('combobox', { name: /Paid by/ }).selectOption('cash');
  await dialog.getByRole('textbox', { name: /Reference/ }).fill('Cash at the front desk');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(`Payment recorded for Kofi ${family.lastName}. Paid.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Paid');
  await expect(row).not.toContainText('Partly paid');
  await expectNoAxeViolationsInEveryTheme(page, 'roster, paid', sweep);

  // The parent: paid up, the statement has the payment with its reference.
  // The sweep ended at 390 px, where the statement is cards; back to the table.
  await parent.setViewportSize({ width: 1280, height: 900 });
  await parent.reload();
  await expect(account).toContainText('All paid up: nothing is due.');
  await expect(statement.getByRole('row')).toHaveCount(5);
  await expect(statement).toContainText('Payment by cash (Cash at the front desk)');
  await expectNoAxeViolationsInEveryTheme(parent, 'Billing, paid', sweep);

  // A late fee, with the reason the family reads.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: `Actions for Kofi ${family.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Charge or credit…' }).click();
  const adjust = page.getByRole('dialog', { name: 'Charge or credit' });
  await adjust.getByRole('combobox', { name: /What to post/ }).selectOption('late_fee');
  await adjust.getByRole('button', { name: 'Post' }).click();
  await expect(adjust.getByText('Enter the amount, like 25.00.')).toBeVisible();
  await expect(adjust.getByRole('textbox', { name: /Amount/ })).toBeFocused();
  await expectNoAxeViolationsInEveryTheme(page, 'Charge or credit', sweep);
  await adjust.getByRole('textbox', { name: /Amount/ }).fill('15');
  await adjust.getByRole('textbox', { name: /Reason/ }).fill('Picked up 20 minutes late');
  await adjust.getByRole('button', { name: 'Post' }).click();
  await expect(
    page.getByText(`Late fee of $15.00 for Kofi ${family.lastName}.`, { exact: false }),
  ).toBeVisible();
  await expect(row).toContainText('Partly paid: $15.00');

  await parent.setViewportSize({ width: 1280, height: 900 });
  await parent.reload();
  await expect(account).toContainText('Balance due: $15.00');
  await expect(statement).toContainText('Late fee (Picked up 20 minutes late)');
  await parent.close();
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('a Spanish family whose place was refunded in full reads its account in Spanish', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await tokenFor(request, DIRECTOR);
    const sessionName = `Sala Garza ${uniqueMarker('s')}`;
    const sessionId = await oneSeatSession(request, token, sessionName);
    const family = await createParent(request, { firstName: 'Lucía', lastName: 'Herrera' });
    const spanish = await request.put('/api/UserAuthentication/Language', {
      headers: bearer(family.token),
      data: { language: 'es' },
    });
    expect(spanish.status()).toBe(204);
    const childId = await addChild(request, family, 'Mateo');
    await enrollAndPay(request, family, sessionId, childId);
    const withdrawn = await request.post(`/api/staff/sessions/${sessionId}/withdraw`, {
      headers: bearer(token),
      data: { studentId: childId, reason: 'The family moved', refundAmount: 40_000 },
    });
    expect(withdrawn.status()).toBe(200);
    await hideSession(request, token, sessionId);

    await storeTokenBeforeLoad(page, family.token);
    await openPage(page, '/dashboard/billing', 'Pagos');
    const account = page.getByRole('region', { name: 'Su cuenta' });
    await expect(account).toContainText('Reembolsado');
    await expect(account).toContainText('Todo al día: no debe nada.');
    const statement = page.getByRole('table', { name: /Cada cargo, pago y reembolso/ });
    await expect(statement).toContainText('Pago con tarjeta');
    await expect(statement).toContainText('Reembolso con tarjeta');
    await expect(page.getByRole('table', { name: 'Las sesiones de cada niño' })).toContainText('Reembolsado');
    await expectNoAxeViolationsInEveryTheme(page, 'Pagos, reembolsado', sweep);
  });
});
