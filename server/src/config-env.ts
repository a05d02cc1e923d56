/**
 * The settings as environment variables: one zod schema naming each variable, its type and its default, with
 * the message a bad value stops start-up with. `loadConfig` (config.ts) parses the environment with it and
 * turns the result into the typed `Config`. Every variable is in the README's configuration table too.
 */
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), hint);

const OPTIONAL_TEXT = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z
    .string()
    .optional()
    .refine(
      (v) => !v || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
      'must be an http(s) URL like https://center.example',
    ),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// URL'),
  SEED_DEMO: bool(true).optional(),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('Bright Oak Learning Center <hello@brightoaklearning.com>'),
  CENTER_EMAIL: z.email('must be an email address').default('hello@brightoaklearning.com'),
  /** The center's name and postal address as statements print them (issue 23). */
  CENTER_NAME: z.string().min(2).default('Bright Oak Learning Center'),
  CENTER_ADDRESS: z.string().min(5).default('1482 Alameda de las Pulgas, Redwood City, CA 94061'),
  /** When the center answers families' messages (issue 25), "HH:MM-HH:MM" on the center's clock. */
  CENTER_MESSAGE_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'Use hours like 08:00-18:00.')
    .default('08:00-18:00'),
  /** The center's employer identification number for year-end childcare statements (IRS Form 2441): 12-3456789. */
  CENTER_EIN: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || /^\d{2}-\d{7}$/.test(v), 'must be an EIN like 12-3456789'),
  CENTER_TIMEZONE: z
    .string()
    .default('America/Los_Angeles')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone like America/Los_Angeles'),
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool(false),
  JWT_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || v.length >= 32,
      'must be at least 32 characters (e.g. `openssl rand -base64 48`)',
    ),
  SESSION_HOURS: z.coerce
    .number()
    .min(0.1)
    .max(24 * 30)
    .default(12),
  ADMIN_EMAIL: z
    .string()
    .optional()
    .transform((v) => (v ? v.trim().toLowerCase() : undefined))
    .refine((v) => v === undefined || z.email().safeParse(v).success, 'must be an email address'),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 12, 'must be at least 12 characters'),
  CHECKOUT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  WAITLIST_OFFER_HOURS: z.coerce
    .number()
    .min(0.1)
    .max(24 * 14)
    .default(48),
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || /^(sk|rk)_(test|live)_/.test(v),
      'must be a Stripe secret key (sk_test_… or sk_live_…)',
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || v.startsWith('whsec_'),
      'must be a Stripe webhook signing secret (whsec_…)',
    ),
  /**
   * The built-in test checkout (no card is charged, no money moves) when Stripe is not configured. Outside
   * production it is on by itself; with NODE_ENV=production it must be asked for (issue 21 item 9).
   */
  TEST_CHECKOUT: bool(false).optional(),
  /** `http://127.0.0.1:12111` style: send Stripe API calls to a local fake (tests). */
  STRIPE_API_BASE: optionalUrl(/^https?:$/, 'must be an http(s) URL'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  TWILIO_AUTH_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  TWILIO_FROM: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || /^\+[1-9]\d{6,14}$/.test(v),
      'must be an E.164 phone number like +16505550100',
    ),
  WEB_DIST: z.string().optional(),
  /** Session files in an S3-compatible bucket (issue 10) when all five are set; else `${DATA_DIR}/files`. */
  FILES_S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  FILES_S3_ENDPOINT: optionalUrl(
    /^https?:$/,
    'must be an http(s) URL like https://s3.us-west-2.amazonaws.com',
  ),
  FILES_S3_REGION: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  FILES_S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  FILES_S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Pickup passes (issue 11): how many days a pass works before the family must issue it again. */
  PASS_VALID_DAYS: z.coerce.number().int().min(1).max(800).default(365),
  PHOTO_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Apple Wallet passes: all six (passphrase optional) or none. The PEM paths are read at boot. */
  APPLE_PASS_TYPE_ID: OPTIONAL_TEXT,
  APPLE_TEAM_ID: OPTIONAL_TEXT,
  APPLE_PASS_CERT: OPTIONAL_TEXT,
  APPLE_PASS_KEY: OPTIONAL_TEXT,
  APPLE_PASS_KEY_PASSPHRASE: OPTIONAL_TEXT,
  APPLE_WWDR_CERT: OPTIONAL_TEXT,
  /** `https://127.0.0.1:port` style: send APNs pushes to a local fake (tests). Default: Apple's production APNs. */
  APPLE_APNS_URL: optionalUrl(/^https:$/, 'must be an https URL'),
  /** Google Wallet passes: both or none. */
  GOOGLE_WALLET_ISSUER_ID: OPTIONAL_TEXT,
  GOOGLE_WALLET_SERVICE_ACCOUNT: OPTIONAL_TEXT,
  /** `http://127.0.0.1:port` style: send Wallet REST and token calls to a local fake (tests). */
  GOOGLE_WALLET_API_BASE: optionalUrl(/^https?:$/, 'must be an http(s) URL'),
  /**
   * Web push (issue 25, decision 034): the VAPID key pair, both or none (none: a pair made once into
   * `${DATA_DIR}/vapid-keys.json`). The public key is the uncompressed P-256 point (65 bytes), the private
   * key the 32-byte scalar, both base64url as `npx web-push generate-vapid-keys` prints them.
   */
  VAPID_PUBLIC_KEY: OPTIONAL_TEXT.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{87}$/.test(v),
    'must be a VAPID public key: 87 base64url characters, as `npx web-push generate-vapid-keys` prints it',
  ),
  VAPID_PRIVATE_KEY: OPTIONAL_TEXT.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v),
    'must be a VAPID private key: 43 base64url characters, as `npx web-push generate-vapid-keys` prints it',
  ),
  /** Who push services may contact about our pushes (RFC 8292 `sub`): `mailto:` or `https:`. */
  VAPID_SUBJECT: OPTIONAL_TEXT.refine(
    (v) => v === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v),
    'must be a mailto: address or an https: URL, like mailto:hello@brightoaklearning.com',
  ),
});
