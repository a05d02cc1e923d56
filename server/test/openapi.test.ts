/**
 * The OpenAPI document at /api/docs/json tells the truth (issue 22; server/src/http/openapi.ts): it passes
 * `redocly lint` with the recommended rules (redocly.yaml) without an error, and says what the routes do —
 * security per caller, text and empty replies, uploads, the retired waitlist call, nullable enums, formats.
 * Every reply of the API tests is also checked against it (support/reply-contract.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, repoRoot, type TestApp } from './helpers.ts';

type Operation = {
  security?: Record<string, string[]>[];
  deprecated?: boolean;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(async () => {
    await t?.close();
  });
  const op = (method: string, url: string) => {
    const operation = doc.paths[url]?.[method];
    if (!operation) throw new Error(`${method} ${url} is not in the document`);
    return operation;
  };

  it('passes redocly lint (recommended rules) without an error', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const cli = path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');
      const args = [cli, 'lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format', 'json'];
      // redocly exits 1 when it finds errors; the JSON report on stdout says which.
      const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 64 << 20 }).catch(
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
      );
      const report = JSON.parse(stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says which credential each call takes', () => {
    expect(doc.components.securitySchemes.kioskAuth).toMatchObject({ type: 'apiKey', name: 'Authorization' });
    expect(op('post', '/api/kiosk/scan').security).toEqual([{ kioskAuth: [] }]);
    expect(op('get', '/api/staff/kiosks').security).toEqual([{ bearerAuth: [] }]);
    expect(op('get', '/api/ClassSession').security).toEqual([]);
    expect(op('post', '/api/Contact').security).toEqual([]);
  });

  it('lists the error statuses a call can answer, with the error body', () => {
    const staffEdit = op('put', '/api/ClassSession/{classSessionId}').responses;
    for (const status of ['400', '401', '403', '404', '413', '415', '500'])
      expect(staffEdit).toHaveProperty(status);
    expect(staffEdit['401']?.$ref).toBe('#/components/responses/Unauthorized');
    expect(op('post', '/api/Contact').responses).toHaveProperty('429');
    expect(op('get', '/api/ClassSession').responses).not.toHaveProperty('401');
  });

  it('documents replies as they are sent', () => {
    const eligibility = op('get', '/api/ClassSessionEnrollment/{classSessionId}/VerifyEligibility');
    expect(Object.keys(eligibility.responses['200']?.content ?? {})).toEqual(['text/plain']);
    expect(Object.keys(op('post', '/api/Announcement').responses['201']?.content ?? {})).toEqual([
      'text/plain',
    ]);
    expect(op('post', '/api/Contact').responses['204']?.content).toBeUndefined();
    expect(Object.keys(op('get', '/api/staff/payments.csv').responses['200']?.content ?? {})).toEqual([
      'text/csv',
    ]);
    const retired = op('post', '/api/ClassSessionEnrollment/JoinWaitlistOld/{classSessionId}');
    expect(retired.deprecated).toBe(true);
    expect(Object.keys(retired.responses).filter((status) => status < '400')).toEqual([]);
    expect(retired.responses).toHaveProperty('410');
    const upload = op('post', '/api/staff/sessions/{classSessionId}/thumbnail').requestBody;
    expect(Object.keys(upload?.content ?? {})).toEqual(['multipart/form-data']);
  });

  it('keeps formats and lists null in nullable enums', () => {
    const register = op('post', '/api/UserAuthentication/Register').requestBody?.content[
      'application/json'
    ] as {
      schema: { properties: Record<string, { format?: string }> };
    };
    expect(register.schema.properties.emailAddress?.format).toBe('email');
    const sessions = op('get', '/api/ClassSession').responses['200']?.content?.['application/json']
      ?.schema as {
      items: { properties: Record<string, { enum?: unknown[]; nullable?: boolean }> };
    };
    const discount = sessions.items.properties.siblingDiscountType;
    expect(discount?.nullable).toBe(true);
    expect(discount?.enum).toContain(null);
  });
});
