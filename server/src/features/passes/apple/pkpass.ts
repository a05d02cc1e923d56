/**
 * The Apple Wallet pass itself (issue 11): its pass.json in the generic style, its Spanish words
 * (`es.lproj/pass.strings`, issue 14) and the signed `.pkpass` built with passkit-generator from files held in
 * memory (https://developer.apple.com/documentation/walletpasses/pass). The pushes and download links are
 * wallet.ts.
 */
import { type Field, type PassProps, PKPass } from 'passkit-generator';
import type { Config } from '../../../config.ts';
import { namesIn } from '../../../i18n/family-mail.ts';
import { mailT } from '../../../i18n/mail-i18n.ts';
import type { PassContent } from '../../../ports.ts';
import { groupCredential } from '../pass-keys.ts';

import { images, isPng } from './pass-images.ts';

/** What building a pass needs: the app's origin and the center's address, and the pass certificate. */
export type PassDeps = { config: Config; apple: NonNullable<Config['apple']> };

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

/** "Maya", "Maya and Leo", "Maya, Leo and Ana" (the family mails' English list). */
export const joinNames = (names: string[]): string => namesIn('en', names);

/** The pass.json of `content` (https://developer.apple.com/documentation/walletpasses/pass). */
function passJson(content: PassContent, deps: PassDeps): PassProps {
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
export function buildPass(content: PassContent, deps: PassDeps): Buffer {
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
