/**
 * The page chrome: the remembered light/dark theme (spec §1, §9), the header that turns solid with a
 * shadow past 38 px of scroll (spec §1, §4, §9), the left drawer on small screens (spec §2) and the
 * keyboard path into the page.
 */

import { openPage, readLocalStorage, siteHeader } from '../support/app.ts';
import { useTheme } from '../support/fixtures.ts';
import { expect, type Page, test } from '../support/test.ts';

const HOME_HEADLINE = 'A one-of-a-kind learning center';

function colorScheme(page: Page) {
  return page.locator('html');
}

/** The page's computed background colour, as the visitor sees it. */
function bodyBackground(page: Page) {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/** Relative luminance (0 black … 1 white) of a CSS rgb()/rgba() colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const channel = (c = 0) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

test.describe('theme', () => {
  test('defaults to light, even when the operating system prefers dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openPage(page, '/', HOME_HEADLINE);
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.8);
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    expect(await readLocalStorage(page, 'themeMode')).not.toBe('dark');
  });

  test('switching to dark stores themeMode = dark in localStorage and survives a reload', async ({
    page,
  }) => {
    await openPage(page, '/', HOME_HEADLINE);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect.poll(() => readLocalStorage(page, 'themeMode')).toBe('dark');
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.1);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: HOME_HEADLINE })).toBeVisible();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.1);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    // And on another page of the site, in a fresh load.
    await openPage(page, '/faq', 'Frequently Asked Questions');
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('switching back to light stores themeMode = light and survives a reload', async ({ page }) => {
    await openPage(page, '/testimonials', 'Testimonials');
    await page.evaluate(() => window.localStorage.setItem('themeMode', 'dark'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect.poll(() => readLocalStorage(page, 'themeMode')).toBe('light');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.8);
  });

  test('the remembered theme is applied on the sign-in pages too', async ({ page }) => {
    await useTheme(page, 'dark');
    await openPage(page, '/login', 'Login');
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.1);
  });
});

test.describe('header on scroll', () => {
  test('is transparent without a shadow at the top, and solid with a shadow once scrolled past 38 px', async ({
    page,
  }) => {
    await openPage(page, '/', HOME_HEADLINE);
    const header = siteHeader(page);
    const style = () =>
      header.evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, shadow: s.boxShadow, position: s.position };
      });

    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect.poll(style).toEqual({ background: 'rgba(0, 0, 0, 0)', shadow: 'none', position: 'sticky' });

    await scrollTo(page, 200);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(async () => (await style()).shadow).not.toBe('none');
    await expect.poll(async () => (await style()).background).toBe(await bodyBackground(page));
    // Still at the top of the viewport (sticky), over the content.
    expect((await header.boundingBox())?.y).toBe(0);

    await scrollTo(page, 0);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect.poll(style).toEqual({ background: 'rgba(0, 0, 0, 0)', shadow: 'none', position: 'sticky' });
  });

  test('the threshold is 38 px: transparent at exactly 38 px, solid at 39 px', async ({ page }) => {
    await openPage(page, '/', HOME_HEADLINE);
    const header = siteHeader(page);
    await scrollTo(page, 38);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await scrollTo(page, 39);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await scrollTo(page, 38);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('is solid in the dark theme too once scrolled', async ({ page }) => {
    await useTheme(page, 'dark');
    await openPage(page, '/our-philosophy', 'Our Philosophy');
    const header = siteHeader(page);
    await scrollTo(page, 200);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect
      .poll(async () => luminance(await header.evaluate((el) => getComputedStyle(el).backgroundColor)))
      .toBeLessThan(0.1);
    await expect
      .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe('rgba(0, 0, 0, 0)');
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header links are hidden and a menu button opens a left drawer with Home plus the header links', async ({
    page,
  }) => {
    await openPage(page, '/', HOME_HEADLINE);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Enroll Now' })).toBeHidden();

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();

    const drawer = page.getByRole('dialog', { name: 'Bright Oak Learning Center' });
    await expect(drawer).toBeVisible();
    const menu = drawer.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Our Philosophy',
      'Testimonials',
      'FAQ',
      'Contact',
      'Student Portal',
      'Enroll Now',
    ]);
    const hrefs = await menu
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/',
      '/our-philosophy',
      '/testimonials',
      '/faq',
      '/contact',
      '/dashboard',
      '/sessions',
    ]);

    // It slides in from the left edge and is narrower than the screen.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? { x: Math.round(box.x), narrower: box.width < 390 } : null;
      })
      .toEqual({ x: 0, narrower: true });
  });

  test('choosing a link in the drawer navigates there and closes the drawer', async ({ page }) => {
    await openPage(page, '/', HOME_HEADLINE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Bright Oak Learning Center' });
    await drawer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    await drawer.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: HOME_HEADLINE })).toBeVisible();
  });

  test('the drawer closes with its close button and with Escape', async ({ page }) => {
    await openPage(page, '/testimonials', 'Testimonials');
    const drawer = page.getByRole('dialog', { name: 'Bright Oak Learning Center' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/testimonials');
  });
});

test.describe('keyboard', () => {
  test('the first Tab reaches a Skip to content link that moves focus to the main content', async ({
    page,
  }) => {
    await openPage(page, '/faq', 'Frequently Asked Questions');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('Tab from the top goes through the brand link, the header links, the language and the theme in order', async ({
    page,
  }) => {
    await openPage(page, '/', HOME_HEADLINE);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Bright Oak Learning Center' }),
    ).toBeFocused();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Our Philosophy', 'Testimonials', 'FAQ', 'Contact', 'Student Portal']) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Enroll Now' })).toBeFocused();
    // The language switch (issue 14) sits between Enroll Now and the theme switch.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Español' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
