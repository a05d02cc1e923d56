import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, getToken } from '../lib/auth-token.ts';
import { login, resetPassword } from './auth.ts';
import { getClassSession, getClassSessions } from './class-sessions.ts';
import { ApiError, RequiredError } from './client.ts';
import { postContact } from './contact.ts';

// The stored token is another module's concern; here we only need to choose what it returns.
vi.mock('../lib/auth-token.ts', () => ({ getToken: vi.fn(() => null), endSession: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body?: string, contentType?: string): Response {
  const headers = contentType ? { 'content-type': contentType } : undefined;
  return new Response(status === 204 ? null : (body ?? null), { status, headers });
}

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init = {}] = call;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

const contactBody = {
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.com',
  phoneNumber: null,
  childName: null,
  childBirthdate: null,
  referred: null,
  message: 'Hello',
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(getToken).mockReturnValue(null);
  vi.mocked(endSession).mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('required path parameters (spec §5)', () => {
  it('throws a RequiredError named for the missing classSessionId before any call', async () => {
    await expect(getClassSession(undefined)).rejects.toThrowError(RequiredError);
    await expect(getClassSession(null)).rejects.toMatchObject({ field: 'classSessionId' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('throws a RequiredError named for the missing reset token before any call', async () => {
    const body = { password: 'long enough', passwordRepeat: 'long enough' };
    await expect(resetPassword(null, body)).rejects.toMatchObject({ name: 'RequiredError', field: 'token' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('requests', () => {
  it('sends the stored token as a Bearer Authorization header', async () => {
    vi.mocked(getToken).mockReturnValue('abc.def.ghi');
    fetchMock.mockResolvedValue(reply(200, '[]', 'application/json'));

    await getClassSessions(true);

    const { url, headers } = lastRequest();
    expect(url).toBe('/api/ClassSession?active=true');
    expect(headers.get('authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(reply(200, '[]', 'application/json'));
    await getClassSessions();
    expect(lastRequest().url).toBe('/api/ClassSession');
    expect(lastRequest().headers.has('authorization')).toBe(false);
  });

  it('sends a JSON body with a JSON content type to the same origin', async () => {
    fetchMock.mockResolvedValue(reply(204));
    await postContact(contactBody);
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/Contact');
    expect(init.method).toBe('POST');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual(contactBody);
  });

  it('URL-encodes path parameters', async () => {
    fetchMock.mockResolvedValue(reply(200, '{"id":1}', 'application/json'));
    await getClassSession('a/b');
    expect(lastRequest().url).toBe('/api/ClassSession/a%2Fb');
  });
});

describe('replies', () => {
  it('resolves a 204 No Content reply to undefined', async () => {
    fetchMock.mockResolvedValue(reply(204));
    await expect(postContact(contactBody)).resolves.toBeUndefined();
  });

  it('resolves a text/plain reply to its text (Login answers with the token)', async () => {
    fetchMock.mockResolvedValue(reply(200, 'header.payload.signature', 'text/plain; charset=utf-8'));
    await expect(login({ emailAddress: 'a@b.co', password: 'secret' })).resolves.toBe(
      'header.payload.signature',
    );
  });

  it('parses a JSON reply', async () => {
    fetchMock.mockResolvedValue(reply(200, '{"id":7,"name":"Spring"}', 'application/json; charset=utf-8'));
    await expect(getClassSession(7)).resolves.toEqual({ id: 7, name: 'Spring' });
  });

  it('throws an ApiError with the status, body and field messages on a 400', async () => {
    const body = {
      error: 'Bad Request',
      message: 'Please check the highlighted fields',
      fields: { email: 'Please enter a valid email address' },
      requestId: 'req-1',
    };
    fetchMock.mockResolvedValue(reply(400, JSON.stringify(body), 'application/json'));

    const error = await postContact(contactBody).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      body,
      fields: { email: 'Please enter a valid email address' },
    });
    expect((error as ApiError).message).toBe('Please check the highlighted fields');
  });

  it('throws an ApiError with no body or fields when a failure is not JSON', async () => {
    fetchMock.mockResolvedValue(reply(502, '<html>Bad gateway</html>', 'text/html'));
    const error = await getClassSessions().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, body: null, fields: {} });
  });

  it('throws an ApiError on a 404 for an unknown session', async () => {
    const body = { error: 'Not Found', message: 'Session not found', requestId: 'r' };
    fetchMock.mockResolvedValue(reply(404, JSON.stringify(body), 'application/json'));
    await expect(getClassSession(999)).rejects.toMatchObject({ name: 'ApiError', status: 404 });
  });

  it('rejects a login reply that carries no token', async () => {
    fetchMock.mockResolvedValue(reply(204));
    await expect(login({ emailAddress: 'a@b.co', password: 'secret' })).rejects.toThrow();
  });

  it('ends the session when the server refuses the token it was sent (401)', async () => {
    vi.mocked(getToken).mockReturnValue('expired.jwt.token');
    const body = { error: 'Unauthorized', message: 'Your session has expired.', requestId: 'r' };
    fetchMock.mockResolvedValue(reply(401, JSON.stringify(body), 'application/json'));
    await expect(getClassSessions()).rejects.toMatchObject({ status: 401 });
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on other failures, and on a 401 to a call sent without a token', async () => {
    vi.mocked(getToken).mockReturnValue('valid.jwt.token');
    fetchMock.mockResolvedValue(reply(403, '{"message":"no"}', 'application/json'));
    await expect(getClassSessions()).rejects.toMatchObject({ status: 403 });
    vi.mocked(getToken).mockReturnValue(null);
    fetchMock.mockResolvedValue(reply(401, '{"message":"no"}', 'application/json'));
    await expect(login({ emailAddress: 'a@b.co', password: 'wrong one' })).rejects.toMatchObject({
      status: 401,
    });
    expect(endSession).not.toHaveBeenCalled();
  });
});
