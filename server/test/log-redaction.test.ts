/**
 * Secrets in addresses never reach the request log (issue 21, item 7): reset, confirmation, team-invite and
 * co-parent links, checkout ids, signed file and pass links, Apple Wallet's device identifier. Every address
 * builder of the contract and every server route whose path carries a secret is checked against the one list
 * in http/log-redaction.ts, and real requests to each pattern go through the app's logger: the secret never
 * appears in the log, the route's shape does.
 */
import * as contract from '@lc/contract';
import {
  authApi,
  type Endpoint,
  endpointPath,
  enrollmentApi,
  familyApi,
  routes,
  testCheckout,
} from '@lc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl, SECRET_PATHS } from '../src/http/log-redaction.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** Path parameters that are secrets, by the name the contract and the server routes give them. */
const SECRET_PARAMETER = /^(token|checkoutId|deviceLibraryIdentifier)$/;

/** The parameter names of an address builder such as `(token) => …` or `(id, checkoutId) => …`. */
function parameterNames(builder: (...args: never[]) => string): string[] {
  const head = /^\s*(?:function\s*\w*\s*)?\(([^)]*)\)/.exec(builder.toString());
  return (head?.[1] ?? '')
    .split(',')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean);
}

describe('the list of secrets in addresses', () => {
  it('covers every address builder of the contract that takes a token or a checkout id, and only those', () => {
    let secrets = 0;
    const check = (where: string, address: string, names: string[]) => {
      const logged = redactUrl(address);
      for (const parameter of names) {
        if (!address.includes(`canary${parameter}0x`)) continue;
        if (SECRET_PARAMETER.test(parameter)) {
          secrets++;
          expect(logged, where).not.toContain(`canary${parameter}0x`);
          expect(logged, where).toContain('[redacted]');
        } else {
          expect(logged, `${where} keeps ${parameter}`).toContain(`canary${parameter}0x`);
        }
      }
    };
    for (const [table, builders] of Object.entries({ routes, testCheckout })) {
      for (const [name, builder] of Object.entries(builders)) {
        if (typeof builder !== 'function') continue;
        const names = parameterNames(builder);
        check(
          `${table}.${name}`,
          (builder as (...args: string[]) => string)(...names.map((p) => `canary${p}0x`)),
          names,
        );
      }
    }
    // The API table's rows (contract/src/api/*): every `…Api` export.
    for (const [table, rows] of Object.entries(contract).filter(([key]) => key.endsWith('Api'))) {
      for (const [name, row] of Object.entries(rows as Record<string, Endpoint>)) {
        if (typeof row?.path !== 'string') continue;
        const names = [...row.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
        const address = endpointPath(row, Object.fromEntries(names.map((p) => [p, `canary${p}0x`])));
        check(`${table}.${name}`, address, names);
      }
    }
    // reset, confirm and join pages; both checkout returns; the two link APIs and the confirmation; four test checkout pages.
    expect(secrets).toBeGreaterThanOrEqual(12);
  });

  it('redacts signatures and tokens in queries, and leaves ordinary addresses alone', () => {
    expect(redactUrl('/api/files/resources/k.pdf?expires=1700000000&scope=family&signature=abcDEF_1')).toBe(
      '/api/files/resources/k.pdf?expires=1700000000&scope=family&signature=[redacted]',
    );
    expect(redactUrl('/pass?code=ABCD-1234&x=1')).toBe('/pass?code=[redacted]&x=1');
    expect(redactUrl('/sessions/12/enrollment-successful?session_id=cs_1')).toBe(
      '/sessions/12/enrollment-successful?session_id=[redacted]',
    );
    for (const plain of ['/sessions/12', '/dashboard/family', '/api/staff/sessions/3/roster?sort=name'])
      expect(redactUrl(plain)).toBe(plain);
    expect(SECRET_PATHS.length).toBeGreaterThan(0);
  });
});

describe('the request log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
  });
  afterAll(async () => t?.close());

  it('covers every server route whose path carries a secret', () => {
    const secretRoutes = t.routeTable.filter((route) =>
      route.url.split('/').some((segment) => SECRET_PARAMETER.test(segment.replace(/^:/, ''))),
    );
    expect(secretRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of t.routeTable) {
      const address = route.url.replace(/:(\w+)/g, 'canary$10x');
      const logged = redactUrl(address);
      for (const [, parameter] of route.url.matchAll(/:(\w+)/g)) {
        if (SECRET_PARAMETER.test(parameter!))
          expect(logged, `${route.method} ${route.url}`).not.toContain(`canary${parameter}0x`);
        else expect(logged, `${route.method} ${route.url}`).toContain(`canary${parameter}0x`);
      }
    }
  });

  it('logs each secret-carrying request by its shape, never with the secret', async () => {
    const requests: [method: 'GET' | 'POST', url: (secret: string) => string, shape: string][] = [
      ['GET', (s) => routes.passwordResetToken(s), '/password-reset/[redacted]'],
      ['GET', (s) => routes.confirmEmail(s), '/confirm-email/[redacted]'],
      ['GET', (s) => routes.joinFamily(s), '/dashboard/family/join/[redacted]'],
      ['GET', (s) => routes.enrollmentSuccessful(4, s), '/sessions/4/enrollment-successful/[redacted]'],
      ['GET', (s) => routes.enrollmentFailed(4, s), '/sessions/4/enrollment-failed/[redacted]'],
      [
        'POST',
        (s) => endpointPath(authApi.resetPassword, { token: s }),
        '/api/UserAuthentication/ResetPassword/[redacted]',
      ],
      [
        'POST',
        (s) => endpointPath(authApi.confirmEmail, { token: s }),
        '/api/UserAuthentication/ConfirmEmail/[redacted]',
      ],
      [
        'GET',
        (s) => endpointPath(enrollmentApi.confirmation, { checkoutId: s }),
        '/api/ClassSessionEnrollment/Confirmation/[redacted]',
      ],
      ['GET', (s) => endpointPath(familyApi.calendarFeedFile, { token: s }), '/api/calendar/[redacted]'],
      ['GET', (s) => testCheckout.page(s), '/test-checkout/[redacted]'],
      ['POST', (s) => testCheckout.pay(s), '/test-checkout/[redacted]/pay'],
      ['GET', (s) => testCheckout.receipt(s), '/test-checkout/[redacted]/receipt'],
      [
        'POST',
        (s) => endpointPath(enrollmentApi.finishSetup, { checkoutId: s }),
        '/api/Billing/Autopay/Setup/[redacted]',
      ],
      ['GET', (s) => `/dashboard/billing?method=${s}`, '/dashboard/billing?method=[redacted]'],
      [
        'GET',
        (s) => `/api/files/resources/plan.pdf?expires=4102444800&scope=family&signature=${s}`,
        '/api/files/resources/plan.pdf?expires=4102444800&scope=family&signature=[redacted]',
      ],
      [
        'GET',
        (s) => `/api/passes/apple/serial-1.pkpass?expires=4102444800&signature=${s}`,
        '/api/passes/apple/serial-1.pkpass?expires=4102444800&signature=[redacted]',
      ],
      [
        'GET',
        (s) => `/api/passes/v1/devices/${s}/registrations/pass.example?passesUpdatedSince=1`,
        '/api/passes/v1/devices/[redacted]/registrations/pass.example?passesUpdatedSince=1',
      ],
    ];
    for (const [index, [method, url, shape]] of requests.entries()) {
      const secret = `Sekr3t${index}x${crypto.randomUUID().replaceAll('-', '')}`;
      lines.length = 0;
      await t.app.inject({ method, url: url(secret), payload: method === 'POST' ? {} : undefined });
      const log = lines.join('\n');
      expect(log, url('…')).toContain(`"url":"${shape}"`);
      expect(log, url('…')).not.toContain(secret);
    }
  });
});
