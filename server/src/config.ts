/**
 * Configuration: environment variables → one typed, validated object, read once at boot (main.ts is the
 * only file that touches process.env). A bad setting stops start-up with one line naming it.
 * Every variable is listed, with its default, in the README's configuration table and in .env.example.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
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

const EnvSchema = z.object({
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
});

const APPLE_KEYS = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_TEAM_ID',
  'APPLE_PASS_CERT',
  'APPLE_PASS_KEY',
  'APPLE_WWDR_CERT',
] as const;

/** The contents of the file at `file` (relative to the repository), or a ConfigError naming `name`. */
function readSettingFile(name: string, file: string, repoRoot: string): string {
  try {
    return readFileSync(path.resolve(repoRoot, file), 'utf8');
  } catch {
    throw new ConfigError(`Invalid configuration — ${name}: cannot read the file ${file}`);
  }
}

const FILES_S3_KEYS = [
  'FILES_S3_BUCKET',
  'FILES_S3_ENDPOINT',
  'FILES_S3_REGION',
  'FILES_S3_ACCESS_KEY_ID',
  'FILES_S3_SECRET_ACCESS_KEY',
] as const;

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public origin used to build links in mail; never taken from a request's Host header. */
  appUrl: string;
  dataDir: string;
  /** Absent → embedded PGlite persisted in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Load demo content into an empty database. */
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The staff inbox that receives contact and waitlist forms. */
  centerEmail: string;
  /** IANA zone of the center; "today" and session dates are read in it. */
  timeZone: string;
  /** Public form submissions allowed per client IP per 10 minutes. */
  formRateLimit: number;
  /** New accounts allowed per client IP per hour. */
  signupRateLimit: number;
  logLevel: string;
  trustProxy: boolean;
  /** HS256 signing secret for session tokens; absent → generated once into `${dataDir}/jwt-secret` (auth/secret.ts). */
  jwtSecret: string | undefined;
  /** Lifetime of a session token, in hours (OWASP ASVS 3.3.2 level 2: re-authenticate at least every 12 h). */
  sessionHours: number;
  /** With adminPassword: an Admin account created or updated at start. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** How long a checkout holds its seats, minutes (Stripe's minimum checkout lifetime is 30). */
  checkoutHoldMinutes: number;
  /** How long a waitlist offer of a freed seat lasts, hours. */
  waitlistOfferHours: number;
  /**
   * Stripe Checkout when both keys are set; otherwise the built-in test checkout, which a production server
   * runs only when TEST_CHECKOUT=true says so (loadConfig refuses to start otherwise).
   */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** SMS through Twilio when all three are set; otherwise appended to `${dataDir}/sms.log`. */
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /** Folder of the built SPA (web/dist). */
  webDist: string;
  /**
   * Uploaded session files (thumbnails, resources) in an S3-compatible bucket when all five FILES_S3_*
   * settings are given; undefined → files under `${dataDir}/files` (adapters/storage.ts).
   */
  filesS3:
    | { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  /** Days a pickup pass works after it is issued (PASS_VALID_DAYS, default 365). */
  passValidDays: number;
  /**
   * Apple Wallet (issue 11) when APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY and
   * APPLE_WWDR_CERT are set: the PEM texts were read at boot. Pushes to APNs use the pass certificate.
   */
  apple:
    | {
        passTypeId: string;
        teamId: string;
        /** PEM of the Pass Type ID certificate. */
        signerCert: string;
        /** PEM of its private key. */
        signerKey: string;
        signerKeyPassphrase: string | undefined;
        /** PEM of Apple's WWDR G4 intermediate. */
        wwdr: string;
        /** APNs origin, `https://api.push.apple.com` unless APPLE_APNS_URL says otherwise. */
        apnsUrl: string;
      }
    | undefined;
  /** Google Wallet (issue 11) when GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT are set. */
  google:
    | {
        issuerId: string;
        /** The service account key JSON, parsed (client_email, private_key, …). */
        serviceAccount: { client_email: string; private_key: string; [key: string]: unknown };
        /** Wallet REST origin (tests point it at a fake); undefined → Google's. */
        apiBase: string | undefined;
      }
    | undefined;
};

export class ConfigError extends Error {}

/**
 * Parse the environment. Throws ConfigError whose message is one line per bad setting:
 * `PORT: Invalid input: expected number` style, naming the variable to fix.
 */
export function loadConfig(env: Record<string, string | undefined>, repoRoot: string): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration — ${lines.join('; ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration — ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration — STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  // A production server without Stripe keys would let anyone "pay" with the test form: it starts only when
  // the test checkout is asked for by name (issue 21 item 9; README "Settings").
  if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY && e.TEST_CHECKOUT !== true) {
    throw new ConfigError(
      'Invalid configuration — STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are needed with NODE_ENV=production, so that families pay by card; to run the built-in test checkout instead, where no card is charged and no money moves, set TEST_CHECKOUT=true',
    );
  }
  const twilioSet = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean).length;
  if (twilioSet !== 0 && twilioSet !== 3) {
    throw new ConfigError(
      'Invalid configuration — TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together',
    );
  }
  const missingS3 = FILES_S3_KEYS.filter((key) => !e[key]);
  if (missingS3.length !== 0 && missingS3.length !== FILES_S3_KEYS.length) {
    throw new ConfigError(
      `Invalid configuration — the FILES_S3_* settings must be set together; missing ${missingS3.join(', ')}`,
    );
  }
  const missingApple = APPLE_KEYS.filter((key) => !e[key]);
  if (missingApple.length !== 0 && missingApple.length !== APPLE_KEYS.length) {
    throw new ConfigError(
      `Invalid configuration — the APPLE_* pass settings must be set together; missing ${missingApple.join(', ')}`,
    );
  }
  if (Boolean(e.GOOGLE_WALLET_ISSUER_ID) !== Boolean(e.GOOGLE_WALLET_SERVICE_ACCOUNT)) {
    throw new ConfigError(
      'Invalid configuration — GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT must be set together',
    );
  }
  const apple =
    e.APPLE_PASS_TYPE_ID && e.APPLE_TEAM_ID && e.APPLE_PASS_CERT && e.APPLE_PASS_KEY && e.APPLE_WWDR_CERT
      ? {
          passTypeId: e.APPLE_PASS_TYPE_ID,
          teamId: e.APPLE_TEAM_ID,
          signerCert: readSettingFile('APPLE_PASS_CERT', e.APPLE_PASS_CERT, repoRoot),
          signerKey: readSettingFile('APPLE_PASS_KEY', e.APPLE_PASS_KEY, repoRoot),
          signerKeyPassphrase: e.APPLE_PASS_KEY_PASSPHRASE,
          wwdr: readSettingFile('APPLE_WWDR_CERT', e.APPLE_WWDR_CERT, repoRoot),
          apnsUrl: (e.APPLE_APNS_URL ?? 'https://api.push.apple.com').replace(/\/+$/, ''),
        }
      : undefined;
  let google: Config['google'];
  if (e.GOOGLE_WALLET_ISSUER_ID && e.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    const text = readSettingFile('GOOGLE_WALLET_SERVICE_ACCOUNT', e.GOOGLE_WALLET_SERVICE_ACCOUNT, repoRoot);
    let key: unknown;
    try {
      key = JSON.parse(text);
    } catch {
      key = undefined;
    }
    const account = key as { client_email?: unknown; private_key?: unknown } | undefined;
    if (typeof account?.client_email !== 'string' || typeof account.private_key !== 'string') {
      throw new ConfigError(
        'Invalid configuration — GOOGLE_WALLET_SERVICE_ACCOUNT: must be a service account key JSON with client_email and private_key',
      );
    }
    google = {
      issuerId: e.GOOGLE_WALLET_ISSUER_ID,
      serviceAccount: account as NonNullable<Config['google']>['serviceAccount'],
      apiBase: e.GOOGLE_WALLET_API_BASE?.replace(/\/+$/, ''),
    };
  }
  const port = e.PORT;
  return {
    nodeEnv: e.NODE_ENV,
    port,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // Demo content is on by default for the embedded database, off for a real server (issue 2).
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    centerEmail: e.CENTER_EMAIL.toLowerCase(),
    timeZone: e.CENTER_TIMEZONE,
    formRateLimit: e.FORM_RATE_LIMIT,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    jwtSecret: e.JWT_SECRET,
    sessionHours: e.SESSION_HOURS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    checkoutHoldMinutes: e.CHECKOUT_HOLD_MINUTES,
    waitlistOfferHours: e.WAITLIST_OFFER_HOURS,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'web/dist'),
    filesS3:
      e.FILES_S3_BUCKET &&
      e.FILES_S3_ENDPOINT &&
      e.FILES_S3_REGION &&
      e.FILES_S3_ACCESS_KEY_ID &&
      e.FILES_S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.FILES_S3_BUCKET,
            endpoint: e.FILES_S3_ENDPOINT,
            region: e.FILES_S3_REGION,
            accessKeyId: e.FILES_S3_ACCESS_KEY_ID,
            secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    passValidDays: e.PASS_VALID_DAYS,
    apple,
    google,
  };
}
