import { chromium } from 'playwright';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
await page.goto('http://localhost:3400/login');
await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
await page.locator('input[name=emailAddress]').fill(process.argv[2]);
await page.locator('input[name=password]').fill(process.argv[3]);
await page.locator('form[aria-label=Login] button[type=submit]').click();
await page.waitForTimeout(4000);
console.log(page.url());
await page.screenshot({ path: '/tmp/lh/staff-list.png' });
await browser.close();
