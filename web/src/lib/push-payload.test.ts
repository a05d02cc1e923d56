import { describe, expect, it } from 'vitest';
import { notificationTarget, readPushPayload } from './push-payload.ts';

describe('a push notification’s payload', () => {
  it('reads the server’s JSON', () => {
    expect(
      readPushPayload(
        JSON.stringify({
          title: 'Ava was dropped off',
          body: 'At 8:45 AM.',
          url: '/dashboard/attendance',
          tag: 'door-1',
        }),
      ),
    ).toEqual({
      title: 'Ava was dropped off',
      body: 'At 8:45 AM.',
      url: '/dashboard/attendance',
      tag: 'door-1',
    });
  });

  it('shows nothing for an empty, broken or titleless push', () => {
    expect(readPushPayload('')).toBeNull();
    expect(readPushPayload('not json')).toBeNull();
    expect(readPushPayload(JSON.stringify({ body: 'no title' }))).toBeNull();
    expect(readPushPayload('null')).toBeNull();
  });

  it('opens only this app’s pages on a tap', () => {
    const origin = 'https://portal.brightoak.example';
    expect(notificationTarget('/dashboard/messages', origin)).toBe(`${origin}/dashboard/messages`);
    expect(notificationTarget('https://elsewhere.example/x', origin)).toBe(`${origin}/`);
    expect(notificationTarget('//elsewhere.example/x', origin)).toBe(`${origin}/`);
    expect(notificationTarget(undefined, origin)).toBe(`${origin}/`);
  });
});
