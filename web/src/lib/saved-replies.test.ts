/**
 * Which API replies the device saves for offline use, and under which key (issue 25, decision 031): the
 * rules the service worker applies, read here without a browser.
 */
import { describe, expect, it } from 'vitest';
import {
  isSavableReply,
  mayBeSaved,
  SAVED_REPLIES_CACHE,
  savedReplyKey,
  sessionHash,
} from './saved-replies.ts';

const ORIGIN = 'https://brightoak.example';

/** A JWT-shaped token for session `sid` (the signature is junk: only the claims are read). */
function tokenFor(sid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: 'parent-1', sid, exp: 4_102_444_800 })}.c2lnbmF0dXJl`;
}

function read(
  path: string,
  authorization: string | null = `Bearer ${tokenFor('session-a')}`,
  method = 'GET',
) {
  const headers = new Headers(authorization ? { authorization } : {});
  return new Request(`${ORIGIN}${path}`, { method, headers });
}

describe('the replies saved for offline use', () => {
  it('keys a signed-in person’s read by the hash of their session, never the session id itself', async () => {
    const key = await savedReplyKey(read('/api/Student?page=2'));
    const hash = await sessionHash('session-a');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toBe(`${ORIGIN}/api/Student?page=2&lc-session=${hash}`);
    expect(key).not.toContain('session-a');
  });

  it('never answers one session with another’s saved reply: the same address has another key', async () => {
    const first = await savedReplyKey(read('/api/Billing/Account'));
    const second = await savedReplyKey(read('/api/Billing/Account', `Bearer ${tokenFor('session-b')}`));
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(first).not.toBe(second);
  });

  it('saves only reads made with a person’s Bearer token', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(await savedReplyKey(read('/api/Student', undefined, method)), method).toBeNull();
    expect(await savedReplyKey(read('/api/Student', null))).toBeNull();
    // The door tablet's own credential.
    expect(await savedReplyKey(read('/api/kiosk/me', 'Kiosk k-123'))).toBeNull();
    expect(await savedReplyKey(read('/api/Student', 'Bearer not-a-token'))).toBeNull();
  });

  it('never saves passes, the kiosk, files, downloads, the checkout or the account’s token links', () => {
    const never = [
      '/api/passes/v1/passes/pass.example/ABC',
      '/api/passes/v1/devices/d1/registrations/pass.example',
      '/api/passes/apple/pass.pkpass',
      '/api/kiosk/me',
      '/api/files/resources/plan.pdf',
      '/api/calendar/abc123',
      '/api/Student/Trustees/t-1/Pass',
      '/api/Student/Trustees/t-1/Pass/Card',
      '/api/Family/Export',
      '/api/Family/CalendarFeed',
      '/api/Billing/Statements/2026-01',
      '/api/Billing/YearEnd/2025',
      '/api/ClassSessionEnrollment/Confirmation/cs_test_1',
      '/api/UserAuthentication/ConfirmEmail/token',
      '/api/staff/payments.csv',
      '/api/staff/reports/attendance/csv',
      '/api/staff/children/c-1/restrictions/r-1/document',
      '/healthz',
      '/sessions',
    ];
    expect(never.filter(mayBeSaved)).toEqual([]);
  });

  it('saves the pages’ own reads, the parent’s and the staff’s', () => {
    const saved = [
      '/api/Student',
      '/api/Student/Trustees',
      '/api/Billing/Account',
      '/api/Billing/Statements',
      '/api/ClassSessionEnrollment',
      '/api/UserAuthentication/Me',
      '/api/staff/today',
      '/api/staff/sessions/12/roster',
    ];
    expect(saved.filter((path) => !mayBeSaved(path))).toEqual([]);
  });

  it('saves only a 200 answered with JSON: no error, no redirect, no file', () => {
    const reply = (status: number, type: string) =>
      new Response(status === 302 ? null : '{}', { status, headers: { 'content-type': type } });
    expect(isSavableReply(reply(200, 'application/json; charset=utf-8'))).toBe(true);
    expect(isSavableReply(reply(200, 'application/problem+json'))).toBe(true);
    expect(isSavableReply(reply(404, 'application/json'))).toBe(false);
    expect(isSavableReply(reply(401, 'application/json'))).toBe(false);
    expect(isSavableReply(reply(302, 'application/json'))).toBe(false);
    expect(isSavableReply(reply(200, 'text/csv'))).toBe(false);
    expect(isSavableReply(reply(200, 'application/pdf'))).toBe(false);
    expect(isSavableReply(reply(200, 'application/vnd.apple.pkpass'))).toBe(false);
  });

  it('names its cache with a version, so a new way of saving starts afresh', () => {
    expect(SAVED_REPLIES_CACHE).toMatch(/-v\d+$/);
  });
});
