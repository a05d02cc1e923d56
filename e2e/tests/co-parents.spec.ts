/**
 * Co-parents (issue 13) in the browser: a parent invites the other parent from Family sharing (an empty
 * address is refused by the field, focus on it), the invitation email's link sends the other parent through
 * the login page to the invitation, they accept and see the children; then the director takes them out of the
 * family from its staff page and they no longer see the children. Axe in light and dark on the Family sharing
 * page, the invitation page, the leave dialog and the director's dialog.
 */
import { createParent } from '../support/accounts.ts';
import { storeTokenBeforeLoad } from '../support/app.ts';
import { addChild, bearer } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme, waitForMail } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

test('a parent invites the other parent, who accepts and sees the children', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createParent(request, { firstName: 'Imani', lastName: 'Okonkwo' });
  await addChild(request, owner, 'Zuri');
  const other = await createParent(request, { firstName: 'Chidi', lastName: 'Okonkwo' });

  await storeTokenBeforeLoad(page, owner.token);
  await page.goto('/dashboard/family');
  await expect(page.getByRole('heading', { level: 1, name: 'Family sharing' })).toBeVisible();
  const email = page.getByLabel('Their email address');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/Enter the other parent’s email address/);
  await email.fill(owner.emailAddress);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(email).toHaveAccessibleDescription(/your own email address/);
  await email.fill(other.emailAddress);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`We emailed an invitation to ${other.emailAddress}.`)).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Withdraw the invitation to ${other.emailAddress}` }),
  ).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'family sharing page', { noSidewaysScroll: true });

  const mail = (await waitForMail([other.emailAddress, '/dashboard/family/join/'])).replace(/=\r?\n/g, '');
  const link = /(\/dashboard\/family\/join\/[A-Za-z0-9_-]+)/.exec(mail)![1]!;

  // The other parent opens the link signed out: the login page first, then the invitation.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto(link);
  await expect(theirs).toHaveURL(/\/login\?redirect=/);
  await theirs.getByRole('textbox', { name: 'Email address' }).fill(other.emailAddress);
  await theirs.getByRole('textbox', { name: 'Password' }).fill(other.password);
  await theirs.getByRole('button', { name: 'Login' }).click();
  await expect(theirs.getByRole('heading', { level: 1, name: 'Join your family’s portal' })).toBeVisible();
  await expect(
    theirs.getByText(/Imani Okonkwo invited you to share the Student Portal for Zuri/),
  ).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(theirs, 'invitation page', { noSidewaysScroll: true });
  await theirs.getByRole('button', { name: 'Accept and share' }).click();
  await expect(theirs).toHaveURL(/\/dashboard\/my-students$/);
  await expect(theirs.getByText('Zuri').first()).toBeVisible();

  // Both parents are listed; the leave dialog says what stays with whom.
  await theirs.goto('/dashboard/family');
  await expect(theirs.getByText(owner.emailAddress)).toBeVisible();
  await theirs.getByRole('button', { name: 'Leave this family' }).click();
  const leave = theirs.getByRole('dialog', { name: 'Leave this family?' });
  await expect(leave).toContainText('stay with Imani Okonkwo');
  await expectNoAxeViolationsInEveryTheme(theirs, 'leave family dialog', { noSidewaysScroll: true });
  await leave.getByRole('button', { name: 'Stay in the family' }).click();

  // The director removes the other parent from the family's staff page.
  const me = await request.get('/api/UserAuthentication/Me', { headers: bearer(owner.token) });
  const ownerId = (await me.json()).id as string;
  const office = await browser.newContext();
  const staffPage = await office.newPage();
  await storeTokenBeforeLoad(staffPage, await tokenFor(request, DIRECTOR));
  await staffPage.goto(`/staff/families/${ownerId}`);
  await staffPage.getByRole('button', { name: 'Remove Chidi Okonkwo from the family' }).click();
  const remove = staffPage.getByRole('dialog', { name: 'Remove Chidi Okonkwo from the family?' });
  await expect(remove).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(staffPage, 'remove from family dialog', { noSidewaysScroll: true });
  await remove.getByRole('button', { name: 'Remove from family' }).click();
  await expect(staffPage.getByText('Chidi Okonkwo no longer shares this family.')).toBeVisible();
  await expect(staffPage.getByRole('button', { name: 'Remove Chidi Okonkwo from the family' })).toHaveCount(
    0,
  );

  const children = await request.get('/api/Student', {
    headers: bearer(await theirs.evaluate(() => localStorage.getItem('token') ?? '')),
  });
  expect(await children.json()).toEqual([]);
  await context.close();
  await office.close();
});
