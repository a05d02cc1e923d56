/**
 * The SMS adapter (docs/architecture.md: Twilio when TWILIO_* is set, else DATA_DIR/sms.log): the Twilio call is
 * checked against a local HTTP fake of its Messages endpoint; the file fallback writes one JSON line per text.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSmsSender } from '../src/adapters/sms.ts';

describe('SMS adapter', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('posts To, From and Body to Twilio with basic auth, and throws when Twilio refuses', async () => {
    const seen: Array<{ url: string; auth: string; body: URLSearchParams }> = [];
    let status = 201;
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        seen.push({
          url: req.url ?? '',
          auth: req.headers.authorization ?? '',
          body: new URLSearchParams(raw),
        });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const sms = createSmsSender({
      twilio: { accountSid: 'AC123', authToken: 'secret', from: '+16505550100' },
      dataDir: '/nonexistent',
      log: () => {},
      twilioBaseUrl: `http://127.0.0.1:${port}`,
    });
    expect(sms.kind).toBe('twilio');
    await sms.send({ to: '+16505550199', body: 'Pajama day on Friday!' });
    expect(seen[0]!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(seen[0]!.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(Object.fromEntries(seen[0]!.body)).toEqual({
      To: '+16505550199',
      From: '+16505550100',
      Body: 'Pajama day on Friday!',
    });
    status = 400;
    await expect(sms.send({ to: '+16505550199', body: 'x' })).rejects.toThrow('Twilio answered 400');
    server.close();
  });

  it('without Twilio, appends each text to DATA_DIR/sms.log', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-sms-'));
    dirs.push(dir);
    const sms = createSmsSender({ twilio: undefined, dataDir: dir, log: () => {} });
    await sms.send({ to: '+16505550199', body: 'First' });
    await sms.send({ to: '+16505550100', body: 'Second' });
    const lines = (await readFile(path.join(dir, 'sms.log'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.to, l.body])).toEqual([
      ['+16505550199', 'First'],
      ['+16505550100', 'Second'],
    ]);
  });
});
