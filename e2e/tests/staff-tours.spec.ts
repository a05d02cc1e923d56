/**
 * Tour times in the browser (issue 24, decision 028). The director publishes a tour time for late tonight on
 * the calendar page (a missing start time is told by its field, which takes focus); a family chooses it on
 * the schedule-a-tour form and is thanked with the time; the director finds the booking on the calendar,
 * opens the family's message, which shows the tour, and sees it on Today. Axe in light and dark at 1280 and
 * 390 px on the calendar's tour times, the form with its times, the message and Today.
 */
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { bearer, centerDate, laterTonight } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('tour').slice(-6);
const FAMILY = `Rowan${marker}`;

test.afterAll(async ({ request }) => {
  // The time goes, so the form of the tests that follow does not offer it.
  const director = await tokenFor(request, DIRECTOR);
  const list = await request.get('/api/staff/tour-slots', { headers: bearer(director) });
  const items = (
    (await list.json()) as { items: Array<{ id: string; bookings: Array<{ familyName: string }> }> }
  ).items;
  for (const slot of items)
    if (slot.bookings.some((b) => b.familyName.endsWith(FAMILY)))
      await request.delete(`/api/staff/tour-slots/${slot.id}`, { headers: bearer(director) });
});

test('the director publishes a tour time, a family books it, and the director sees it on the message and on Today', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // two forms, four pages and axe scans on each
  // Late tonight on the center's clock, still ahead of now, so it is a tour today on Today.
  const { time: TIME, shown: SHOWN } = await laterTonight(Number.parseInt(marker, 36));
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/calendar', 'Calendar');
  const tours = page.getByRole('region', { name: 'Tour times' });
  await tours.getByRole('button', { name: 'Publish a tour time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish a tour time' });
  await dialog.getByLabel('Day').fill(centerDate(0));
  // Nothing is published without a start time; the field says so and takes focus.
  const startsAt = dialog.getByLabel('Starts at');
  await startsAt.fill('');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(startsAt).toBeFocused();
  await expect(startsAt).toHaveAccessibleDescription(/Enter the start time like 10:00\./);
  await startsAt.fill(TIME);
  await dialog.getByLabel('Length').selectOption({ label: '45 minutes' });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  const row = tours.getByRole('row').filter({ hasText: `${SHOWN} – ` });
  await expect(row).toContainText('0 of 1 taken');
  await expect(row).toContainText('Free');
  await expectNoAxeViolationsInEveryTheme(page, 'calendar with tour times', { noSidewaysScroll: true });

  // A family chooses the time on the schedule-a-tour form, in a browser of their own.
  const family = await browser.newPage();
  await openPage(family, '/contact?tour=true', 'Schedule a Tour');
  const times = family.getByRole('group', { name: 'Choose a time for your tour' });
  const ours = times.getByRole('radio', { name: `${SHOWN} · 45 minutes` });
  await expect(ours).toBeVisible();
  await expect(
    times.getByRole('radio', { name: 'None of these times work — we will call you' }),
  ).toBeChecked();
  await expectNoAxeViolationsInEveryTheme(family, 'the schedule-a-tour form with its times', {
    noSidewaysScroll: true,
  });
  await family.getByRole('textbox', { name: 'First name' }).fill('Iris');
  await family.getByRole('textbox', { name: 'Last name' }).fill(FAMILY);
  await family.getByRole('textbox', { name: 'Email' }).fill(`iris.${marker}@example.com`);
  await family.getByRole('textbox', { name: 'Child’s name (optional)' }).fill('Wren');
  await family
    .getByRole('textbox', { name: 'Message' })
    .fill('Wren loves to paint; we would love to see the art corner.');
  await ours.check();
  await family.getByRole('button', { name: 'Request a tour' }).click();
  await expect(family.getByText(new RegExp(`Your tour is booked for .* at ${SHOWN}\\.`))).toBeVisible();
  await expect(times.getByRole('radio', { name: `${SHOWN} · 45 minutes` })).toHaveCount(0);
  await family.close();

  // The calendar names who booked; their message shows the tour.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(row).toContainText('1 of 1 taken');
  await row.getByRole('link', { name: `Iris ${FAMILY} (Wren)` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Iris ${FAMILY}` })).toBeVisible();
  const tour = page.getByRole('region', { name: 'The tour' });
  await expect(tour).toContainText(`${SHOWN} – `);
  await expect(tour).toContainText('The family gets a reminder email the day before.');
  await expectNoAxeViolationsInEveryTheme(page, 'a message with its tour', { noSidewaysScroll: true });

  // Today lists the tour with its time and the family, a link to the message.
  await openPage(page, '/staff', 'Today');
  const today = page.getByRole('region', { name: 'Tours today' });
  const item = today.getByRole('listitem').filter({ hasText: `Iris ${FAMILY}` });
  await expect(item).toContainText(`${SHOWN} – `);
  await expect(item).toContainText('with Wren');
  await expectNoAxeViolationsInEveryTheme(page, 'Today with a tour', { noSidewaysScroll: true });
  await item.getByRole('link', { name: `Iris ${FAMILY}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Iris ${FAMILY}` })).toBeVisible();
});
