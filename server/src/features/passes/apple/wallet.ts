/**
 * Apple Wallet adapter (issue 11): a pickup pass as a signed `.pkpass` of the generic style, its update pushes
 * and its short-lived download link.
 *
 * - The pass (https://developer.apple.com/documentation/walletpasses/pass) is built anew for every request
 *   with passkit-generator from a pass.json and images held in memory: no model folder on disk. It is signed
 *   (detached PKCS#7 over manifest.json) with the Pass Type ID certificate and key and Apple's WWDR
 *   intermediate from config.apple.
 * - Its `webServiceURL` is `${APP_URL}/api/passes/`: Wallet appends `v1/devices/…`, `v1/passes/…` and
 *   `v1/log` (routes.ts, https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes).
 * - When a pass changes, every device registered for it gets an empty push from APNs (@parse/node-apn over
 *   HTTP/2), signed in with the same pass certificate and key, topic = the pass type identifier
 *   (https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes#Send-a-Push-Notification).
 *   The device then asks the web service which passes changed and downloads them again.
 * - A family downloads the pass through a signed link that works for 15 minutes
 *   (`/api/passes/apple/<serial>.pkpass?expires=…&signature=…`), like the signed file links of
 *   resources/file-links.ts.
 * The pass's files are built by pkpass.ts (its images: pass-images.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Notification, Provider, type ProviderOptions } from '@parse/node-apn';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { passDevices, passRegistrations } from '../../../db/schema.ts';
import type { AppleWallet } from '../../../ports.ts';
import { loadSigningSecret } from '../../auth/session-tokens.ts';

import { buildPass } from './pkpass.ts';

export type { AppleWallet };

export type AppleWalletDeps = {
  config: Config;
  apple: NonNullable<Config['apple']>;
  database: Database;
  log: (msg: string) => void;
  /**
   * Extra certificate authorities (PEM) trusted for the APNs host, instead of Node's bundled roots. Only
   * tests need this: they point APPLE_APNS_URL at a local fake whose certificate their own CA issued.
   */
  apnsCa?: string[];
};

/** Where the signed download link points: `${DOWNLOAD_PREFIX}<serial>.pkpass`. */
export const DOWNLOAD_PREFIX = '/api/passes/apple/';

/** The file name a downloaded pass gets. */
export const DOWNLOAD_FILE_NAME = 'bright-oak-pickup-pass.pkpass';

/** The media type of a pass (https://developer.apple.com/documentation/walletpasses/distributing-and-updating-a-pass). */
export const PKPASS_TYPE = 'application/vnd.apple.pkpass';

/** How long a download link works, seconds. */
const LINK_SECONDS = 15 * 60;

/** Apple's production APNs host; pass update pushes only go through production. */
const APNS_PRODUCTION_HOST = 'api.push.apple.com';

/** How long close() waits for the APNs connection to close. */
const SHUTDOWN_WAIT_MS = 1000;

/** APNs's answer for a push token that is no longer valid for the topic. */
const APNS_UNREGISTERED = 410;

/**
 * node-apn leaves the request body out when the payload compiles to exactly `{}`
 * (https://github.com/parse-community/node-apn/issues/219), while Apple asks for "an empty JSON dictionary"
 * as the payload of a pass update (and APNs refuses an empty body with 400 PayloadEmpty). The same two
 * bytes, handed over as a Buffer, get past that comparison and are written as they are.
 */
class PassUpdateNotification extends Notification {
  compile(): string {
    return EMPTY_DICTIONARY as unknown as string;
  }
}

const EMPTY_DICTIONARY = Buffer.from('{}');

/**
 * The Apple Wallet adapter of `deps.apple`. Nothing is opened until used: the APNs connection is made by the
 * first notify() that has a device to push to, kept for later pushes, and closed by close().
 */
export function createAppleWallet(deps: AppleWalletDeps): AppleWallet {
  const { config, apple, database, log } = deps;
  let linkKey: Promise<Buffer> | undefined;
  let provider: Provider | undefined;
  let closed = false;

  const mac = async (serialNumber: string, expires: number) => {
    linkKey ??= loadSigningSecret(config.jwtSecret, config.dataDir).then((secret) =>
      createHmac('sha256', secret).update('lc:apple-pass-links:v1').digest(),
    );
    return createHmac('sha256', await linkKey)
      .update(`${serialNumber}\n${expires}`)
      .digest('base64url');
  };

  /** The APNs client, made on first use; undefined (logged) when the certificate or key cannot be used. */
  const apns = (): Provider | undefined => {
    if (provider || closed) return provider;
    const url = new URL(apple.apnsUrl);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const options: ProviderOptions = {
      cert: apple.signerCert,
      key: apple.signerKey,
      address: host,
      port: url.port ? Number(url.port) : 443,
      production: host === APNS_PRODUCTION_HOST,
    };
    if (apple.signerKeyPassphrase) options.passphrase = apple.signerKeyPassphrase;
    if (deps.apnsCa) options.ca = deps.apnsCa;
    try {
      provider = new Provider(options);
    } catch (error) {
      // node-apn checks the key against the certificate, its dates and its APNs environment extension.
      log(`Apple Wallet: cannot push pass updates with the pass certificate: ${(error as Error).message}`);
    }
    return provider;
  };

  /** Remove the devices whose push token APNs answered 410 Unregistered for, with their registrations. */
  const forgetTokens = async (tokens: string[]) => {
    if (tokens.length === 0) return;
    await database.db.transaction(async (tx) => {
      const devices = await tx
        .select({ id: passDevices.deviceLibraryIdentifier })
        .from(passDevices)
        .where(inArray(passDevices.pushToken, tokens));
      const ids = devices.map((d) => d.id);
      if (ids.length === 0) return;
      await tx.delete(passRegistrations).where(inArray(passRegistrations.deviceLibraryIdentifier, ids));
      await tx.delete(passDevices).where(inArray(passDevices.deviceLibraryIdentifier, ids));
    });
  };

  return {
    async build(content) {
      return buildPass(content, deps);
    },

    async notify(passportIds) {
      if (passportIds.length === 0 || closed) return;
      try {
        const rows = await database.db
          .selectDistinct({ pushToken: passDevices.pushToken })
          .from(passRegistrations)
          .innerJoin(
            passDevices,
            eq(passDevices.deviceLibraryIdentifier, passRegistrations.deviceLibraryIdentifier),
          )
          .where(inArray(passRegistrations.passportId, passportIds));
        if (rows.length === 0) return;
        const client = apns();
        if (!client) return;
        const note = new PassUpdateNotification();
        note.topic = apple.passTypeId;
        const result = await client.send(
          note,
          rows.map((r) => r.pushToken),
        );
        const gone: string[] = [];
        const failures = new Map<string, string[]>();
        for (const failure of result.failed) {
          if (failure.status === APNS_UNREGISTERED) {
            gone.push(failure.device);
            continue;
          }
          const why = [failure.status, failure.response?.reason ?? failure.error?.message ?? 'no answer']
            .filter(Boolean)
            .join(' ');
          failures.set(why, [...(failures.get(why) ?? []), failure.device]);
        }
        // One line per reason; push tokens are shortened to their last characters.
        for (const [why, tokens] of failures) {
          const some = tokens.slice(0, 3).map((token) => `…${String(token).slice(-8)}`);
          log(
            `Apple Wallet: ${tokens.length} update push(es) failed: ${why} (device tokens ${some.join(', ')}${tokens.length > 3 ? ', …' : ''})`,
          );
        }
        await forgetTokens(gone);
      } catch (error) {
        log(`Apple Wallet: update pushes failed: ${(error as Error).message}`);
      }
    },

    async downloadLink(serialNumber, now) {
      const expires = Math.floor(now.getTime() / 1000) + LINK_SECONDS;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: await mac(serialNumber, expires),
      });
      return `${DOWNLOAD_PREFIX}${encodeURIComponent(serialNumber)}.pkpass?${query}`;
    },

    async verifyDownload(serialNumber, expires, signature, now) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(await mac(serialNumber, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    async close() {
      closed = true;
      const client = provider;
      provider = undefined;
      if (!client) return;
      // node-apn's shutdown waits for `session.close()`'s callback, which never comes for a session that an
      // error already destroyed (a refused TLS handshake, a dropped connection): wait at most a moment then.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => client.shutdown(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
