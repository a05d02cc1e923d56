import { getAccount, saveAccountLanguage } from '../../api/auth.ts';
import { applyLanguage, chosenLanguage } from '../../i18n/i18n.ts';

/**
 * After signing in (issue 14, decision 015): a language the parent chose on this browser is saved on the
 * account (so their emails follow it); otherwise the site takes the account's language, e.g. a parent
 * who chose Spanish on their phone and signs in on a new laptop. Never throws: the page works either way.
 */
export async function syncLanguageAfterSignIn(): Promise<void> {
  const chosen = chosenLanguage();
  try {
    if (chosen) await saveAccountLanguage(chosen);
    else applyLanguage((await getAccount()).language, true);
  } catch {
    // Offline or signed out meanwhile: the browser's language stays.
  }
}
