/**
 * Configuration: environment variables → one typed, validated object, read once at boot (main.ts is the
 * only file that touches process.env). A bad setting stops start-up with one line naming it.
 * Every variable is listed, with its default, in the README's configuration table and in .env.example.
 */
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
});

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
  /** Stripe Checkout when both are set; otherwise the built-in test checkout. */
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
  };
}
