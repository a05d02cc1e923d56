/**
 * The public forms end to end: the contact form (and its schedule-a-tour variant) and the tutoring waitlist
 * form, from the browser to the stored row and the mail written for the center's staff.
 *
 * The row check runs when the server uses a PostgreSQL server (TEST_DATABASE_URL). On embedded PGlite the
 * database is inside the server process, so the mail file stands in for it: the server queues the mail in
 * the same transaction as the row, so a written mail proves the row was committed.
 */

import { openPage, uniqueMarker } from '../support/app.ts';
import { CENTER_EMAIL } from '../support/env.ts';
import { queryServerDatabase, serverDatabaseUrl, waitForMail } from '../support/fixtures.ts';
import { expect, type Page, test } from '../support/test.ts';

/** One header of a raw .eml message (headers end at the first blank line; folded lines are unfolded). */
function mailHeader(mail: string, name: string): string | undefined {
  const head = mail.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Record every request the page makes to `path`, to prove that an invalid form sends nothing. */
function recordPosts(page: Page, path: string): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) posts.push(request.url());
  });
  return posts;
}

/** The toast (Mantine notification) that says `text`, and where it sits on the screen. */
async function expectToastAtTopCenter(page: Page, text: string | RegExp) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      if (!box) return null;
      return { centred: Math.abs(box.x + box.width / 2 - viewport.width / 2) <= 2, nearTop: box.y < 120 };
    })
    .toEqual({ centred: true, nearTop: true });
}

type ContactValues = { firstName: string; lastName: string; email: string; message: string };

async function fillContactForm(page: Page, values: ContactValues) {
  await page.getByRole('textbox', { name: 'First name' }).fill(values.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(values.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(values.email);
  await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill('(650) 555-0123');
  await page.getByRole('textbox', { name: 'Child’s name (optional)' }).fill('Maya');
  await page.getByRole('textbox', { name: 'Message' }).fill(values.message);
}

test.describe('contact form', () => {
  test('submitted empty: a message by each required field, focus on the first invalid field, nothing sent', async ({
    page,
  }) => {
    const posts = recordPosts(page, '/api/Contact');
    await openPage(page, '/contact', 'Contact Us');
    await page.getByRole('button', { name: 'Send message' }).click();

    const firstName = page.getByRole('textbox', { name: 'First name' });
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('Please specify your first name');
    await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription(
      'Please specify your last name',
    );
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Email is required.',
    );
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      'Please tell us a little about what you are looking for',
    );
    // Optional fields stay quiet.
    await expect(page.getByRole('textbox', { name: 'Phone number (optional)' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // The messages are shown right below their fields.
    const fieldBox = (await firstName.boundingBox())!;
    const messageBox = (await page
      .getByText('Please specify your first name', { exact: true })
      .boundingBox())!;
    expect(messageBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height - 1);
    expect(messageBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(30);
    expect(Math.abs(messageBox.x - fieldBox.x)).toBeLessThan(20);

    expect(posts).toEqual([]);
  });

  test('an invalid email shows the spec message once the field is left, and focus goes to it on submit', async ({
    page,
  }) => {
    const posts = recordPosts(page, '/api/Contact');
    await openPage(page, '/contact', 'Contact Us');
    await page.getByRole('textbox', { name: 'First name' }).fill('Robin');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Okafor');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('robin-at-example');
    await page.getByRole('textbox', { name: 'Message' }).fill('Do you have room in the spring?');
    await email.focus();
    await email.blur();
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');

    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(email).toBeFocused();
    await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts).toEqual([]);
  });

  test('a valid message: success toast at top center, the form cleared, the row stored and the mail written', async ({
    page,
  }) => {
    const marker = uniqueMarker('contact');
    const lastName = `Tester${marker.slice(-6)}`;
    const email = `Parent.${marker}@Example.COM`;
    const message = `Hello from the browser tests. ${marker}`;

    await openPage(page, '/contact-us', 'Contact Us');
    // First an invalid submit, then the corrected values go through.
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please specify your first name', { exact: true })).toBeVisible();
    await fillContactForm(page, { firstName: 'Robin', lastName, email, message });
    const posted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/Contact' && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await posted).status()).toBe(204);

    await expectToastAtTopCenter(
      page,
      'Thank you! We received your message and will reply within one business day.',
    );
    for (const name of [
      'First name',
      'Last name',
      'Email',
      'Phone number (optional)',
      'Child’s name (optional)',
      'Message',
    ]) {
      await expect(page.getByRole('textbox', { name, exact: true })).toHaveValue('');
    }
    await expect(page.getByText('Please specify your first name', { exact: true })).toHaveCount(0);

    const mail = await waitForMail(marker);
    expect(mailHeader(mail, 'To')).toBe(CENTER_EMAIL);
    expect(mailHeader(mail, 'Reply-To')).toBe(email.toLowerCase());
    expect(mailHeader(mail, 'Subject')).toBe(`New message from Robin ${lastName}`);
    expect(mail).toContain('Phone: (650) 555-0123');

    if (serverDatabaseUrl()) {
      const rows = await queryServerDatabase<{
        email: string;
        first_name: string;
        phone_number: string;
        tour: boolean;
      }>('select email, first_name, phone_number, tour from contact_submissions where message = $1', [
        message,
      ]);
      expect(rows).toEqual([
        { email: email.toLowerCase(), first_name: 'Robin', phone_number: '+16505550123', tour: false },
      ]);
    }
  });

  test('the tour variant sends a Tour request mail and stores the submission as a tour', async ({ page }) => {
    const marker = uniqueMarker('tour');
    const lastName = `Visitor${marker.slice(-6)}`;
    const message = `Tuesday mornings work best. ${marker}`;
    await openPage(page, '/contact?tour=true', 'Schedule a Tour');
    await fillContactForm(page, {
      firstName: 'Alex',
      lastName,
      email: `alex.${marker}@example.com`,
      message,
    });
    await page.getByRole('button', { name: 'Request a tour' }).click();
    await expectToastAtTopCenter(
      page,
      'Thank you! We will be in touch within one business day to set up your tour.',
    );
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    const mail = await waitForMail(marker);
    expect(mailHeader(mail, 'Subject')).toBe(`Tour request from Alex ${lastName}`);
    expect(mailHeader(mail, 'To')).toBe(CENTER_EMAIL);
    expect(mailHeader(mail, 'Reply-To')).toBe(`alex.${marker}@example.com`);

    if (serverDatabaseUrl()) {
      const rows = await queryServerDatabase<{ tour: boolean }>(
        'select tour from contact_submissions where message = $1',
        [message],
      );
      expect(rows).toEqual([{ tour: true }]);
    }
  });

  test('a field error from the server is shown by its field and focused', async ({ page }) => {
    await page.route('**/api/Contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Bad Request',
          message: 'Please check the highlighted fields.',
          fields: { email: 'This address cannot receive mail' },
          requestId: 'e2e',
        }),
      }),
    );
    await openPage(page, '/contact', 'Contact Us');
    await fillContactForm(page, {
      firstName: 'Robin',
      lastName: 'Okafor',
      email: 'robin@example.com',
      message: 'A question about the spring session.',
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveAccessibleDescription('This address cannot receive mail');
    await expect(email).toBeFocused();
    // The form keeps what was typed, and no success toast appears.
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'A question about the spring session.',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'Thank you!' })).toHaveCount(0);
  });
});

test.describe('tutoring waitlist form', () => {
  test('submitted empty: a message by each required field and nothing sent', async ({ page }) => {
    const posts = recordPosts(page, '/api/Contact/Waitlist');
    await openPage(page, '/tutoring-waitlist', 'Tutoring Waitlist');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByRole('textbox', { name: 'Your name' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveAccessibleDescription(
      'Please tell us your name',
    );
    await expect(page.getByRole('combobox', { name: 'Grade' })).toHaveAccessibleDescription(
      'Please choose your child’s grade (K to 6)',
    );
    await expect(page.getByRole('combobox', { name: 'Subject' })).toHaveAccessibleDescription(
      'Please choose a subject',
    );
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Email is required.',
    );
    expect(posts).toEqual([]);
  });

  test('a valid submission: success toast, the form cleared and a Tutoring waitlist mail written', async ({
    page,
  }) => {
    const marker = uniqueMarker('tutoring');
    const child = `Sam${marker.slice(-6)}`;
    const message = `Loves maths puzzles. ${marker}`;
    await openPage(page, '/tutoring-waitlist', 'Tutoring Waitlist');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Jordan Lee');
    await page.getByRole('textbox', { name: 'Child’s name' }).fill(child);
    await page.getByRole('combobox', { name: 'Grade' }).selectOption({ label: 'Grade 2' });
    await page.getByRole('combobox', { name: 'Subject' }).selectOption('Math');
    await page.getByRole('textbox', { name: 'Email' }).fill(`Jordan.${marker}@Example.com`);
    await page.getByRole('textbox', { name: 'Phone number' }).fill('650-555-0177');
    await page.getByRole('textbox', { name: 'Anything we should know?' }).fill(message);
    await page.getByRole('button', { name: 'Join the waitlist' }).click();

    await expectToastAtTopCenter(
      page,
      'Thank you! Your child is on the tutoring waitlist. We will contact you before the program opens.',
    );
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Grade' })).toHaveValue('');

    const mail = await waitForMail(marker);
    expect(mailHeader(mail, 'Subject')).toBe(`Tutoring waitlist: ${child} (Grade 2, Math)`);
    expect(mailHeader(mail, 'To')).toBe(CENTER_EMAIL);
    expect(mailHeader(mail, 'Reply-To')).toBe(`jordan.${marker}@example.com`);

    if (serverDatabaseUrl()) {
      const rows = await queryServerDatabase<{ grade: string; email_address: string; phone_number: string }>(
        'select grade, email_address, phone_number from tutoring_waitlist_submissions where message = $1',
        [message],
      );
      expect(rows).toEqual([
        { grade: '2', email_address: `jordan.${marker}@example.com`, phone_number: '+16505550177' },
      ]);
    }
  });
});
