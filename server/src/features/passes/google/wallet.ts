/**
 * Google Wallet adapter (issue 11). PLACEHOLDER until the Google Wallet work lands: see the helper task.
 */
import type { Config } from '../../../config.ts';
import type { PassContent } from '../wallets.ts';

export type GoogleWallet = {
  /** Create or update the generic object of `content` through the Wallet REST API, then answer the
   *  "Save to Google Wallet" URL: `https://pay.google.com/gp/v/save/<JWT signed RS256>` naming that object. */
  saveUrl(content: PassContent): Promise<string>;
  /** The REST resource URL of the pass's object (stored in `google_pass_url`; no secret in it). */
  objectUrl(serialNumber: string): string;
  /** Bring the object in line with `content`: PATCH state INACTIVE when voided (best-effort, logs failures). */
  sync(content: PassContent): Promise<void>;
};

export function createGoogleWallet(_deps: {
  config: Config;
  google: NonNullable<Config['google']>;
  log: (msg: string) => void;
}): GoogleWallet {
  throw new Error('Google Wallet is not built yet');
}
