/**
 * Configuration: environment variables → one typed, validated object, read once at boot (main.ts is the
 * only file that touches process.env). A bad setting stops start-up with one line naming it.
 * Every variable is listed, with its default, in the README's configuration table and in .env.example.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EnvSchema } from './config-env.ts';

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
  /** What statements print of the center (issue 23): its name, postal address and EIN (unset: not on file yet). */
  center: { name: string; address: string; ein: string | undefined };
  /** When the center answers families' messages (issue 25): "HH:MM" on the center's clock. */
  messageHours: { from: string; until: string };
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
  /** How many days the day's photos are kept after upload before the background round deletes them (issue 25). */
  photoRetentionDays: number;
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
  /**
   * Web push (issue 25, decision 034): the VAPID key pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or
   * undefined: one made once into `${dataDir}/vapid-keys.json` (adapters/push.ts `loadVapidKeys`).
   */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The VAPID `sub` claim: VAPID_SUBJECT, else `mailto:` the center's address (CENTER_EMAIL). */
  vapidSubject: string;
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
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration — VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: a pair is made once in DATA_DIR)',
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
    center: { name: e.CENTER_NAME, address: e.CENTER_ADDRESS, ein: e.CENTER_EIN },
    messageHours: {
      from: e.CENTER_MESSAGE_HOURS.slice(0, 5),
      until: e.CENTER_MESSAGE_HOURS.slice(6),
    },
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
    photoRetentionDays: e.PHOTO_RETENTION_DAYS,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.CENTER_EMAIL.toLowerCase()}`,
    apple,
    google,
  };
}
