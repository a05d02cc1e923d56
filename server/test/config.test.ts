import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

/** `npm start` on the embedded database runs with NODE_ENV=development unless told otherwise (scripts/start.mjs). */
const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', ...env }, '/srv/center');

describe('configuration at boot', () => {
  it('runs on the embedded database with demo content when nothing is set', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      appUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toBe('/srv/center/data');
  });

  it('leaves demo content off on a PostgreSQL server unless SEED_DEMO asks for it', () => {
    const url = 'postgres://center@db.example:5432/learning_center';
    expect(load({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(load({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(load({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db.example/center' }, 'DATABASE_URL: must be a postgres:// URL'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ CENTER_EMAIL: 'office' }, 'CENTER_EMAIL: must be an email address'],
    [{ CENTER_TIMEZONE: 'Mars/Olympus' }, 'CENTER_TIMEZONE: must be an IANA time zone'],
    [{ APP_URL: 'ftp://center.example' }, 'APP_URL'],
  ])('stops start-up with one line naming the bad setting (%o)', (env, named) => {
    let error: unknown;
    try {
      load(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(named);
    expect(message).not.toContain('\n');
  });

  it('builds mail links from APP_URL without a trailing slash', () => {
    expect(load({ APP_URL: 'https://brightoak.example/' }).appUrl).toBe('https://brightoak.example');
  });

  it('refuses to start a production server without Stripe keys unless the test checkout is asked for', () => {
    // A deployment that forgot its keys must not let anyone "pay" with the test form (issue 21 item 9).
    expect(() => load({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY.*TEST_CHECKOUT=true/);
    expect(() => loadConfig({}, '/srv/center')).toThrow(/NODE_ENV=production/);
    expect(() => load({ NODE_ENV: 'production', TEST_CHECKOUT: 'false' })).toThrow(ConfigError);
    expect(load({ NODE_ENV: 'production', TEST_CHECKOUT: 'true' }).stripe).toBeUndefined();
    const paid = load({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(paid.stripe?.secretKey).toBe('sk_live_abc');
    expect(load({ NODE_ENV: 'development' }).stripe).toBeUndefined();
  });

  it('takes the test checkout and sms.log unless Stripe and Twilio are fully configured', () => {
    const plain = load({});
    expect(plain).toMatchObject({
      stripe: undefined,
      twilio: undefined,
      checkoutHoldMinutes: 30,
      waitlistOfferHours: 48,
    });
    const stripe = load({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
    expect(stripe.stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      apiBase: undefined,
    });
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
    expect(() => load({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => load({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x' })).toThrow(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together',
    );
    expect(() =>
      load({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '650-555-0100' }),
    ).toThrow(/TWILIO_FROM: must be an E\.164/);
    expect(() => load({ CHECKOUT_HOLD_MINUTES: '0' })).toThrow(ConfigError);
  });

  it('turns Apple Wallet on only with all its settings, and names a pass file it cannot read', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-apple-config-'));
    try {
      const files = { APPLE_PASS_CERT: 'cert.pem', APPLE_PASS_KEY: 'key.pem', APPLE_WWDR_CERT: 'wwdr.pem' };
      for (const [name, file] of Object.entries(files))
        await writeFile(path.join(dir, file), `PEM of ${name}`);
      const full = {
        APPLE_PASS_TYPE_ID: 'pass.com.brightoak.pickup',
        APPLE_TEAM_ID: 'A1B2C3D4E5',
        APPLE_PASS_CERT: path.join(dir, 'cert.pem'),
        APPLE_PASS_KEY: path.join(dir, 'key.pem'),
        APPLE_WWDR_CERT: path.join(dir, 'wwdr.pem'),
      };
      expect(load({}).apple).toBeUndefined();
      expect(load(full).apple).toMatchObject({
        passTypeId: 'pass.com.brightoak.pickup',
        signerCert: 'PEM of APPLE_PASS_CERT',
        signerKey: 'PEM of APPLE_PASS_KEY',
        wwdr: 'PEM of APPLE_WWDR_CERT',
        apnsUrl: 'https://api.push.apple.com',
      });
      const { APPLE_TEAM_ID: _team, ...partial } = full;
      expect(() => load(partial)).toThrow(
        'the APPLE_* pass settings must be set together; missing APPLE_TEAM_ID',
      );
      expect(() => load({ ...full, APPLE_PASS_KEY: path.join(dir, 'missing.pem') })).toThrow(
        `APPLE_PASS_KEY: cannot read the file ${path.join(dir, 'missing.pem')}`,
      );
      expect(load({ PASS_VALID_DAYS: '200' }).passValidDays).toBe(200);
      expect(() => load({ PASS_VALID_DAYS: '0' })).toThrow(/PASS_VALID_DAYS/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
