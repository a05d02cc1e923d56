/**
 * Starting kiosk mode on a browser that already is a door tablet (issue 21 item 16): the browser sends the
 * kiosk token it keeps, and the server answers that tablet again instead of making another record. A token
 * of a stopped tablet, or none, makes a new one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiosks } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api } from './support/registration.ts';

describe.each(dbKinds)('setting up a door tablet on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let director: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SIGNUP_RATE_LIMIT: '1000' } });
    a = api(t);
    director = (await a.promote('Director', 'Admin')).token;
  });
  afterAll(async () => t?.close());

  const start = (body: object) => a.call(director, 'POST', '/api/staff/kiosks', body);
  const tablets = () => t.database.db.select().from(kiosks);

  it('starting kiosk mode twice from the same browser leaves one tablet, renamed, with the same token', async () => {
    const first = await start({ name: 'Front door' });
    expect(first.statusCode).toBe(201);
    const { token, kiosk } = first.json();

    const again = await start({ name: 'Front door', currentToken: token });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ token, kiosk: { id: kiosk.id, name: 'Front door' } });

    const renamed = await start({ name: 'Main entrance', currentToken: token });
    expect(renamed.json()).toMatchObject({ token, kiosk: { id: kiosk.id, name: 'Main entrance' } });
    expect(await tablets()).toHaveLength(1);
    // The token still opens the kiosk API as that tablet.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/kiosk/me',
      headers: { authorization: `Kiosk ${token}` },
    });
    expect(me.json()).toMatchObject({ id: kiosk.id, name: 'Main entrance' });
  });

  it('makes a new tablet when the browser’s token is of a stopped tablet or unknown', async () => {
    const before = (await tablets()).length;
    const first = (await start({ name: 'Side gate' })).json();
    expect((await a.call(director, 'POST', `/api/staff/kiosks/${first.kiosk.id}/revoke`)).statusCode).toBe(
      200,
    );
    const after = await start({ name: 'Side gate', currentToken: first.token });
    expect(after.json().token).not.toBe(first.token);
    expect(after.json().kiosk.id).not.toBe(first.kiosk.id);
    const unknown = await start({ name: 'Back door', currentToken: 'not-a-token-of-ours' });
    expect(unknown.json().kiosk.id).not.toBe(after.json().kiosk.id);
    expect(await tablets()).toHaveLength(before + 3);
  });
});
