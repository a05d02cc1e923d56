/**
 * Apple Wallet adapter (issue 11). PLACEHOLDER until the Apple Wallet work lands: see the helper task.
 */
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { PassContent } from '../wallets.ts';

export type AppleWallet = {
  /** The signed `.pkpass` archive of `content` (passkit-generator). */
  build(content: PassContent): Promise<Buffer>;
  /** Send the empty APNs push to every device registered for these passes (best-effort, logs failures). */
  notify(passportIds: string[]): Promise<void>;
  /** A short-lived signed link (path + query, on our origin) that downloads the `.pkpass` of `serialNumber`. */
  downloadLink(serialNumber: string, now: Date): Promise<string>;
};

export function createAppleWallet(_deps: {
  config: Config;
  apple: NonNullable<Config['apple']>;
  database: Database;
  log: (msg: string) => void;
}): AppleWallet {
  throw new Error('Apple Wallet is not built yet');
}
