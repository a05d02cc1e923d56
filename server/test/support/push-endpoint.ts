/**
 * A real local push service for the web push tests (decision 034): an HTTP server on 127.0.0.1 that records
 * every request (headers and the encrypted body) and answers each subscription's path with the status the
 * test chose (201 by default; 404 or 410 for a subscription that is gone, 500 for a service that fails). And
 * a browser's side of a subscription: a P-256 key pair and an auth secret, with the RFC 8291 (`aes128gcm`)
 * decryption a browser does, so a test reads what the notification says only as the device would.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PushRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type LocalPushService = {
  /** The requests received so far, oldest first. */
  requests: PushRequest[];
  /** What the service answers for `endpoint` from now on. */
  answer(endpoint: string, status: number): void;
  /** A new browser subscription on this service: its JSON for the API, and the browser's keys to decrypt. */
  subscription(): BrowserSubscription;
  close(): Promise<void>;
};

export type BrowserSubscription = {
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The requests this subscription's endpoint received. */
  received(): PushRequest[];
  /** The notification a request carries, decrypted as the browser does (RFC 8291). */
  decrypt(request: PushRequest): { title: string; body: string; url: string; tag: string };
};

export async function startLocalPushService(): Promise<LocalPushService> {
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    requests,
    answer(endpoint, status) {
      statuses.set(new URL(endpoint).pathname, status);
    },
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${randomUUID()}`;
      return {
        json: {
          endpoint: `${origin}${path}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
        received: () => requests.filter((r) => r.path === path),
        decrypt: (request) => JSON.parse(decryptAes128gcm(request.body, ecdh, authSecret)),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8291 §3.4 and RFC 8188: one record, the application server's key in the header's key id. */
function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}
