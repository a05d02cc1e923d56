/**
 * A tiny local stand-in for Google's OAuth token endpoint and the Google Wallet REST API (node:http, in
 * memory), serving exactly what `src/features/passes/google/wallet.ts` calls. Point the adapter at it with
 * GOOGLE_WALLET_API_BASE = `fake.url`.
 *
 * - `POST /token`: the service account's RFC 7523 assertion (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`,
 *   `assertion=<JWT RS256>`), verified with `publicKey` when given → `{ access_token, token_type, expires_in }`.
 * - `GET /walletobjects/v1/genericClass/{id}`, `POST /walletobjects/v1/genericClass` (409 when it exists).
 * - `POST /walletobjects/v1/genericObject` (409 when it exists, 400 when its class does not),
 *   `GET|PATCH|PUT /walletobjects/v1/genericObject/{id}` (404 when it does not exist).
 *
 * Wallet calls need `Authorization: Bearer <a token this fake issued>` (else 401). Errors have Google's shape,
 * `{ error: { code, message, status } }`. `requests` records every call; `failWith` makes every Wallet call
 * (not the token endpoint) answer that status.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, importSPKI, jwtVerify, type KeyObject } from 'jose';

// biome-ignore lint/suspicious/noExplicitAny: Wallet resources are loose JSON, as the real API's are.
type Json = Record<string, any>;

export type GoogleFakeRequest = {
  method: string;
  /** Path and query, as sent. */
  path: string;
  authorization: string | undefined;
  /** The parsed JSON body (Wallet calls) or form fields (token endpoint); undefined when empty. */
  body: unknown;
};

export type GoogleFake = {
  /** `http://127.0.0.1:port` */
  url: string;
  requests: GoogleFakeRequest[];
  /** The claims of each token assertion accepted, in order. */
  assertions: Json[];
  /** The access tokens issued, in order. */
  tokens: string[];
  classes: Map<string, Json>;
  objects: Map<string, Json>;
  /** When set, every Wallet REST call answers this status (the token endpoint still works). */
  failWith: number | undefined;
  close(): Promise<void>;
};

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export async function startGoogleFake(
  options: { publicKey?: string | KeyObject | CryptoKey } = {},
): Promise<GoogleFake> {
  const verifyKey =
    typeof options.publicKey === 'string' ? await importSPKI(options.publicKey, 'RS256') : options.publicKey;
  const requests: GoogleFakeRequest[] = [];
  const assertions: Json[] = [];
  const tokens: string[] = [];
  const classes = new Map<string, Json>();
  const objects = new Map<string, Json>();
  let seq = 0;

  const send = (res: ServerResponse, status: number, json: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(json));
  };
  const fail = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } });

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function token(res: ServerResponse, form: URLSearchParams) {
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    }
    const assertion = form.get('assertion') ?? '';
    let claims: Json;
    try {
      if (verifyKey) {
        claims = (await jwtVerify(assertion, verifyKey, { algorithms: ['RS256'] })).payload;
      } else {
        claims = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8'));
      }
    } catch (error) {
      return send(res, 400, { error: 'invalid_grant', error_description: `Invalid JWT: ${String(error)}` });
    }
    assertions.push(claims);
    const accessToken = `ya29.fake-${++seq}-${Math.random().toString(36).slice(2)}`;
    tokens.push(accessToken);
    return send(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3599 });
  }

  function wallet(res: ServerResponse, method: string, path: string, body: Json | undefined) {
    const classItem = path.match(/^\/walletobjects\/v1\/genericClass\/([^/]+)$/);
    const objectItem = path.match(/^\/walletobjects\/v1\/genericObject\/([^/]+)$/);
    if (path === '/walletobjects/v1/genericClass' && method === 'POST') {
      if (!body?.id) return fail(res, 400, 'Missing required field: id');
      if (classes.has(body.id)) return fail(res, 409, `Resource already exists: ${body.id}`);
      const stored = { ...body, reviewStatus: 'UNDER_REVIEW' };
      classes.set(body.id, stored);
      return send(res, 200, stored);
    }
    if (classItem && method === 'GET') {
      const stored = classes.get(decodeURIComponent(classItem[1]!));
      return stored ? send(res, 200, stored) : fail(res, 404, 'Class not found');
    }
    if (path === '/walletobjects/v1/genericObject' && method === 'POST') {
      if (!body?.id) return fail(res, 400, 'Missing required field: id');
      if (!classes.has(body.classId)) return fail(res, 400, `Class ${body.classId} does not exist`);
      if (objects.has(body.id)) return fail(res, 409, `Resource already exists: ${body.id}`);
      objects.set(body.id, { ...body });
      return send(res, 200, objects.get(body.id));
    }
    if (objectItem) {
      const id = decodeURIComponent(objectItem[1]!);
      const stored = objects.get(id);
      if (method === 'GET') return stored ? send(res, 200, stored) : fail(res, 404, 'Object not found');
      if (method === 'PATCH' || method === 'PUT') {
        if (!stored) return fail(res, 404, `Object ${id} not found`);
        if (body?.id !== undefined && body.id !== id) return fail(res, 400, 'id does not match the path');
        const next = method === 'PATCH' ? { ...stored, ...body } : { ...body, id };
        objects.set(id, next);
        return send(res, 200, next);
      }
    }
    return fail(res, 404, `No route for ${method} ${path}`);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const text = await readBody(req);
      const isToken = path === '/token' && method === 'POST';
      let body: unknown;
      if (isToken) body = Object.fromEntries(new URLSearchParams(text));
      else if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          requests.push({ method, path, authorization: req.headers.authorization, body: text });
          return fail(res, 400, 'Invalid JSON payload received.');
        }
      }
      requests.push({ method, path, authorization: req.headers.authorization, body });
      if (isToken) return token(res, new URLSearchParams(text));
      const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
      if (!bearer || !tokens.includes(bearer)) {
        return fail(res, 401, 'Request is missing required authentication credential.');
      }
      if (fake.failWith) return fail(res, fake.failWith, 'Injected failure');
      return wallet(res, method, path.split('?')[0]!, body as Json | undefined);
    })().catch((error: unknown) => {
      if (!res.headersSent) fail(res, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: GoogleFake = {
    url: `http://127.0.0.1:${port}`,
    requests,
    assertions,
    tokens,
    classes,
    objects,
    failWith: undefined,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
