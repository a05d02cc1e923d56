/**
 * A device's name for its owner's list (issue 25 "On the phone"; decision 034): the browser and the system
 * read from the `User-Agent` it subscribed with, by bowser ("Chrome" on "Android", "Safari" on "iPhone"; a
 * home-screen app on iOS 16.4+ says what Safari says). Names are products, the same in every language; the
 * page joins them ("Chrome on Android", "Chrome en Android").
 */
import Bowser from 'bowser';

/** Shorter names for the browsers people read them as. */
const BROWSERS: Readonly<Record<string, string>> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
};

/** `{ browser, system }` of a user agent; "Browser" and "Device" for what cannot be told (or no user agent). */
export function deviceLabel(userAgent: string | undefined): { browser: string; system: string } {
  if (!userAgent?.trim()) return { browser: 'Browser', system: 'Device' };
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name ?? '';
  const browser = BROWSERS[name] ?? (name || 'Browser');
  const os = parsed.os.name ?? '';
  const model = parsed.platform.model;
  let system = os || 'Device';
  if (os === 'iOS') system = model === 'iPad' ? 'iPad' : 'iPhone';
  else if (os === 'macOS') system = parsed.platform.type === 'tablet' ? 'iPad' : 'Mac';
  return { browser: browser.slice(0, 60), system: system.slice(0, 60) };
}
