/**
 * What every feature's routes receive: configuration, the database, adapters, the clock and background work.
 * A lower layer than the features: it imports none of them, only the service types of ports.ts.
 */
import type { Mailer } from './adapters/mail.ts';
import type { SmsSender } from './adapters/sms.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type {
  BackgroundWork,
  PhotoStore,
  PushNotifier,
  Registration,
  SessionTokens,
  Wallets,
} from './ports.ts';

export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  work: BackgroundWork;
  /** Issues and verifies session tokens (JWT). */
  tokens: SessionTokens;
  /** Enrollment, checkout, fulfillment and waitlist use cases with their payment providers. */
  registration: Registration;
  /** Text messages (Twilio, or DATA_DIR/sms.log). */
  sms: SmsSender;
  /** Apple and Google Wallet copies of pickup passes, when configured (issue 11). */
  wallets: Wallets;
  /** Pickup adults' photos in the file storage (issue 11). */
  passPhotos: PhotoStore;
  /** Web push to people's devices (issue 25 "On the phone", decision 034). */
  push: PushNotifier;
};
