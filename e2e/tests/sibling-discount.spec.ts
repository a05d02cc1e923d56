/**
 * The sibling discount and the refund policy in the browser (issue 13): the director gives a session 10% off
 * each brother or sister through the API; the session page says so and says the refund policy in plain
 * words; a parent with two children enrolls both, sees the discount as its own line and the exact total on
 * the enroll page (axe in light and dark with the breakdown showing), pays that total on the test checkout,
 * and Billing shows the discounted amount with the discount it includes, on wide screens and phones.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

/** The session as the director's form sends it (PUT takes the whole input): money in cents. */
function sessionInput(name: string, isActive: boolean) {
  const now = Date.now();
  return {
    name,
    description: 'Mornings in the garden: planting, bug hunts and painting outdoors.',
    sessionStartDate: '2030-03-04',
    sessionEndDate: '2030-05-27',
    registrationStartDate: new Date(now - 86_400_000).toISOString(),
    registrationEndDate: new Date(now + 30 * 86_400_000).toISOString(),
    daySchedule: 'Monday and Wednesday, 9:00 am – 11:30 am',
    isActive,
    registrationPrice: 30_000,
    supplyFee: 2_500,
    rosterSize: 6,
    waitlistActive: true,
    waitlistSize: 3,
    refundFullDaysBefore: 21,
    refundPercentAfter: 50,
    supplyFeeRefundUntil: '2030-03-11',
    siblingDiscountType: 'Percent',
    siblingDiscountValue: 10,
    siblingDiscountAcrossProgram: false,
  };
}

test('a family of two gets the sibling discount on the enroll page, at checkout and in Billing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const director = await tokenFor(request, DIRECTOR);
  const name = `Garden Mornings ${uniqueMarker('sibling').slice(-6)}`;
  const created = await request.post('/api/ClassSession', {
    headers: bearer(director),
    data: sessionInput(name, true),
  });
  expect(created.status(), 'POST /api/ClassSession').toBe(201);
  const id = ((await created.json()) as { id: number }).id;

  try {
    const parent = await createParent(request, { firstName: 'Lucia', lastName: 'Ferreira' });
    await addChild(request, parent, 'Nina', '2022-09-10');
    await addChild(request, parent, 'Tomas', '2021-04-22');
    await storeTokenBeforeLoad(page, parent.token);

    // The session page: the discount and, before anyone pays, the refund policy in plain words.
    await openPage(page, `/sessions/${id}`, name);
    await expect(page.getByText('Brothers and sisters save:')).toBeVisible();
    await expect(page.getByText('each child after the first gets 10% off the registration.')).toBeVisible();
    const policy = page.getByRole('region', { name: 'If plans change' });
    await expect(policy.getByRole('listitem')).toHaveText([
      'Withdraw by Monday, February 11, 2030 (21 days before the first day) and we refund everything you paid.',
      'After that, we refund 50% of the registration until the last day.',
      'The supply fee ($25.00) is refunded in full until Monday, March 11, 2030.',
    ]);

    await openPage(page, `/sessions/${id}/enroll`, `Enroll in ${name}`);
    await page.getByRole('checkbox', { name: 'Tomas Ferreira' }).check();
    await page.getByRole('checkbox', { name: 'Nina Ferreira' }).check();
    const price = page.getByRole('region', { name: 'Price' });
    const breakdown = price.getByRole('table', { name: 'For Tomas and Nina' });
    await expect(breakdown.getByRole('row', { name: /registration/ })).toContainText('$300.00 × 2');
    await expect(breakdown.getByRole('row', { name: /supply fee/ })).toContainText('$25.00 × 2');
    const discount = breakdown.getByRole('row', { name: /Sibling discount/ });
    await expect(discount).toContainText('Sibling discount (10% off a brother or sister)');
    await expect(discount).toContainText('−$30.00');
    // 2 × ($300 + $25) − $30.
    await expect(breakdown.getByRole('row', { name: /Total/ })).toContainText('$620.00');
    await expect(price).toContainText(
      'Brothers and sisters save: each child after the first you enroll gets 10% off the registration.',
    );
    await expect(page.getByRole('region', { name: 'If plans change' })).toContainText(
      'Withdraw by Monday, February 11, 2030',
    );
    await expectNoAxeViolationsInEveryTheme(page, 'enroll page with the sibling discount', {
      widths: [1280],
    });

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/test-checkout\//);
    const checkout = page.getByRole('table');
    await expect(checkout).toContainText('Sibling discount (10% off a brother or sister)');
    await expect(checkout.getByRole('row', { name: /Total/ })).toContainText('$620.00');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You’re all set!' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'What you paid' })).toContainText('$620.00');

    await openPage(page, '/dashboard/billing', 'Billing');
    // The payment with its receipt (the family account above it has its own tables and cards).
    const payments = page.getByRole('region', { name: 'Payments and receipts' });
    const row = payments.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('$620.00');
    await expect(row).toContainText('includes $30.00 sibling discount');
    await page.setViewportSize({ width: 390, height: 900 });
    const card = payments.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText('$620.00');
    await expect(card).toContainText('includes $30.00 sibling discount');
  } finally {
    // Hidden again, so the public catalogue other tests count is the demo's.
    const hidden = await request.put(`/api/ClassSession/${id}`, {
      headers: bearer(director),
      data: sessionInput(name, false),
    });
    expect(hidden.status(), 'PUT /api/ClassSession').toBeLessThan(300);
  }
});
