/**
 * Test support for Apple Wallet (issue 11): a throwaway PKI standing in for Apple's (a root CA, a WWDR-like
 * intermediate, a "Pass Type ID" signer certificate with its key under a passphrase, and a TLS certificate
 * for a local fake APNs), pass rows inserted directly with drizzle, a fake APNs server (HTTP/2 over TLS) and a
 * small zip reader for the `.pkpass` archives.
 */
import { generateKeyPairSync, randomUUID, X509Certificate } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { crc32, inflateRawSync } from 'node:zlib';
import forge from 'node-forge';
import type { Config } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import {
  digitalPassports,
  students,
  studentTrustees,
  trusteePassports,
  trustees,
} from '../../src/db/schema.ts';
import { hashCredential, hashToken, newNonce, passKeys } from '../../src/features/passes/pass-keys.ts';

export const PASS_TYPE_ID = 'pass.example.brightoak';
export const TEAM_ID = 'A1B2C3D4E5';
export const SIGNER_KEY_PASSPHRASE = 'correct horse battery staple';

/** Apple's marker extension of a Pass Type ID certificate (its value names the pass type). */
const PASS_TYPE_EXTENSION = '1.2.840.113635.100.6.1.16';
/**
 * APNs environment extensions (development, production). node-apn refuses a client certificate that lacks
 * the one of the environment it connects to; a local fake APNs counts as development.
 */
const APNS_DEVELOPMENT_EXTENSION = '1.2.840.113635.100.6.3.1';
const APNS_PRODUCTION_EXTENSION = '1.2.840.113635.100.6.3.2';

const asn1 = forge.asn1;
const der = (value: forge.asn1.Asn1) => asn1.toDer(value).getBytes();
const NULL = der(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''));

type KeyPair = { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string };

/** A new 2048-bit RSA key (made by Node's crypto: forge's pure-JS generation takes seconds). */
function rsaKey(): KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e), pem: privateKey };
}

let serial = 1;
/** A certificate for `key` named `subject`, issued by `issuer` (itself when absent), valid from yesterday for a year. */
function certificate(options: {
  key: KeyPair;
  subject: forge.pki.CertificateField[];
  issuer?: { cert: forge.pki.Certificate; key: KeyPair };
  extensions: object[];
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.key.publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer ? options.issuer.cert.subject.attributes : options.subject);
  cert.setExtensions(options.extensions);
  cert.sign((options.issuer?.key ?? options.key).privateKey, forge.md.sha256.create());
  return cert;
}

export type ApplePki = {
  /** PEM of the root CA (what `openssl smime -verify -CAfile` trusts). */
  caPem: string;
  caFile: string;
  signerCertPem: string;
  /** SHA-256 fingerprint of the signer certificate, as node:tls writes it. */
  signerFingerprint: string;
  /** The APPLE_* settings that point at these files (add APPLE_APNS_URL for a fake APNs). */
  env: Record<string, string>;
  /** Certificate (for 127.0.0.1, issued by the root CA) and key of the fake APNs server. */
  apnsTls: { cert: string; key: string };
};

/** Make the throwaway PKI and write its PEM files into `dir`. */
export async function createApplePki(dir: string): Promise<ApplePki> {
  const rootKey = rsaKey();
  const rootName = [
    { name: 'commonName', value: 'Bright Oak Test Root CA' },
    { name: 'organizationName', value: 'Bright Oak Tests' },
  ];
  const caExtensions = [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ];
  const root = certificate({ key: rootKey, subject: rootName, extensions: caExtensions });

  const wwdrKey = rsaKey();
  const wwdr = certificate({
    key: wwdrKey,
    subject: [
      { name: 'commonName', value: 'Test Worldwide Developer Relations Certification Authority' },
      { name: 'organizationalUnitName', value: 'G4' },
      { name: 'organizationName', value: 'Bright Oak Tests' },
    ],
    issuer: { cert: root, key: rootKey },
    extensions: caExtensions,
  });

  const signerKey = rsaKey();
  const signer = certificate({
    key: signerKey,
    subject: [
      { type: '0.9.2342.19200300.100.1.1', value: PASS_TYPE_ID },
      { name: 'commonName', value: `Pass Type ID: ${PASS_TYPE_ID}` },
      { name: 'organizationalUnitName', value: TEAM_ID },
      { name: 'organizationName', value: 'Bright Oak Learning Center' },
      { name: 'countryName', value: 'US' },
    ],
    issuer: { cert: wwdr, key: wwdrKey },
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true },
      {
        id: PASS_TYPE_EXTENSION,
        value: der(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTF8, false, PASS_TYPE_ID)),
      },
      { id: APNS_DEVELOPMENT_EXTENSION, value: NULL },
      { id: APNS_PRODUCTION_EXTENSION, value: NULL },
    ],
  });

  const apnsKey = rsaKey();
  const apnsCert = certificate({
    key: apnsKey,
    subject: [{ name: 'commonName', value: '127.0.0.1' }],
    issuer: { cert: root, key: rootKey },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });

  const caPem = forge.pki.certificateToPem(root);
  const signerCertPem = forge.pki.certificateToPem(signer);
  // The signer key under a passphrase (PKCS#8, AES-256-CBC), as a careful operator keeps it.
  const encryptedSignerKey = forge.pki.encryptRsaPrivateKey(signerKey.privateKey, SIGNER_KEY_PASSPHRASE, {
    algorithm: 'aes256',
  });
  const files = {
    caFile: path.join(dir, 'test-root-ca.pem'),
    wwdr: path.join(dir, 'wwdr.pem'),
    cert: path.join(dir, 'pass-cert.pem'),
    key: path.join(dir, 'pass-key.pem'),
  };
  await writeFile(files.caFile, caPem);
  await writeFile(files.wwdr, forge.pki.certificateToPem(wwdr));
  await writeFile(files.cert, signerCertPem);
  await writeFile(files.key, encryptedSignerKey);
  return {
    caPem,
    caFile: files.caFile,
    signerCertPem,
    signerFingerprint: new X509Certificate(signerCertPem).fingerprint256,
    env: {
      APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
      APPLE_TEAM_ID: TEAM_ID,
      APPLE_PASS_CERT: files.cert,
      APPLE_PASS_KEY: files.key,
      APPLE_PASS_KEY_PASSPHRASE: SIGNER_KEY_PASSPHRASE,
      APPLE_WWDR_CERT: files.wwdr,
    },
    apnsTls: { cert: forge.pki.certificateToPem(apnsCert), key: apnsKey.pem },
  };
}

export type InsertedPass = {
  passportId: string;
  trusteeId: string;
  serialNumber: string;
  credential: string;
  /** The PassKit authentication token of the serial number. */
  token: string;
};

/**
 * Insert an adult who may pick up `children` (first names; last name `lastName`) and a pass for them, as the
 * issuing code does when Apple Wallet is configured: serial number a uuid, pass type PASS_TYPE_ID, the
 * SHA-256 of the PassKit token kept.
 */
export async function insertPass(
  db: Db,
  config: Config,
  options: {
    firstName?: string;
    lastName?: string;
    children?: string[];
    expiresAt: Date;
    imageUrl?: string;
  },
): Promise<InsertedPass> {
  const keys = await passKeys(config);
  const lastName = options.lastName ?? 'Rivera';
  const [adult] = await db
    .insert(trustees)
    .values({
      firstName: options.firstName ?? 'Rosa',
      lastName,
      relationship: 'Grandmother',
      canPickup: true,
    })
    .returning({ id: trustees.id });
  const nonce = newNonce();
  const credential = keys.credential(nonce);
  const serialNumber = randomUUID();
  const token = keys.appleAuthenticationToken(serialNumber);
  const [pass] = await db
    .insert(digitalPassports)
    .values({
      credentialNonce: nonce,
      credentialHash: hashCredential(credential),
      pinHash: 'not-a-real-argon2-hash',
      expiresAt: options.expiresAt,
      imageUrl: options.imageUrl ?? null,
      applePassSerialNumber: serialNumber,
      applePassIdenitifier: PASS_TYPE_ID,
      applePassAuthenticationToken: hashToken(token),
    })
    .returning({ id: digitalPassports.id });
  await db.insert(trusteePassports).values({ trusteeId: adult!.id, passportId: pass!.id });
  for (const firstName of options.children ?? ['Maya', 'Leo']) {
    const [child] = await db
      .insert(students)
      .values({ firstName, lastName, dateOfBirth: '2020-05-01' })
      .returning({ id: students.id });
    await db.insert(studentTrustees).values({ studentId: child!.id, trusteeId: adult!.id });
  }
  return { passportId: pass!.id, trusteeId: adult!.id, serialNumber, credential, token };
}

/** The files of a zip archive (stored or deflated entries), read through its central directory; CRCs checked. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry at ${at}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else throw new Error(`${name}: unsupported compression method ${method}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    files.set(name, data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** Width and height of a PNG (from its IHDR chunk), or null when `bytes` is not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return null;
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export type ApnsRequest = {
  method: string;
  path: string;
  headers: http2.IncomingHttpHeaders;
  body: string;
  /** SHA-256 fingerprint of the client certificate the request came with ('' without one). */
  clientCertificate: string;
};

export type FakeApns = {
  /** `https://127.0.0.1:<port>`, for APPLE_APNS_URL. */
  url: string;
  requests: ApnsRequest[];
  /** Status to answer for a device token (default 200). */
  answer: (deviceToken: string) => number;
  close: () => Promise<void>;
};

/**
 * A local APNs stand-in: HTTP/2 over TLS with `tls` (asks for, but does not require, a client certificate).
 * `POST /3/device/<token>` is recorded and answered `answer(token)`; 410 with `{ reason: 'Unregistered' }`,
 * other errors with `{ reason: 'BadDeviceToken' }`, as APNs does.
 */
export async function startFakeApns(tls: { cert: string; key: string }): Promise<FakeApns> {
  const requests: ApnsRequest[] = [];
  const sessions = new Set<http2.ServerHttp2Session>();
  const fake: FakeApns = { url: '', requests, answer: () => 200, close: async () => {} };
  const server = http2.createSecureServer({ ...tls, requestCert: true, rejectUnauthorized: false });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const requestPath = String(headers[':path'] ?? '');
      const socket = stream.session?.socket as TLSSocket | undefined;
      requests.push({
        method: String(headers[':method']),
        path: requestPath,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        clientCertificate: socket?.getPeerCertificate()?.fingerprint256 ?? '',
      });
      const status = fake.answer(requestPath.replace(/^\/3\/device\//, ''));
      stream.respond({ ':status': status, 'apns-id': randomUUID() });
      if (status === 200) stream.end();
      else if (status === 410) stream.end(JSON.stringify({ reason: 'Unregistered', timestamp: Date.now() }));
      else stream.end(JSON.stringify({ reason: 'BadDeviceToken' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const session of sessions) session.destroy();
      server.close(() => resolve());
    });
  return fake;
}
