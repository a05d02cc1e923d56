/**
 * Parent accounts end to end (issue 3; spec §2, §4, §5, §8): each form's validation messages and toasts,
 * sign-up with the email confirmation link, login with return to the page the guard remembered, the
 * register link carrying `redirect`, a full password reset whose link is read from a mail received by a
 * real SMTP server, and logout. Mail travels over SMTP to support/smtp-sink.ts.
 */

import { createParent, DEMO_PARENT } from '../support/accounts.ts';
import {
  DEMO_SESSIONS,
  findSession,
  openPage,
  readLocalStorage,
  storeTokenBeforeLoad,
} from '../support/app.ts';
import { expectNoAxeViolations, useTheme, waitForMail } from '../support/fixtures.ts';
import { expect, type Page, test } from '../support/test.ts';

/** The link to `path` in a raw mail (quoted-printable soft breaks undone). */
function linkFrom(mail: string, path: string): string {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`http://localhost:\\d+(${path}/[A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${path} link in the mail:\n${text}`);
  return match[1];
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Focus and leave a field, so its "after touched" message may show (spec §5). */
async function touch(page: Page, name: string) {
  const field = page.getByRole('textbox', { name, exact: true });
  await field.focus();
  await field.blur();
}

test.describe('login', () => {
  test('shows the spec messages once fields are touched', async ({ page }) => {
    await openPage(page, '/login', 'Login');
    await touch(page, 'Email address');
    await expect(page.getByText('Email is required.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Email address' }).blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await touch(page, 'Password');
    await expect(page.getByText('Please specify your password')).toBeVisible();
  });

  test('a wrong password: the failure toast, the button usable again, no token', async ({ page }) => {
    await openPage(page, '/login', 'Login');
    await page.getByRole('textbox', { name: 'Email address' }).fill(DEMO_PARENT.emailAddress);
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Failed to login. Please check your credentials and try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(await readLocalStorage(page, 'token')).toBeNull();
  });

  test('the guard remembers the page: after logging in the parent is back on it', async ({ page }) => {
    await page.goto('/dashboard/my-students');
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard%2Fmy-students');
    await page.getByRole('textbox', { name: 'Email address' }).fill(DEMO_PARENT.emailAddress);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PARENT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Logged in successfully.')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/my-students');
    await expect(page.getByRole('heading', { level: 1, name: 'My students' })).toBeVisible();
    // The demo family's children (server/src/db/seed/demo.ts).
    await expect(page.getByRole('heading', { level: 2, name: 'Maya Avery' })).toBeVisible();
  });

  test('without a remembered page, login goes to /dashboard', async ({ page }) => {
    await openPage(page, '/login', 'Login');
    await page.getByRole('textbox', { name: 'Email address' }).fill(DEMO_PARENT.emailAddress.toUpperCase());
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PARENT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/dashboard');
  });
});

test.describe('register', () => {
  test('shows the spec messages once fields are touched', async ({ page }) => {
    await openPage(page, '/register', 'Create your account');
    await touch(page, 'First name');
    await expect(page.getByText('Please specify your first name')).toBeVisible();
    await page.getByRole('textbox', { name: 'First name' }).fill(' A ');
    await page.getByRole('textbox', { name: 'First name' }).blur();
    await expect(page.getByText('Please enter a valid name')).toBeVisible();
    await touch(page, 'Last name');
    await expect(page.getByText('Please specify your last name')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email address' }).fill('robin@');
    await page.getByRole('textbox', { name: 'Email address' }).blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password' }).fill('short');
    await page.getByRole('textbox', { name: 'Password' }).blur();
    await expect(page.getByText('The password should have at minimum length of 8')).toBeVisible();
  });

  test('from an enroll link: the register link carries redirect, sign-up returns there, and the emailed link confirms the address', async ({
    page,
    request,
  }) => {
    const winter = await findSession(request, DEMO_SESSIONS.winter);
    const enrollPath = `/sessions/${winter.id}/enroll`;
    await page.goto(enrollPath);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(enrollPath)}`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(`/register?redirect=${encodeURIComponent(enrollPath)}`);

    const email = `e2e-signup-${Date.now()}@families.example`;
    await page.getByRole('textbox', { name: 'First name' }).fill('Marisol');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Quintero');
    await page.getByRole('textbox', { name: 'Email address' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('hummingbird-garden');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      toast(page, 'Your account has been created. Please check your email to confirm.'),
    ).toBeVisible();
    await expect(page).toHaveURL(enrollPath);

    // The portal reminds the parent until the address is confirmed.
    await page.goto('/dashboard');
    const reminder = page.getByRole('alert').filter({ hasText: 'Please confirm your email address' });
    await expect(reminder).toContainText(email);

    const welcome = await waitForMail([`To: ${email}`, '/confirm-email/']);
    await page.goto(linkFrom(welcome, '/confirm-email'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your email address is confirmed' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go to the Student Portal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Marisol' })).toBeVisible();
    await expect(reminder).toHaveCount(0);
  });

  test('an address that already has an account: the failure toast, and the reason by the email field', async ({
    page,
  }) => {
    await openPage(page, '/register', 'Create your account');
    await page.getByRole('textbox', { name: 'First name' }).fill('Jordan');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Avery');
    await page.getByRole('textbox', { name: 'Email address' }).fill(DEMO_PARENT.emailAddress);
    await page.getByRole('textbox', { name: 'Password' }).fill('another-password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(toast(page, 'Failed to create your account. Please try again.')).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email address' });
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription(/already exists/);
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });

  test('the portal reminder can mail a fresh confirmation link', async ({ page, request }) => {
    const parent = await createParent(request, { firstName: 'Tomasz' });
    await storeTokenBeforeLoad(page, parent.token);
    await openPage(page, '/dashboard', 'Welcome, Tomasz');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(
      toast(page, `A new confirmation link is on its way to ${parent.emailAddress}.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Link sent — check your inbox' })).toBeDisabled();
    const mail = await waitForMail([
      `To: ${parent.emailAddress}`,
      'Subject: Please confirm your email address',
    ]);
    expect(linkFrom(mail, '/confirm-email')).toMatch(/^\/confirm-email\//);
  });
});

test.describe('password reset', () => {
  test('the request form: spec messages, then the success toast for any address', async ({ page }) => {
    await openPage(page, '/password-reset', 'Reset your password');
    await touch(page, 'Email address');
    await expect(page.getByText('Email is required.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email address' }).fill('nobody-here@families.example');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(toast(page, 'A password reset link has been sent to your email.')).toBeVisible();
  });

  test('a full reset through the mailed link: new password works, old one and old sessions do not', async ({
    page,
    request,
  }) => {
    const parent = await createParent(request, { firstName: 'Keiko' });
    await openPage(page, '/password-reset', 'Reset your password');
    await page.getByRole('textbox', { name: 'Email address' }).fill(parent.emailAddress);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(toast(page, 'A password reset link has been sent to your email.')).toBeVisible();

    const resetMail = await waitForMail([`To: ${parent.emailAddress}`, 'Subject: Reset your password']);
    const link = linkFrom(resetMail, '/password-reset');
    await openPage(page, link, 'Choose a new password');

    // spec §5: the repeat must match; on submit a mismatch also says 'Both passwords must match.'
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('willow-creek-path');
    await page.getByRole('textbox', { name: 'Repeat password', exact: true }).fill('willow-creek-pat');
    await page.getByRole('textbox', { name: 'Repeat password', exact: true }).blur();
    await expect(page.getByText('Passwords must match', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Both passwords must match.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Repeat password', exact: true }).fill('willow-creek-path');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Your password has been changed successfully. Please login.')).toBeVisible();
    await expect(page).toHaveURL('/login');

    // The session from before the reset is over.
    const me = await request.get('/api/UserAuthentication/Me', {
      headers: { authorization: `Bearer ${parent.token}` },
    });
    expect(me.status()).toBe(401);
    await waitForMail([`To: ${parent.emailAddress}`, 'Subject: Your password was changed']);

    await page.getByRole('textbox', { name: 'Email address' }).fill(parent.emailAddress);
    await page.getByRole('textbox', { name: 'Password' }).fill(parent.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Failed to login. Please check your credentials and try again.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password' }).fill('willow-creek-path');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Keiko' })).toBeVisible();

    // The link worked once; opened again it is refused, with a way to get a new one.
    await openPage(page, link, 'Choose a new password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('another-new-password');
    await page.getByRole('textbox', { name: 'Repeat password', exact: true }).fill('another-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Failed to change password. Please try again.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible();
  });
});

test.describe('logout', () => {
  test('Sign out clears the session and goes to /login; the portal is closed again', async ({
    page,
    request,
  }) => {
    const parent = await createParent(request, { firstName: 'Amara' });
    await storeTokenBeforeLoad(page, parent.token);
    await openPage(page, '/dashboard', 'Welcome, Amara');
    await page
      .getByRole('navigation', { name: 'Student portal' })
      .getByRole('link', { name: 'Sign out' })
      .click();
    await expect(page).toHaveURL('/login');
    expect(await readLocalStorage(page, 'token')).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
  });
});

test.describe('accessibility of the account screens', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the portal with the confirmation reminder and the confirmed page have no axe violations (${theme})`, async ({
      page,
      request,
    }) => {
      const parent = await createParent(request, { firstName: 'Noor' });
      await useTheme(page, theme);
      await storeTokenBeforeLoad(page, parent.token);
      await openPage(page, '/dashboard', 'Welcome, Noor');
      await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
      await expectNoAxeViolations(page, `/dashboard with reminder (${theme})`);

      await openPage(page, '/confirm-email/not-a-real-link', 'We could not confirm your email');
      await expectNoAxeViolations(page, `/confirm-email failure (${theme})`);
    });
  }
});
