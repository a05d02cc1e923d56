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
 *   (`/api/passes/apple/<serial>.pkpass?expires=…&signature=…`), like the signed file links of file-links.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { Notification, Provider, type ProviderOptions } from '@parse/node-apn';
import { eq, inArray } from 'drizzle-orm';
import { type Field, type PassProps, PKPass } from 'passkit-generator';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { passDevices, passRegistrations } from '../../../db/schema.ts';
import { namesIn } from '../../../i18n/family-mail.ts';
import { mailT } from '../../../i18n/mail-i18n.ts';
import type { AppleWallet, PassContent } from '../../../ports.ts';
import { loadSigningSecret } from '../../auth/session-tokens.ts';
import { groupCredential } from '../pass-keys.ts';

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

const CENTER_NAME = 'Bright Oak Learning Center';
/**
 * The center's door, where the pass shows on the lock screen: the same point as the site's map
 * (web/src/content/site.ts, `geo`).
 */
const CENTER_DOOR = { latitude: 37.4751, longitude: -122.2381 };
/**
 * The site's brand (web/src/theme.ts): oak.8 `#1d5c34` behind white text (8.0:1, the site's dark-theme
 * buttons), labels in honey.0 `#fff8eb`, a light cream.
 */
const COLORS = {
  background: 'rgb(29, 92, 52)',
  foreground: 'rgb(255, 255, 255)',
  label: 'rgb(255, 248, 235)',
};

/** Apple's production APNs host; pass update pushes only go through production. */
const APNS_PRODUCTION_HOST = 'api.push.apple.com';
/** How long close() waits for the APNs connection to close. */
const SHUTDOWN_WAIT_MS = 1000;
/** APNs's answer for a push token that is no longer valid for the topic. */
const APNS_UNREGISTERED = 410;

/** "Maya", "Maya and Leo", "Maya, Leo and Ana" (the family mails' English list). */
export const joinNames = (names: string[]): string => namesIn('en', names);

/** True when `bytes` start with the PNG signature. */
function isPng(bytes: Buffer): boolean {
  return bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** The pass.json of `content` (https://developer.apple.com/documentation/walletpasses/pass). */
function passJson(content: PassContent, deps: AppleWalletDeps): PassProps {
  const { config, apple } = deps;
  // English words on the pass; Wallet shows a Spanish-speaking phone the es.lproj ones (`spanishStrings`).
  const t = mailT('en');
  const children = joinNames(content.children.map((child) => child.firstName));
  const primaryFields: Field[] = [
    { key: 'holder', label: t('wallet.pickupAdult'), value: content.holderName },
  ];
  const secondaryFields: Field[] = [
    { key: 'children', label: t('wallet.mayPickUp'), value: children || t('wallet.noChildren') },
  ];
  const auxiliaryFields: Field[] = [
    {
      key: 'validUntil',
      label: t('wallet.validUntil'),
      value: content.expiresAt.toISOString(),
      dateStyle: 'PKDateStyleMedium',
      timeStyle: 'PKDateStyleNone',
    },
  ];
  const backFields: Field[] = [
    { key: 'howItWorks', label: t('wallet.howItWorksLabel'), value: t('wallet.howItWorks') },
    { key: 'revocation', label: t('wallet.revocationLabel'), value: t('wallet.revocation') },
    { key: 'contact', label: t('wallet.questions'), value: `${CENTER_NAME}: ${config.centerEmail}` },
  ];
  return {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeId,
    teamIdentifier: apple.teamId,
    serialNumber: content.serialNumber,
    authenticationToken: content.authenticationToken,
    // Wallet appends `v1/devices/…`, `v1/passes/…` and `v1/log` to this address (routes.ts).
    webServiceURL: `${config.appUrl}/api/passes/`,
    organizationName: CENTER_NAME,
    description: mailT('en')('wallet.description'),
    logoText: 'Bright Oak',
    backgroundColor: COLORS.background,
    foregroundColor: COLORS.foreground,
    labelColor: COLORS.label,
    // The pass is one adult's: Wallet offers no "share" for it.
    sharingProhibited: true,
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: content.credential,
        messageEncoding: 'iso-8859-1',
        altText: groupCredential(content.credential),
      },
    ],
    locations: [{ ...CENTER_DOOR, relevantText: mailT('en')('wallet.relevantText') }],
    expirationDate: content.expiresAt.toISOString(),
    ...(content.voided ? { voided: true } : {}),
    generic: { headerFields: [], primaryFields, secondaryFields, auxiliaryFields, backFields },
  };
}

/**
 * The pass's words in Spanish, as `es.lproj/pass.strings` (issue 14): Wallet looks each English text of
 * pass.json up there on a phone set to Spanish, so a grandmother who reads Spanish sees "Adulto que recoge"
 * whatever the language of the parent who issued the pass. The children's names, joined for this pass, are
 * one of the texts ("Maya and Leo" → "Maya y Leo").
 */
export function spanishStrings(content: PassContent): Record<string, string> {
  const [en, es] = [mailT('en'), mailT('es')];
  const keys = [
    'pickupAdult',
    'mayPickUp',
    'noChildren',
    'validUntil',
    'howItWorksLabel',
    'howItWorks',
    'revocationLabel',
    'revocation',
    'questions',
    'description',
    'relevantText',
  ] as const;
  const strings = Object.fromEntries(keys.map((key) => [en(`wallet.${key}`), es(`wallet.${key}`)]));
  const names = content.children.map((child) => child.firstName);
  if (names.length > 1) strings[joinNames(names)] = namesIn('es', names);
  return strings;
}

/**
 * Build and sign the pass. The adult's photo becomes the thumbnail only when it is a PNG: Wallet takes PNG
 * images only, and the server has no image converter, so a JPEG photo is left out (the pass works without it).
 */
function buildPass(content: PassContent, deps: AppleWalletDeps): Buffer {
  const { apple } = deps;
  const files: Record<string, Buffer> = {
    'pass.json': Buffer.from(JSON.stringify(passJson(content, deps))),
    ...images(),
  };
  if (content.photo && isPng(content.photo.bytes)) files['thumbnail.png'] = content.photo.bytes;
  const pass = new PKPass(files, {
    signerCert: apple.signerCert,
    signerKey: apple.signerKey,
    wwdr: apple.wwdr,
    ...(apple.signerKeyPassphrase ? { signerKeyPassphrase: apple.signerKeyPassphrase } : {}),
  });
  pass.localize('es', spanishStrings(content));
  // passkit-generator drops a pass.json that fails its schema with only a console warning; the pass then
  // has no style and getAsBuffer() throws. Say which pass it was.
  if (pass.types.length === 0) throw new Error(`Apple pass ${content.serialNumber}: pass.json was refused`);
  return pass.getAsBuffer();
}

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

// ---------------------------------------------------------------------------------------------------
// The pass's images, drawn once: the icon (29, 58 and 87 px: a rounded oak-green square with a cream
// acorn-cap dot) and the logo beside "Bright Oak" (50 and 100 px: a cream ring), as RGBA PNGs.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Rgba = readonly [number, number, number, number];
const GREEN: Rgba = [29, 92, 52, 255];
const CREAM: Rgba = [255, 248, 235, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

/** An RGBA PNG of `size`×`size` pixels whose pixel at (x, y) (centre-based, 0..1) is `paint(x, y)`. */
function png(size: number, paint: (x: number, y: number) => Rgba): Buffer {
  const row = size * 4 + 1;
  const raw = Buffer.alloc(row * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = paint((x + 0.5) / size, (y + 0.5) / size);
      raw.set([r, g, b, a], y * row + 1 + x * 4);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per sample, RGBA, deflate, no filter, not interlaced
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `color` with its alpha scaled by `coverage` (0..1), for soft edges. */
function cover(color: Rgba, coverage: number): Rgba {
  const c = Math.min(1, Math.max(0, coverage));
  return c === 0 ? CLEAR : [color[0], color[1], color[2], Math.round(color[3] * c)];
}

/** Signed distance (in units of the image) from (x, y) to a centred rounded square of half-side `half`. */
function roundedSquare(x: number, y: number, half: number, radius: number): number {
  const qx = Math.abs(x - 0.5) - (half - radius);
  const qy = Math.abs(y - 0.5) - (half - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function icon(size: number): Buffer {
  const edge = 1 / size;
  return png(size, (x, y) => {
    const dot = Math.hypot(x - 0.5, y - 0.5) - 0.2;
    if (dot < edge) return dot <= 0 ? CREAM : cover(CREAM, 1 - dot / edge);
    return cover(GREEN, -roundedSquare(x, y, 0.5, 0.22) / edge);
  });
}

function logo(size: number): Buffer {
  const edge = 1 / size;
  return png(size, (x, y) => {
    const d = Math.abs(Math.hypot(x - 0.5, y - 0.5) - 0.34) - 0.1;
    return cover(CREAM, -d / edge);
  });
}

let drawn: Record<string, Buffer> | undefined;
function images(): Record<string, Buffer> {
  drawn ??= {
    'icon.png': icon(29),
    'icon@2x.png': icon(58),
    'icon@3x.png': icon(87),
    'logo.png': logo(50),
    'logo@2x.png': logo(100),
  };
  return drawn;
}
