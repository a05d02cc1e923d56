import { describe, expect, it } from 'vitest';
import { authApi } from './api/auth.ts';
import { endpoint, endpointPath } from './endpoint.ts';

describe('an endpoint’s path (the API table, issue 22)', () => {
  const student = endpoint({
    method: 'GET',
    path: '/api/Student/:studentId/Allergies/:allergyId',
    status: 200,
    reply: 'empty',
  });

  it('fills each :name with its parameter, URL-encoded so a value stays one segment', () => {
    expect(endpointPath(authApi.resetPassword, { token: 'a/b?c d' })).toBe(
      '/api/UserAuthentication/ResetPassword/a%2Fb%3Fc%20d',
    );
    expect(endpointPath(student, { studentId: 'k1', allergyId: 7 })).toBe('/api/Student/k1/Allergies/7');
  });

  it('leaves a path without parameters as it is', () => {
    expect(endpointPath(authApi.me)).toBe('/api/UserAuthentication/Me');
  });

  it('refuses a missing parameter by name, with the caller’s error when it gives one', () => {
    expect(() => endpointPath(student, { studentId: 'k1' })).toThrow(
      'Required parameter allergyId was null or undefined.',
    );
    class Missing extends Error {}
    expect(() =>
      endpointPath(student, { studentId: null, allergyId: 1 }, (name) => new Missing(name)),
    ).toThrow(Missing);
  });
});
