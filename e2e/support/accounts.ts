/**
 * Parent accounts for browser tests: made through the real API (POST /api/UserAuthentication/Register),
 * so every test has its own family and a genuine, server-signed session token.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { uniqueMarker } from './app.ts';

/** The demo parent the seed creates (README, "What the demo shows"). */
export const DEMO_PARENT = {
  emailAddress: 'demo@brightoak.example',
  password: 'sunflower-demo',
  firstName: 'Jordan',
};

export type TestParent = {
  firstName: string;
  lastName: string;
  emailAddress: string;
  password: string;
  token: string;
};

/** Register a new parent with a unique address and return its details and session token. */
export async function createParent(
  request: APIRequestContext,
  names: { firstName?: string; lastName?: string; language?: 'en' | 'es' } = {},
): Promise<TestParent> {
  const body = {
    firstName: names.firstName ?? 'Robin',
    lastName: names.lastName ?? 'Castillo',
    emailAddress: `${uniqueMarker('parent')}@families.example`,
    password: 'maple-leaf-garden',
  };
  const response = await request.post('/api/UserAuthentication/Register', {
    data: names.language ? { ...body, language: names.language } : body,
  });
  expect(response.status(), 'POST /api/UserAuthentication/Register').toBe(201);
  return { ...body, token: (await response.text()).trim() };
}
