/**
 * Wallet copies of a pickup pass (issue 11, docs/architecture.md "Pickup passes and attendance"). The pass is the
 * `digital_passports` row; an Apple Wallet `.pkpass` and a Google Wallet object are views of it, offered only
 * when their settings are present (config.apple, config.google). The door never asks a wallet anything: a
 * revoked pass is refused by the server at once, and voiding the wallet copies afterwards is best-effort.
 * What a wallet draws is read by pass-content.ts.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Wallets } from '../../ports.ts';
import { createAppleWallet } from './apple/wallet.ts';
import { createGoogleWallet } from './google/wallet.ts';

export type { Wallets };

/** The wallet adapters that the configuration turns on. */
export function createWallets(config: Config, database: Database, log: (msg: string) => void): Wallets {
  return {
    apple: config.apple ? createAppleWallet({ config, apple: config.apple, database, log }) : undefined,
    google: config.google ? createGoogleWallet({ config, google: config.google, log }) : undefined,
  };
}
