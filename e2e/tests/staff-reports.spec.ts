/**
 * The director's reports in the browser (issue 24, "Reports with charts"): a report over the demo's past year
 * (which no other test writes into) draws its chart, shows the same figures in its table, and downloads a CSV
 * of exactly that table; a range that ends before it begins is told by its field with focus there; a teacher
 * is told the reports are the director's. Axe in light and dark at 1280 and 390 px, with a totals row, and
 * with the empty state; the page never scrolls sideways.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { bearer, newTeacher } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

/** The first day of the month `back` months before this one, and the last day of last month ("YYYY-MM-DD"). */
function pastYear(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const lastOfLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: lastOfLastMonth.toISOString().slice(0, 10) };
}

test('a report draws its chart, shows the same figures in its table, and downloads exactly that table', async ({
  page,
  request,
}) => {
  test.slow(); // one page scanned six times
  const director = await tokenFor(request, DIRECTOR);
  await storeTokenBeforeLoad(page, director);
  const { from, to } = pastYear();
  await openPage(page, `/staff/reports?report=inquiries&from=${from}&to=${to}`, 'Reports');
  await expect(page.getByRole('tab', { name: 'Inquiries', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Inquiries' })).toBeVisible();
  const chart = page.getByRole('img', { name: /^Chart: Inquiries, / });
  await expect(chart).toBeVisible();
  // Recharts drew a bar for the months' inquiries (the demo's year has some every month).
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();

  const table = page.getByRole('table', { name: /^Inquiries, / });
  const onScreen = await table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => (c.textContent ?? '').trim())),
    );
  expect(onScreen[0]).toEqual(['Month', 'New', 'Replied', 'Toured', 'Enrolled']);
  expect(onScreen).toHaveLength(1 + 11 + 1); // header, eleven months, the total
  expect(onScreen.at(-1)![0]).toBe('Total');

  // The page's figures are the API's (the chart is drawn from the same rows).
  const api = await request.get(`/api/staff/reports/inquiries?from=${from}&to=${to}`, {
    headers: bearer(director),
  });
  const report = await api.json();
  const total = report.totals.received as number;
  expect(total).toBeGreaterThan(0);
  expect(onScreen.at(-1)![1]).toBe(String(total));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`inquiries-${from}-to-${to}.csv`);
  const csv = parse(await readFile((await file.path())!, 'utf8')) as string[][];
  expect(csv).toEqual(onScreen);

  await expectNoAxeViolationsInEveryTheme(page, 'reports (inquiries)', { noSidewaysScroll: true });
});

test('a range that ends before it begins is told by its field, and an empty range says what to do', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/reports?report=revenue', 'Reports');
  await expect(page.getByRole('table', { name: /^Revenue by month, / })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('2026-06-30');
  await page.getByLabel('To', { exact: true }).fill('2026-06-01');
  await page.getByRole('button', { name: 'Show' }).click();
  const to = page.getByLabel('To', { exact: true });
  await expect(page.getByText('The last day must be on or after the first day.')).toBeVisible();
  await expect(to).toBeFocused();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  expect(new URL(page.url()).searchParams.get('to')).toBeNull();

  await page.getByRole('tab', { name: 'Occupancy by session' }).click();
  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2001-02-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(/^Nothing to count from January 1, 2001 to February 1, 2001\./)).toBeVisible();
  await expect(page).toHaveURL(/report=occupancy&from=2001-01-01&to=2001-02-01/);
  await expectNoAxeViolationsInEveryTheme(page, 'reports (empty)', { widths: [1280] });
});

test('a teacher is told the reports are the director’s, and the sidebar does not offer them', async ({
  page,
  request,
}) => {
  const teacher = await newTeacher(request, await tokenFor(request, DIRECTOR));
  await storeTokenBeforeLoad(page, await tokenFor(request, teacher.login));
  await page.goto('/staff/reports?report=revenue');
  await expect(page.getByText('Reports are the director’s')).toBeVisible();
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Reports' }),
  ).toHaveCount(0);
});
