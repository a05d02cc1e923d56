/**
 * Messages in the browser (issue 25; decision 032). Set up through the API: a room meeting every day, a teacher
 * of its own, a family with a child enrolled in it, and another family in no room of that teacher. The parent
 * writes from the portal; the teacher opens it on a phone-sized screen (390 px) and answers; the parent sees the
 * answer, the unread count in the navigation before opening, and "Seen by Priya" under their own message. The
 * other family's Messages page has none of it. Axe in light and dark at 1280 and 390 px on the family's page
 * (English and Spanish), the staff list and the conversation, with messages, a receipt and an edited message.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, enrollByHand, everyDaySession, newTeacher } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('msg').slice(-6);
const ROOM = `Hummingbird Room ${marker}`;
const QUESTION = `Could Lena bring her seed collection for sharing time on Friday? (${marker})`;
const ANSWER = 'Yes please! The children will love it — we will make space on the science table.';

test('a parent writes, the teacher answers from a phone, and the parent sees the answer and the receipt', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // three people, five pages, axe on each
  const director = await tokenFor(request, DIRECTOR);
  const roomId = await everyDaySession(request, director, ROOM);
  const teacher = await newTeacher(request, director);
  const taught = await request.put(`/api/staff/sessions/${roomId}/teachers`, {
    headers: bearer(director),
    data: { userIds: [teacher.userId] },
  });
  expect(taught.status()).toBe(200);
  const parent = await createParent(request, { firstName: 'Noor', lastName: `Haddad${marker}` });
  const lena = await addChild(request, parent, 'Lena');
  await enrollByHand(request, director, roomId, [lena]);
  const other = await createParent(request, { firstName: 'Omar', lastName: `Farah${marker}` });

  // The parent writes.
  await storeTokenBeforeLoad(page, parent.token);
  await openPage(page, '/dashboard/messages', 'Messages');
  await expect(
    page.getByText(/Who reads your messages: .*Priya Raman \(teacher, Hummingbird Room/),
  ).toBeVisible();
  const message = page.getByRole('textbox', { name: 'Message' });
  // Nothing to send: the field says so and keeps the focus.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(message).toBeFocused();
  await expect(message).toHaveAccessibleDescription(/Write a message or add a photo or PDF\./);
  await message.fill(QUESTION);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(QUESTION)).toBeVisible();
  await expect(message).toHaveValue('');

  // The teacher, on a phone, finds it in their Messages (the sidebar says one unread) and answers.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const teacherPage = await phone.newPage();
  const teacherLogin = await request.post('/api/UserAuthentication/Login', {
    data: { emailAddress: teacher.login.email, password: teacher.login.password },
  });
  await storeTokenBeforeLoad(teacherPage, (await teacherLogin.text()).replace(/^"|"$/g, ''));
  await openPage(teacherPage, '/staff/messages', 'Messages');
  const row = teacherPage.getByRole('row').filter({ hasText: `Haddad${marker}` });
  await expect(row).toContainText('Lena');
  await row.getByRole('link', { name: `Noor Haddad${marker}` }).click();
  await expect(teacherPage.getByRole('heading', { level: 1, name: `Noor Haddad${marker}` })).toBeVisible();
  await expect(teacherPage.getByText(QUESTION)).toBeVisible();
  // A teacher without the inbox answers but does not reassign.
  await expect(teacherPage.getByLabel('Assigned to')).toHaveCount(0);
  await teacherPage.getByRole('textbox', { name: 'Message' }).fill(ANSWER);
  await teacherPage.getByRole('textbox', { name: 'Message' }).press('Control+Enter');
  await expect(teacherPage.getByText(ANSWER)).toBeVisible();
  await expect
    .poll(() => teacherPage.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await expectNoAxeViolationsInEveryTheme(teacherPage, 'a staff conversation', { widths: [390, 1280] });
  await openPage(teacherPage, '/staff/messages', 'Messages');
  await expectNoAxeViolationsInEveryTheme(teacherPage, 'the staff’s messages list');
  await phone.close();

  // The parent: the navigation counts the answer, the page shows it and the teacher's receipt.
  await openPage(page, '/dashboard');
  await expect(page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'Messages, 1 unread' }).click();
  await expect(page.getByText(ANSWER)).toBeVisible();
  await expect(page.getByText(/Priya Raman · Teacher/)).toBeVisible();
  await expect(page.getByText('Seen by Priya')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Messages, 1 unread' })).toHaveCount(0, { timeout: 15_000 });

  // The parent fixes their own message within the window: it reads "edited".
  const mine = page.getByRole('article').filter({ hasText: QUESTION });
  await mine.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Your message' }).fill(`${QUESTION} She is very proud of it.`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'She is very proud of it.' })).toContainText(
    'edited',
  );
  await expectNoAxeViolationsInEveryTheme(page, 'the family’s messages', { noSidewaysScroll: true });

  // In Spanish.
  const spanish = await request.put('/api/UserAuthentication/Language', {
    headers: bearer(parent.token),
    data: { language: 'es' },
  });
  expect(spanish.status()).toBe(204);
  // This browser remembered English; the family now reads Spanish here too.
  await page.evaluate(() => window.localStorage.setItem('language', 'es'));
  await page.goto('/dashboard/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Visto por Priya')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'the family’s messages in Spanish', {
    noSidewaysScroll: true,
  });

  // Another family, in a browser of their own, sees nothing of it.
  const otherPage = await browser.newPage();
  await storeTokenBeforeLoad(otherPage, other.token);
  await openPage(otherPage, '/dashboard/messages', 'Messages');
  await expect(
    otherPage.getByText(/Write to the office and your children’s teachers\. We usually answer/),
  ).toBeVisible();
  await expect(otherPage.getByText(/seed collection|science table/)).toHaveCount(0);
  await expect(otherPage.getByText(/Priya Raman/)).toHaveCount(0);
  await otherPage.close();
});
