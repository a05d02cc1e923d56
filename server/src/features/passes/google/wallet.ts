/**
 * Google Wallet adapter (issue 11): a pickup pass as a Google Wallet generic pass
 * (https://developers.google.com/wallet/generic).
 *
 * - One generic class per center, `${issuerId}.bright-oak-pickup`, created on first use (GET → 404 → POST
 *   https://developers.google.com/wallet/reference/rest/v1/genericclass).
 * - One generic object per pass, `${issuerId}.${serialNumber}`
 *   (https://developers.google.com/wallet/reference/rest/v1/genericobject), inserted through the REST API
 *   when the adult asks for the "Save to Google Wallet" link, and patched later when the pass changes
 *   (voided → state INACTIVE).
 * - The save link is `https://pay.google.com/gp/v/save/<JWT>`: a JWT signed RS256 with the service account
 *   key that names the object by id only (https://developers.google.com/wallet/reference/rest/v1/Jwt);
 *   the object itself was already written through the REST API.
 *
 * REST calls carry an OAuth access token for the `wallet_object.issuer` scope, obtained from the service
 * account by google-auth-library's JWT client (RFC 7523 assertion → https://oauth2.googleapis.com/token).
 * With `google.apiBase` (tests), the REST calls AND the token request go to that origin instead: the token
 * URL is fixed inside google-auth-library's gtoken, so a request interceptor on the client's own Gaxios
 * transporter (a public, documented extension point) rewrites that one URL to `${apiBase}/token`.
 * Every call times out after 10 s.
 *
 * No logo is set: Google requires only cardTitle, header, id and classId on a generic object (without a logo
 * Wallet draws the first letter of cardTitle), and the site has no public square PNG to point at
 * (web/public holds SVGs and a 1200×630 share card; Wallet does not take SVG).
 */
import { JWT } from 'google-auth-library';
import { type CryptoKey, importPKCS8, SignJWT } from 'jose';
import type { Config } from '../../../config.ts';
import { mailT } from '../../../i18n/mail-i18n.ts';
import type { GoogleWallet, PassContent } from '../../../ports.ts';
import { groupCredential } from '../pass-keys.ts';

export type { GoogleWallet };

/** Google's Wallet REST origin; the stored object URL always names it, whatever `apiBase` says. */
const GOOGLE_WALLET_ORIGIN = 'https://walletobjects.googleapis.com';
/** The token endpoint google-auth-library (gtoken) posts the service account's assertion to. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** https://developers.google.com/wallet/generic/web/prerequisites — the issuer scope of the Wallet API. */
const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const SAVE_URL = 'https://pay.google.com/gp/v/save/';
const CLASS_SUFFIX = 'bright-oak-pickup';
const CENTER_NAME = 'Bright Oak Learning Center';
const BACKGROUND = '#1f5c40';
const TIMEOUT_MS = 10_000;

/** A LocalizedString (https://developers.google.com/wallet/reference/rest/v1/LocalizedString). */
type LocalizedString = {
  defaultValue: { language: string; value: string };
  translatedValues?: Array<{ language: string; value: string }>;
};

/**
 * The GenericObject this adapter writes (the fields it sets; Google adds others on read).
 * https://developers.google.com/wallet/reference/rest/v1/genericobject
 */
export type GenericObject = {
  id: string;
  classId: string;
  state: 'ACTIVE' | 'INACTIVE';
  cardTitle: LocalizedString;
  header: LocalizedString;
  subheader: LocalizedString;
  hexBackgroundColor: string;
  barcode: { type: 'QR_CODE'; value: string; alternateText: string };
  /** `header`/`body` in English; `localizedHeader`/`localizedBody` add the Spanish. */
  textModulesData: {
    id: string;
    header: string;
    body: string;
    localizedHeader?: LocalizedString;
    localizedBody?: LocalizedString;
  }[];
  validTimeInterval: { end: { date: string } };
};

/** A Wallet REST call that answered a non-2xx status (Google's body: `{ error: { code, message, … } }`). */
export class GoogleWalletError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const text = (value: string, spanish?: string): LocalizedString => ({
  defaultValue: { language: 'en-US', value },
  // Google Wallet shows a phone set to Spanish the Spanish (issue 14).
  ...(spanish !== undefined && spanish !== value
    ? { translatedValues: [{ language: 'es', value: spanish }] }
    : {}),
});

/** The object id of a serial number: `${issuerId}.${serial}` (Google allows [\w.-] after the issuer id). */
function objectIdOf(issuerId: string, serialNumber: string): string {
  return `${issuerId}.${serialNumber.replace(/[^\w.-]/g, '_')}`;
}

export function createGoogleWallet(deps: {
  config: Config;
  google: NonNullable<Config['google']>;
  log: (msg: string) => void;
}): GoogleWallet {
  const { config, google, log } = deps;
  const account = google.serviceAccount;
  const apiBase = google.apiBase ?? GOOGLE_WALLET_ORIGIN;
  const classId = `${google.issuerId}.${CLASS_SUFFIX}`;
  const untilFormat = new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone, dateStyle: 'long' });
  const names = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });
  const untilFormatEs = new Intl.DateTimeFormat('es-US', { timeZone: config.timeZone, dateStyle: 'long' });
  const namesEs = new Intl.ListFormat('es-US', { style: 'long', type: 'conjunction' });
  const [en, es] = [mailT('en'), mailT('es')];

  // The access-token source: google-auth-library caches the token and refreshes it before it expires.
  const auth = new JWT({
    email: account.client_email,
    key: account.private_key,
    scopes: [WALLET_SCOPE],
    transporterOptions: { timeout: TIMEOUT_MS },
  });
  if (google.apiBase) {
    const tokenUrl = `${google.apiBase}/token`;
    auth.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (options.url.href === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
        return options;
      },
    });
  }

  /** One Wallet REST call: the parsed JSON body of a 2xx answer; GoogleWalletError for any other status. */
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const { token } = await auth.getAccessToken();
    if (!token) throw new Error('Google Wallet: no access token from the service account');
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const raw = await response.text();
    let json: unknown;
    try {
      json = raw ? JSON.parse(raw) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
      throw new GoogleWalletError(
        response.status,
        `Google Wallet ${method} ${path} answered ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`,
      );
    }
    return json;
  }

  const isStatus = (error: unknown, status: number) =>
    error instanceof GoogleWalletError && error.status === status;

  /** The center's generic class, created when Google does not have it yet (checked once per process). */
  let classReady: Promise<void> | undefined;
  function ensureClass(): Promise<void> {
    classReady ??= (async () => {
      try {
        await call('GET', `/walletobjects/v1/genericClass/${encodeURIComponent(classId)}`);
        return;
      } catch (error) {
        if (!isStatus(error, 404)) throw error;
      }
      try {
        // https://developers.google.com/wallet/reference/rest/v1/genericclass/insert — only `id` is required.
        await call('POST', '/walletobjects/v1/genericClass', {
          id: classId,
          // A pass names one adult: once saved, only that Google account may hold it (on all its devices).
          multipleDevicesAndHoldersAllowedStatus: 'ONE_USER_ALL_DEVICES',
        });
      } catch (error) {
        if (!isStatus(error, 409)) throw error; // 409: another server created it meanwhile.
      }
    })().catch((error: unknown) => {
      classReady = undefined; // try again next time
      throw error;
    });
    return classReady;
  }

  /** The GenericObject that draws `content`. */
  function genericObject(content: PassContent): GenericObject {
    const firstNames = content.children.map((child) => child.firstName);
    return {
      id: objectIdOf(google.issuerId, content.serialNumber),
      classId,
      state: content.voided ? 'INACTIVE' : 'ACTIVE',
      cardTitle: text(CENTER_NAME),
      header: text(content.holderName),
      subheader: text(en('wallet.pickupAdult'), es('wallet.pickupAdult')),
      hexBackgroundColor: BACKGROUND,
      barcode: {
        type: 'QR_CODE',
        value: content.credential,
        alternateText: groupCredential(content.credential),
      },
      textModulesData: [
        {
          id: 'children',
          header: en('wallet.mayPickUp'),
          body: firstNames.length ? names.format(firstNames) : '—',
          localizedHeader: text(en('wallet.mayPickUp'), es('wallet.mayPickUp')),
          localizedBody: text(
            firstNames.length ? names.format(firstNames) : '—',
            firstNames.length ? namesEs.format(firstNames) : '—',
          ),
        },
        {
          id: 'valid_until',
          header: en('wallet.validUntil'),
          body: untilFormat.format(content.expiresAt),
          localizedHeader: text(en('wallet.validUntil'), es('wallet.validUntil')),
          localizedBody: text(untilFormat.format(content.expiresAt), untilFormatEs.format(content.expiresAt)),
        },
      ],
      validTimeInterval: { end: { date: content.expiresAt.toISOString() } },
    };
  }

  let signingKey: Promise<CryptoKey> | undefined;

  return {
    async saveUrl(content) {
      await ensureClass();
      const object = genericObject(content);
      const path = `/walletobjects/v1/genericObject/${encodeURIComponent(object.id)}`;
      try {
        // https://developers.google.com/wallet/reference/rest/v1/genericobject/insert
        await call('POST', '/walletobjects/v1/genericObject', object);
      } catch (error) {
        if (!isStatus(error, 409)) throw error;
        // Already inserted (an earlier link): replace it with the current content.
        // https://developers.google.com/wallet/reference/rest/v1/genericobject/update
        await call('PUT', path, object);
      }
      signingKey ??= importPKCS8(account.private_key, 'RS256');
      const header: { alg: 'RS256'; typ: 'JWT'; kid?: string } = { alg: 'RS256', typ: 'JWT' };
      if (typeof account.private_key_id === 'string') header.kid = account.private_key_id;
      // https://developers.google.com/wallet/reference/rest/v1/Jwt — the object is referenced by id.
      const jwt = await new SignJWT({
        typ: 'savetowallet',
        origins: [config.appUrl],
        payload: { genericObjects: [{ id: object.id }] },
      })
        .setProtectedHeader(header)
        .setIssuer(account.client_email)
        .setAudience('google')
        .setIssuedAt()
        .sign(await signingKey);
      return `${SAVE_URL}${jwt}`;
    },

    objectUrl(serialNumber) {
      return `${GOOGLE_WALLET_ORIGIN}/walletobjects/v1/genericObject/${objectIdOf(google.issuerId, serialNumber)}`;
    },

    async sync(content) {
      const object = genericObject(content);
      try {
        // https://developers.google.com/wallet/reference/rest/v1/genericobject/patch
        await call('PATCH', `/walletobjects/v1/genericObject/${encodeURIComponent(object.id)}`, object);
      } catch (error) {
        if (isStatus(error, 404)) return; // never saved to a wallet: nothing to bring in line
        log(
          `google wallet: sync of pass ${content.passportId} (${object.id}) failed: ${
            error instanceof Error ? error.message : String(error)
          }`,
        );
      }
    },
  };
}
