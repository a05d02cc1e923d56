/**
 * The services every feature reaches through AppContext (app-context.ts), declared below the features so that
 * the context imports no feature (issue 22, docs/architecture.md "Layers"). The feature that owns a service
 * builds it, and its factory answers the type declared here: Registration in features/enrollment/registration.ts,
 * Wallets in features/passes/wallets.ts (the adapters under features/passes/apple|google/), PhotoStore in
 * features/passes/photos.ts, SessionTokens in features/auth/session-tokens.ts, PushNotifier in
 * features/push/deliver.ts.
 */
import type { TokenClaims, UserType } from '@lc/contract';
import type { TestCheckoutProvider } from './adapters/payments/test-checkout.ts';
import type { PaymentProvider } from './adapters/payments/types.ts';
import type { PushOptions, PushPayload } from './adapters/push.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';

/**
 * The registration use cases' settings and payment providers: enrollment, checkout, fulfillment and the
 * waitlist (docs/architecture.md "Registration domain", "Checkout", "Waitlist").
 */
export type Registration = {
  db: Db;
  database: Database;
  clock: Clock;
  /** The center's IANA time zone. */
  timeZone: string;
  /** The public origin that links in mail point to. */
  appUrl: string;
  /** How long a waitlist offer holds its seat, hours. */
  waitlistOfferHours: number;
  /** How long a checkout holds its seats, minutes. */
  checkoutHoldMinutes: number;
  /** The provider that takes new checkouts: Stripe when configured, else the built-in test checkout. */
  provider: PaymentProvider;
  /** Providers by `payments.provider` ('stripe', 'test'), for payments made earlier. */
  providers: Partial<Record<string, PaymentProvider>>;
  /** The built-in test checkout (its pages serve only payments it made). */
  testCheckout: TestCheckoutProvider;
  /** Web push to the family's devices (a failed automatic payment, issue 25). */
  push: PushNotifier;
  /** Finishes a free (nothing to pay) enrollment through the same path as a paid one. */
  fulfillFree: (paymentId: string) => Promise<void>;
  log: (message: string) => void;
};

/** Everything a wallet needs to draw one pass. */
export type PassContent = {
  passportId: string;
  /** The pass's serial number (a uuid; not a secret, not the credential). */
  serialNumber: string;
  /** The QR code's message: the canonical 26-character credential. */
  credential: string;
  /** The PassKit `authenticationToken` of this serial number. */
  authenticationToken: string;
  /** The adult who carries the pass. */
  holderName: string;
  /** Who the adult is to the family ("Grandmother", "Parent"). */
  relationship: string;
  /** The children the adult may pick up, first name then last name. */
  children: { firstName: string; lastName: string }[];
  expiresAt: Date;
  /** When what the pass shows last changed (PassKit Last-Modified). */
  updatedAt: Date;
  /** True when the pass no longer works at the door: revoked, expired, contact inactive or not allowed to pick up. */
  voided: boolean;
  /** The adult's photo (JPEG or PNG bytes), when one was uploaded. */
  photo: { bytes: Buffer; mimeType: string } | undefined;
};

/** The wallet adapters that the configuration turns on (issue 11). */
export type Wallets = {
  apple: AppleWallet | undefined;
  google: GoogleWallet | undefined;
};

/** Apple Wallet: signed `.pkpass` archives, their update pushes and download links. */
export type AppleWallet = {
  /** The signed `.pkpass` archive of `content` (passkit-generator). */
  build(content: PassContent): Promise<Buffer>;
  /** Send the empty APNs push to every device registered for these passes (best-effort, logs failures). */
  notify(passportIds: string[]): Promise<void>;
  /** A short-lived signed link (path + query, on our origin) that downloads the `.pkpass` of `serialNumber`. */
  downloadLink(serialNumber: string, now: Date): Promise<string>;
  /**
   * True when `signature` is the one {@link AppleWallet.downloadLink} made for `serialNumber` and `expires`
   * (unix seconds), and `expires` has not passed at `now`. Compared in constant time.
   */
  verifyDownload(serialNumber: string, expires: number, signature: string, now: Date): Promise<boolean>;
  /** Close the APNs connection, if one was opened. Call once when the app closes; notify() does nothing after. */
  close(): Promise<void>;
};

/** Google Wallet: generic pass objects and their save links. */
export type GoogleWallet = {
  /** Create or update the generic object of `content` through the Wallet REST API, then answer the
   *  "Save to Google Wallet" URL: `https://pay.google.com/gp/v/save/<JWT signed RS256>` naming that object. */
  saveUrl(content: PassContent): Promise<string>;
  /** The REST resource URL of the pass's object (stored in `google_pass_url`; no secret in it). */
  objectUrl(serialNumber: string): string;
  /** Bring the object in line with `content`: PATCH state INACTIVE when voided (best-effort, logs failures). */
  sync(content: PassContent): Promise<void>;
};

/** Pickup adults' photos in the file storage (issue 11). */
export type PhotoStore = {
  /** The photo's bytes and media type, or undefined when the file is gone. */
  read(key: string): Promise<{ bytes: Buffer; mimeType: string } | undefined>;
  /**
   * Delete the photo files `keys` that no pass holds any more. Call after the change that let go of them has
   * committed. Never throws: a file left behind by a failed delete is the sweep's.
   */
  discard(keys: readonly string[]): Promise<void>;
};

/** The user a session token is issued to. */
export type SessionUser = {
  id: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  type: UserType;
  tokenVersion: number;
};

/** Issues and verifies session tokens (JWT). */
export type SessionTokens = {
  /**
   * A signed token for `user` naming session `sessionId`, valid for the configured number of hours from `now`.
   * Call it through sessions.ts `startSession`, which first keeps the session's row.
   */
  issue: (user: SessionUser, sessionId: string, now: Date) => Promise<string>;
  /** The instant a token issued at `now` expires (its `exp`, whole seconds). */
  expiresAt: (now: Date) => Date;
  /** The verified claims, or the reason the token is refused. Never throws. */
  verify: (token: string, now: Date) => Promise<{ claims: TokenClaims } | { error: 'expired' | 'invalid' }>;
};

/** The server's background round: the tasks run on an interval (jobs/worker.ts; docs/architecture.md, Background work). */
export type BackgroundWork = {
  /** Run every task once, now (coalesced with a round already in progress). */
  runNow: () => Promise<void>;
  /**
   * Run `job` after the current request has been answered, then a round (so its mail goes out). Used
   * where the reply must not depend on the work, e.g. a password reset request answers the same, in the
   * same time, whether or not the address has an account (OWASP Forgot Password Cheat Sheet). Failures
   * are logged, never thrown.
   */
  defer: (name: string, job: () => Promise<unknown>) => void;
  /** Resolves when every deferred job has finished and the round it triggered is done (tests, shutdown). */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A web push notification for one person (issue 25 "On the phone", decision 034), built in their language
 * inside the transaction that caused it and delivered after the commit to each of their devices.
 */
export type PendingPush = { userId: string; payload: PushPayload } & PushOptions;

/** What one delivery did: the devices tried, those the push services took, removed as dead, and failed. */
export type PushDelivery = { devices: number; sent: number; removed: number; failed: number };

/** Web push to people's devices (features/push/deliver.ts). */
export type PushNotifier = {
  /** The VAPID public key (base64url) browsers subscribe with. */
  publicKey: string;
  /**
   * Send each push to every device of its person, a few at a time; a device the push service calls gone
   * (404, 410) is deleted, one failing five times in a row too. Call after the commit, outside any lock.
   * Never throws: failures are logged and counted.
   */
  deliver(pushes: readonly PendingPush[]): Promise<PushDelivery>;
};
