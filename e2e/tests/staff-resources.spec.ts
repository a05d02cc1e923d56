/**
 * A session's files and links in the browser (issue 10 "Sessions and programs"): on a session's edit page the
 * director uploads a session picture and a PDF, adds two links, moves one up, hides one from families; a
 * refused file and a non-web address are said by their fields with focus on them. The family of an enrolled
 * child sees the shown ones in that order on their session page and downloads the PDF through its link; the
 * edit page with resources passes axe in light and dark at 390 and 1280 px, without sideways scroll.
 */
import { createParent, type TestParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

/** A 1×1 PNG and the smallest PDF a reader opens. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A session open for registration now, made through the API; answers its id. */
async function createSession(request: APIRequestContext, token: string, name: string) {
  const res = await request.post('/api/ClassSession', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      description: 'Mornings of stories, paint and garden play.',
      sessionStartDate: day(30),
      sessionEndDate: day(90),
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      registrationPrice: 20_000,
      rosterSize: 6,
      isActive: true,
      registrationStartDate: new Date(Date.now() - 86_400_000).toISOString(),
      registrationEndDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A new family with a 4-year-old enrolled and paid in session `id` through the test checkout. */
async function enrolledFamily(request: APIRequestContext, id: number): Promise<TestParent> {
  const parent = await createParent(request, { firstName: 'Amara', lastName: 'Osei' });
  const auth = { authorization: `Bearer ${parent.token}` };
  const born = new Date();
  born.setMonth(born.getMonth() - 50);
  const child = await request.post('/api/Student', {
    headers: auth,
    data: { firstName: 'Kofi', lastName: 'Osei', dateOfBirth: born.toISOString().slice(0, 10) },
  });
  expect(child.status()).toBe(201);
  const hold = await request.post('/api/ClassSessionEnrollment', {
    headers: auth,
    data: { classSessionId: id, studentIds: [((await child.json()) as { id: string }).id] },
  });
  expect(hold.status(), await hold.text()).toBe(201);
  const checkout = new URL(((await hold.json()) as { checkoutUrl: string }).checkoutUrl).pathname;
  const paid = await request.post(`${checkout}/pay`, { form: { pay: '1' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return parent;
}

/** Choose `file` in the Mantine file input labelled `label` (it opens the browser's file chooser). */
async function chooseFile(
  page: Page,
  label: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
}

const resourceList = (page: Page) =>
  page.getByRole('region', { name: 'Files and links for families' }).getByRole('list').first();

test('the director adds a picture, a PDF and links, reorders and hides one; the enrolled family sees the rest in order', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenFor(request, DIRECTOR);
  const name = `Story Garden ${Date.now()}`;
  const id = await createSession(request, token, name);
  const parent = await enrolledFamily(request, id);

  await storeTokenBeforeLoad(page, token);
  await openPage(page, `/staff/sessions/${id}/edit`, `Edit ${name}`);

  // The session's picture.
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText('Choose a picture to upload.')).toBeVisible();
  await chooseFile(page, 'Upload a new picture', { name: 'garden.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  const picture = page.getByRole('img', { name: `The picture families see for ${name}` });
  await expect(picture).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Picture' })).toHaveValue(/^\/api\/files\/thumbnails\//);
  const session = await (await request.get(`/api/ClassSession/${id}`)).json();
  expect(session.thumbnail).toBe(await picture.getAttribute('src'));

  const region = page.getByRole('region', { name: 'Files and links for families' });
  await expect(region.getByText('No files or links yet.')).toBeVisible();

  // A text file named .pdf is refused by its content; the message sits by the file input, which has focus.
  const upload = region.getByRole('form', { name: 'Upload a file' });
  await chooseFile(page, 'File', {
    name: 'note.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('hello'),
  });
  await upload.getByRole('button', { name: 'Upload file' }).click();
  await expect(upload.getByText('Choose a PDF or a picture (JPEG, PNG or WebP) under 20 MB.')).toBeVisible();
  await expect(upload.getByRole('button', { name: 'File', exact: true })).toBeFocused();

  await chooseFile(page, 'File', { name: 'Welcome packet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload.getByRole('textbox', { name: 'Name' }).fill('Welcome packet');
  await upload.getByRole('textbox', { name: 'Description (optional)' }).fill('Read before the first day.');
  await upload.getByRole('button', { name: 'Upload file' }).click();
  await expect(resourceList(page).getByRole('listitem')).toHaveCount(1);

  // A link: a non-web address is refused by its field, which gets focus.
  const link = region.getByRole('form', { name: 'Add a link' });
  await link.getByRole('textbox', { name: 'Name' }).fill('Songs we sing');
  await link.getByRole('textbox', { name: 'Web address' }).fill('javascript:alert(1)');
  await link.getByRole('button', { name: 'Add link' }).click();
  await expect(link.getByText('Enter a web address starting with https:// (or http://)')).toBeVisible();
  await expect(link.getByRole('textbox', { name: 'Web address' })).toBeFocused();
  await link.getByRole('textbox', { name: 'Web address' }).fill('https://songs.example.com/circle-time');
  await link.getByRole('button', { name: 'Add link' }).click();
  await expect(resourceList(page).getByRole('listitem')).toHaveCount(2);
  await link.getByRole('combobox', { name: 'Kind' }).selectOption('Video');
  await link.getByRole('textbox', { name: 'Name' }).fill('Last year’s garden');
  await link.getByRole('textbox', { name: 'Web address' }).fill('https://video.example.com/garden');
  await link.getByRole('button', { name: 'Add link' }).click();
  await expect(resourceList(page).getByRole('listitem')).toHaveCount(3);

  // Reorder: the song link goes first; focus stays on the moved item's button.
  const moveUp = page.getByRole('button', { name: 'Move Songs we sing up' });
  await moveUp.click();
  await expect(resourceList(page).getByRole('listitem').first()).toContainText('Songs we sing');
  await expect(page.getByRole('button', { name: 'Move Songs we sing down' })).toBeFocused();
  await expect(resourceList(page).getByRole('listitem').nth(1)).toContainText('Welcome packet');

  // Hide the video from families.
  const shown = page.getByRole('switch', { name: 'Shown to families: Last year’s garden' });
  await expect(shown).toBeChecked();
  // By the keyboard: the switch's input is drawn under its track, and a forced click can land outside the
  // viewport while the page settles.
  await shown.focus();
  await page.keyboard.press('Space');
  await expect(shown).not.toBeChecked();
  await expect(resourceList(page).getByRole('listitem').nth(2)).toContainText('Hidden');

  // Edit a name in the dialog.
  await page.getByRole('button', { name: 'Edit Welcome packet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Welcome packet' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Welcome packet for families');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(resourceList(page).getByRole('listitem').nth(1)).toContainText('Welcome packet for families');

  // The family's session page: the shown ones, in the director's order; the PDF downloads.
  const family = await browser.newContext();
  const familyPage = await family.newPage();
  await storeTokenBeforeLoad(familyPage, parent.token);
  await openPage(familyPage, `/dashboard/sessions/${id}`, name);
  const resources = familyPage.getByRole('region', { name: 'Resources' });
  const items = resources.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Songs we sing');
  await expect(items.nth(1)).toContainText('Welcome packet for families');
  await expect(resources).not.toContainText('Last year’s garden');
  const download = resources.getByRole('link', { name: 'Download Welcome packet for families' });
  await expect(download).toHaveAttribute('download', 'Welcome packet.pdf');
  const href = (await download.getAttribute('href'))!;
  const file = await request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  expect((await file.body()).equals(PDF)).toBe(true);
  // Without the signature, the same address opens nothing.
  expect((await request.get(href.split('?')[0]!)).status()).toBe(404);
  await family.close();
});

test('the session edit page with files and links has no axe violations in light and dark at 390 and 1280 px', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // a page and a dialog, each scanned four times
  const token = await tokenFor(request, DIRECTOR);
  const name = `Paint Studio ${Date.now()}`;
  const id = await createSession(request, token, name);
  const auth = { authorization: `Bearer ${token}` };
  const pdf = await request.post(`/api/staff/sessions/${id}/resources`, {
    headers: auth,
    multipart: {
      name: 'A long handout name that wraps on a phone: what to bring on the first day',
      file: { name: 'first-day.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(pdf.status()).toBe(201);
  const hidden = await request.post(`/api/staff/sessions/${id}/resources`, {
    headers: auth,
    data: { type: 'Video', name: 'Painting with sponges', url: 'https://video.example.com/sponges' },
  });
  expect(hidden.status()).toBe(201);
  const videoId = ((await hidden.json()) as { id: number; name: string }[]).find(
    (r) => r.name === 'Painting with sponges',
  )!.id;
  await request.put(`/api/staff/resources/${videoId}`, {
    headers: auth,
    data: { name: 'Painting with sponges', description: null, isActive: false },
  });
  const thumb = await request.post(`/api/staff/sessions/${id}/thumbnail`, {
    headers: auth,
    multipart: { file: { name: 'studio.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(thumb.status()).toBe(200);

  await storeTokenBeforeLoad(page, token);
  await openPage(page, `/staff/sessions/${id}/edit`, `Edit ${name}`);
  await expect(resourceList(page).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('img', { name: `The picture families see for ${name}` })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'session edit with resources', { noSidewaysScroll: true });
  await page.getByRole('button', { name: /^Edit Painting with sponges/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Painting with sponges' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'edit resource dialog');
});
