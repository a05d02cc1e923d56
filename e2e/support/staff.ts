/**
 * The demo's staff logins (server/src/db/seed/demo.ts, README "Running the center") and a session token for
 * one of them, signed by the server (POST /api/UserAuthentication/Login).
 */
import { type APIRequestContext, expect } from '@playwright/test';

export type StaffLogin = { email: string; password: string };

export const TEACHER: StaffLogin = { email: 'teacher@brightoak.example', password: 'acorn-teacher-demo' };
export const DIRECTOR: StaffLogin = { email: 'director@brightoak.example', password: 'acorn-director-demo' };

/** Log `who` in through the API and answer the session token. */
export async function tokenFor(request: APIRequestContext, who: StaffLogin): Promise<string> {
  const res = await request.post('/api/UserAuthentication/Login', {
    data: { emailAddress: who.email, password: who.password },
  });
  expect(res.status(), `log in as ${who.email}`).toBe(200);
  return res.text();
}
