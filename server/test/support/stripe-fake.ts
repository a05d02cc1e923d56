/**
 * A tiny local stand-in for the Stripe API (node:http, no dependencies), serving exactly what
 * `src/adapters/payments/stripe.ts` calls: create / retrieve / expire a Checkout Session and create a
 * Refund. Point the adapter at it with `{ host: '127.0.0.1', port, protocol: 'http' }`.
 * Bodies arrive form-encoded as stripe-node sends them (`line_items[0][price_data][unit_amount]=…`);
 * `requests` records each one so tests can assert on the wire format. Like Stripe, a repeated
 * `Idempotency-Key` replays the first response, and the same key with different parameters is a 400.
 * Helpers move a session through its lifecycle (https://docs.stripe.com/checkout/fulfillment):
 * `complete` (paid by card, or `{ async: true }` for a delayed method still processing),
 * `succeedAsync`, `failAsync` and `markExpired`. Off-session PaymentIntents (autopay, issue 23) are created and
 * retrieved as Stripe's test payment methods behave (https://docs.stripe.com/testing): `pm_card_visa` succeeds,
 * `pm_card_chargeDeclinedInsufficientFunds` is declined with a 402 card error carrying the PaymentIntent,
 * `pm_card_authenticationRequired` needs authentication, `pm_usBankAccount_success` is processing until
 * `settleIntent` moves it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// biome-ignore lint/suspicious/noExplicitAny: fake Stripe objects are loose JSON, as the real API's are.
type Json = Record<string, any>;

export type FakeRequest = {
  method: string;
  path: string;
  /** The form body (POST) or query string (GET), exactly as sent. */
  body: URLSearchParams;
  idempotencyKey?: string;
};

export type StripeFake = {
  port: number;
  close(): Promise<void>;
  /** Checkout Sessions by id, as stored (`payment_intent` is an id; expansion happens on GET). */
  sessions: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  charges: Map<string, Json>;
  refunds: Json[];
  requests: FakeRequest[];
  /** The customer paid: `complete` + `paid`, or with `async: true` `complete` + `unpaid` (processing). */
  complete(id: string, opts?: { async?: boolean }): void;
  /** A processing delayed payment cleared: `paid`, PaymentIntent `succeeded`. */
  succeedAsync(id: string): void;
  /** A processing delayed payment failed: stays `unpaid`, PaymentIntent back to `requires_payment_method`. */
  failAsync(id: string): void;
  /** The session ran out (`expires_at` passed) without payment. */
  markExpired(id: string): void;
  /** A processing off-session PaymentIntent settled: `succeeded`, or failed back to `requires_payment_method`. */
  settleIntent(id: string, outcome: 'succeeded' | 'failed'): void;
};

/** Turn `a[b][0][c]=1` pairs into nested objects/arrays, the inverse of stripe-node's encoding. */
export function parseForm(params: URLSearchParams): Json {
  const root: Json = {};
  for (const [key, value] of params) {
    const parts = key.split(/[[\]]+/).filter((p) => p !== '');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
        node = node[part];
      }
    });
  }
  return root;
}

const notOpen = (status: string) =>
  `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${status}\`.`;

export async function startStripeFake(): Promise<StripeFake> {
  const sessions = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds: Json[] = [];
  const requests: FakeRequest[] = [];
  const idempotent = new Map<string, { body: string; status: number; json: Json }>();
  let seq = 0;
  const newId = (prefix: string) => `${prefix}_test_${String(++seq).padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const error = (status: number, message: string, extra: Json = {}) => ({
    status,
    json: { error: { type: 'invalid_request_error', message, ...extra } },
  });
  const missing = (kind: string, id: string, param = 'id') =>
    error(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

  /** A session with `payment_intent` (and its `latest_charge`) expanded when `expand[]` asks for it. */
  const expandSession = (session: Json, expand: string[]): Json => {
    const out = structuredClone(session);
    if (out.payment_intent && expand.some((e) => e === 'payment_intent' || e.startsWith('payment_intent.'))) {
      const intent = structuredClone(paymentIntents.get(out.payment_intent));
      if (intent?.latest_charge && expand.includes('payment_intent.latest_charge')) {
        intent.latest_charge = structuredClone(charges.get(intent.latest_charge)) ?? intent.latest_charge;
      }
      out.payment_intent = intent ?? out.payment_intent;
    }
    return out;
  };

  const createSession = (form: Json): { status: number; json: Json } => {
    for (const field of ['mode', 'success_url', 'expires_at']) {
      if (!form[field]) return error(400, `Missing required param: ${field}.`, { param: field });
    }
    const lines: Json[] = form.line_items ?? [];
    if (lines.length === 0) return error(400, 'Missing required param: line_items.', { param: 'line_items' });
    let amountTotal = 0;
    for (const line of lines) {
      if (line.price_data) amountTotal += Number(line.price_data.unit_amount) * Number(line.quantity);
    }
    const id = newId('cs');
    const session: Json = {
      id,
      object: 'checkout.session',
      mode: form.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      amount_total: amountTotal,
      currency: 'usd',
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata: form.metadata ?? {},
      expires_at: Number(form.expires_at),
      success_url: form.success_url,
      cancel_url: form.cancel_url ?? null,
      created: now(),
      livemode: false,
      payment_intent: null,
    };
    sessions.set(id, session);
    return { status: 200, json: session };
  };

  const createRefund = (form: Json): { status: number; json: Json } => {
    const intent = paymentIntents.get(form.payment_intent);
    if (!intent) return missing('payment_intent', String(form.payment_intent), 'payment_intent');
    if (intent.status !== 'succeeded') {
      return error(400, `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    }
    const amount = form.amount === undefined ? intent.amount : Number(form.amount);
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
      created: now(),
    };
    refunds.push(refund);
    return { status: 200, json: refund };
  };

  /** An off-session PaymentIntent confirmed at once, as Stripe's test payment methods answer. */
  const createIntent = (form: Json): { status: number; json: Json } => {
    for (const field of ['amount', 'customer', 'payment_method']) {
      if (!form[field]) return error(400, `Missing required param: ${field}.`, { param: field });
    }
    const id = newId('pi');
    const chargeId = newId('ch');
    const method = String(form.payment_method);
    const outcome =
      method === 'pm_card_chargeDeclinedInsufficientFunds'
        ? 'declined'
        : method === 'pm_card_authenticationRequired'
          ? 'authenticate'
          : method.startsWith('pm_usBankAccount')
            ? 'processing'
            : 'succeeded';
    const intent: Json = {
      id,
      object: 'payment_intent',
      amount: Number(form.amount),
      currency: 'usd',
      customer: form.customer,
      payment_method: method,
      status:
        outcome === 'succeeded'
          ? 'succeeded'
          : outcome === 'processing'
            ? 'processing'
            : outcome === 'authenticate'
              ? 'requires_action'
              : 'requires_payment_method',
      latest_charge: chargeId,
      last_payment_error:
        outcome === 'declined'
          ? {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
            }
          : outcome === 'authenticate'
            ? {
                type: 'card_error',
                code: 'authentication_required',
                message: 'This payment requires authentication.',
              }
            : null,
      metadata: form.metadata ?? {},
    };
    charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount: intent.amount,
      payment_intent: id,
      status: outcome === 'succeeded' ? 'succeeded' : outcome === 'processing' ? 'pending' : 'failed',
      receipt_url: outcome === 'succeeded' ? `https://pay.stripe.test/receipts/${chargeId}` : null,
    });
    paymentIntents.set(id, intent);
    if (outcome === 'declined' || outcome === 'authenticate')
      return {
        status: 402,
        json: { error: { ...intent.last_payment_error, payment_intent: structuredClone(intent) } },
      };
    return { status: 200, json: expandIntent(intent, form.expand ?? []) };
  };
  const expandIntent = (intent: Json, expand: string[]): Json => {
    const out = structuredClone(intent);
    if (expand.includes('latest_charge'))
      out.latest_charge = structuredClone(charges.get(intent.latest_charge));
    return out;
  };

  const route = (method: string, path: string, params: URLSearchParams): { status: number; json: Json } => {
    const form = parseForm(params);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    const pi = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && pi) {
      const intent = paymentIntents.get(pi[1]!);
      if (!intent) return missing('payment_intent', pi[1]!);
      return { status: 200, json: expandIntent(intent, form.expand ?? []) };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    let m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const session = sessions.get(m[1]!);
      if (!session) return missing('checkout.session', m[1]!);
      return { status: 200, json: expandSession(session, form.expand ?? []) };
    }
    m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && m) {
      const session = sessions.get(m[1]!);
      if (!session) return missing('checkout.session', m[1]!);
      if (session.status !== 'open') return error(400, notOpen(session.status));
      session.status = 'expired';
      return { status: 200, json: structuredClone(session) };
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    return error(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.fake');
    const method = req.method ?? 'GET';
    const raw = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const body = new URLSearchParams(raw);
    const keyHeader = req.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
    requests.push({ method, path: url.pathname, body, ...(idempotencyKey ? { idempotencyKey } : {}) });

    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': `req_fake_${requests.length}`,
    };
    let result: { status: number; json: Json };
    if (!req.headers.authorization?.startsWith('Bearer ')) {
      result = {
        status: 401,
        json: { error: { type: 'invalid_request_error', message: 'No API key provided.' } },
      };
    } else if (method === 'POST' && idempotencyKey && idempotent.has(idempotencyKey)) {
      const first = idempotent.get(idempotencyKey)!;
      headers['idempotent-replayed'] = 'true';
      result =
        first.body === raw
          ? first
          : {
              status: 400,
              json: {
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
                },
              },
            };
    } else {
      result = route(method, url.pathname, body);
      if (method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, { body: raw, ...result });
    }
    res.writeHead(result.status, headers);
    res.end(JSON.stringify(result.json));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mustGet = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`stripe-fake: no session ${id}`);
    return session;
  };
  const intentOf = (session: Json) => {
    const intent = paymentIntents.get(session.payment_intent);
    if (!intent)
      throw new Error(`stripe-fake: session ${session.id} has no payment intent; complete it first`);
    return intent;
  };
  const chargeOf = (intent: Json) => charges.get(intent.latest_charge)!;

  return {
    port,
    sessions,
    paymentIntents,
    charges,
    refunds,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
    complete(id, opts = {}) {
      const session = mustGet(id);
      if (session.status !== 'open') throw new Error(`stripe-fake: session ${id} is ${session.status}`);
      const intentId = newId('pi');
      const chargeId = newId('ch');
      charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount: session.amount_total,
        currency: 'usd',
        payment_intent: intentId,
        paid: !opts.async,
        status: opts.async ? 'pending' : 'succeeded',
        receipt_url: opts.async ? null : `https://pay.stripe.test/receipts/${chargeId}`,
      });
      paymentIntents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount: session.amount_total,
        currency: 'usd',
        status: opts.async ? 'processing' : 'succeeded',
        latest_charge: chargeId,
        last_payment_error: null,
        metadata: session.metadata,
      });
      session.status = 'complete';
      session.payment_status = opts.async ? 'unpaid' : 'paid';
      session.payment_intent = intentId;
    },
    succeedAsync(id) {
      const session = mustGet(id);
      const intent = intentOf(session);
      intent.status = 'succeeded';
      Object.assign(chargeOf(intent), {
        paid: true,
        status: 'succeeded',
        receipt_url: `https://pay.stripe.test/receipts/${intent.latest_charge}`,
      });
      session.payment_status = 'paid';
    },
    failAsync(id) {
      const session = mustGet(id);
      const intent = intentOf(session);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'payment_intent_payment_attempt_failed',
        message: 'The latest payment attempt of this PaymentIntent has failed.',
      };
      Object.assign(chargeOf(intent), { status: 'failed', failure_code: 'debit_not_authorized' });
    },
    markExpired(id) {
      const session = mustGet(id);
      if (session.status !== 'open') throw new Error(`stripe-fake: session ${id} is ${session.status}`);
      session.status = 'expired';
    },
    settleIntent(id, outcome) {
      const intent = paymentIntents.get(id);
      if (!intent) throw new Error(`stripe-fake: no payment intent ${id}`);
      if (outcome === 'succeeded') {
        intent.status = 'succeeded';
        Object.assign(charges.get(intent.latest_charge)!, {
          status: 'succeeded',
          receipt_url: `https://pay.stripe.test/receipts/${intent.latest_charge}`,
        });
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'card_error',
          code: 'insufficient_funds',
          message: 'The bank account did not have enough money.',
        };
      }
    },
  };
}
