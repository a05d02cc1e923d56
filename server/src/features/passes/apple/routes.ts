/**
 * Apple's PassKit web service under `/api/passes/v1/…` and the signed `.pkpass` download (issue 11), as Apple
 * documents them in https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes
 * (the pass's `webServiceURL` is `${APP_URL}/api/passes/`; Wallet appends the `v1/…` paths):
 *
 * - `POST   v1/devices/{device}/registrations/{passType}/{serial}`  register a device for a pass's updates
 *   (body `{ pushToken }`): 201 new, 200 already registered.
 * - `GET    v1/devices/{device}/registrations/{passType}?passesUpdatedSince={tag}`  the serial numbers of the
 *   device's passes changed after `tag`: 200 `{ serialNumbers, lastUpdated }`, 204 none.
 * - `DELETE v1/devices/{device}/registrations/{passType}/{serial}`  unregister: 200.
 * - `GET    v1/passes/{passType}/{serial}`  the latest pass: 200 `.pkpass` with Last-Modified, 304 when
 *   If-Modified-Since is not older.
 * - `POST   v1/log`  messages from devices (`{ logs: string[] }`): 200, written to the server log.
 *
 * The pass routes authenticate with `Authorization: ApplePass <authenticationToken>`: the token of that serial
 * number (pass-keys.ts; the database keeps its SHA-256), compared in constant time, 401 otherwise. The list of
 * updated serial numbers carries no token (Apple sends none): the device library identifier is its secret,
 * and it only ever names passes registered to that device. A pass that is unknown, or of another pass type,
 * answers 404. A revoked or expired pass is still served, marked voided, so Wallet greys it out.
 *
 * `GET /api/passes/apple/{serial}.pkpass?expires=…&signature=…` downloads a pass through the link that
 * AppleWallet.downloadLink made (15 minutes); 404 for a bad or expired signature or an unknown pass.
 *
 * All of this exists only when Apple Wallet is configured (config.apple); otherwise these paths answer 404.
 * The devices and their registrations are read and written in apple/registrations.ts; this file parses,
 * checks the token, calls and replies (docs/architecture.md, Server domains). Each route registers from its
 * `passesApi` row (contract/src/api/passes.ts; http/serve.ts); Apple calls them, the web never does.
 */
import { timingSafeEqual } from 'node:crypto';
import { passesApi } from '@lc/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../app-context.ts';
import { HttpError, notFound } from '../../../http/errors.ts';
import { redactUrl } from '../../../http/log-redaction.ts';
import { emptyReply } from '../../../http/openapi.ts';
import { serve } from '../../../http/serve.ts';
import { loadPassContent } from '../pass-content.ts';
import { hashToken, passKeys } from '../pass-keys.ts';
import { findApplePass, registerDevice, unregisterDevice, updatedSerialNumbers } from './registrations.ts';
import { DOWNLOAD_FILE_NAME, PKPASS_TYPE } from './wallet.ts';

const tags = ['Wallet passes'];

/** Lines of a device's log kept per request, and characters per line. */
const LOG_LINES = 50;
const LOG_LINE_CHARS = 500;

/** The `Authorization: ApplePass <token>` token, or null. */
function applePassToken(request: FastifyRequest): string | null {
  const match = /^ApplePass (\S+)$/.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The last-modified instant of `updatedAt` as HTTP dates carry it: whole seconds. */
function toSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

export const applePassRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const wallet = ctx.wallets.apple;
    const apple = ctx.config.apple;
    if (!wallet || !apple) return;

    /** The pass with this serial number and pass type, or 404. */
    const findPass = (passTypeIdentifier: string, serialNumber: string) =>
      findApplePass(ctx.db, apple.passTypeId, passTypeIdentifier, serialNumber);

    /**
     * 401 unless the request carries the PassKit token of `serialNumber`: its SHA-256 must equal the one kept
     * with the pass (or, for a row without one, that of the token derived from the serial number).
     */
    const authorize = async (
      request: FastifyRequest,
      serialNumber: string,
      stored: string | null,
    ): Promise<void> => {
      const token = applePassToken(request);
      const expected = Buffer.from(
        stored ?? hashToken((await passKeys(ctx.config)).appleAuthenticationToken(serialNumber)),
      );
      const given = Buffer.from(hashToken(token ?? ''));
      if (!token || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new HttpError(401, 'passes.apple.unverified');
      }
    };

    /** What passport `passportId` shows now, or 404. */
    const currentContent = async (passportId: string) => {
      const content = await loadPassContent(ctx.db, ctx.config, ctx.passPhotos, passportId, ctx.clock.now());
      if (!content) throw notFound('pass');
      return content;
    };

    const sendPass = (reply: FastifyReply, bytes: Buffer) =>
      reply
        .header('content-type', PKPASS_TYPE)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);

    serve(
      app,
      passesApi.passKitRegister,
      {
        config: { auth: 'public', credential: 'applePass', errors: [401] },
        tags,
        summary: 'PassKit: register a device for a pass’s updates',
        description:
          'Called by Apple Wallet with `Authorization: ApplePass <authenticationToken>` and `{ pushToken }`. 201 when the device is newly registered for the pass, 200 when it already was (its push token is updated), 401 for a missing or wrong token, 404 for an unknown pass.',
        replyDescription: 'Registered',
        otherReplies: { 200: emptyReply('Already registered') },
      },
      async (request, reply) => {
        const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
        const pass = await findPass(passTypeIdentifier, serialNumber);
        await authorize(request, serialNumber, pass.tokenHash);
        const { pushToken } = request.body;
        const created = await registerDevice(ctx.db, deviceLibraryIdentifier, pass.id, pushToken);
        return reply.code(created ? 201 : 200).send();
      },
    );

    serve(
      app,
      passesApi.passKitUpdated,
      {
        config: { auth: 'public' },
        tags,
        summary: 'PassKit: the serial numbers of a device’s passes updated since a tag',
        description:
          '`passesUpdatedSince` is the `lastUpdated` tag of an earlier answer (milliseconds since 1970, as a string); without it, every pass registered to the device is listed. 200 `{ serialNumbers, lastUpdated }`, 204 when none changed.',
        otherReplies: { 204: z.null().describe('No pass changed') },
      },
      async (request, reply) => {
        const { deviceLibraryIdentifier, passTypeIdentifier } = request.params;
        if (passTypeIdentifier !== apple.passTypeId) throw notFound('passType');
        const tag = request.query.passesUpdatedSince?.trim();
        const since = tag && /^\d{1,16}$/.test(tag) ? Number(tag) : undefined;
        const updated = await updatedSerialNumbers(
          ctx.db,
          deviceLibraryIdentifier,
          passTypeIdentifier,
          since,
        );
        if (!updated) return reply.code(204).send(null);
        return updated;
      },
    );

    serve(
      app,
      passesApi.passKitUnregister,
      {
        config: { auth: 'public', credential: 'applePass', errors: [401] },
        tags,
        summary: 'PassKit: unregister a device from a pass’s updates',
        description:
          'Called by Apple Wallet with `Authorization: ApplePass <authenticationToken>` when the pass is removed from the device. 200 (also when it was not registered), 401 for a missing or wrong token, 404 for an unknown pass.',
        replyDescription: 'Unregistered',
      },
      async (request, reply) => {
        const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
        const pass = await findPass(passTypeIdentifier, serialNumber);
        await authorize(request, serialNumber, pass.tokenHash);
        await unregisterDevice(ctx.db, deviceLibraryIdentifier, pass.id);
        return reply.code(200).send();
      },
    );

    serve(
      app,
      passesApi.passKitPass,
      {
        config: { auth: 'public', credential: 'applePass', errors: [401] },
        tags,
        summary: 'PassKit: the latest version of a pass',
        description:
          'Called by Apple Wallet with `Authorization: ApplePass <authenticationToken>`. 200 with the signed `.pkpass` and `Last-Modified`; 304 when `If-Modified-Since` is not older than the pass; 401 for a missing or wrong token; 404 for an unknown pass. A revoked or expired pass is still answered, marked voided.',
        replyDescription: 'The signed pass',
        fileTypes: [PKPASS_TYPE],
        otherReplies: { 304: emptyReply('Not modified') },
      },
      async (request, reply) => {
        const { passTypeIdentifier, serialNumber } = request.params;
        const pass = await findPass(passTypeIdentifier, serialNumber);
        await authorize(request, serialNumber, pass.tokenHash);
        const content = await currentContent(pass.id);
        const modified = toSeconds(content.updatedAt);
        reply.header('last-modified', new Date(modified * 1000).toUTCString());
        const since = Date.parse(request.headers['if-modified-since'] ?? '');
        if (!Number.isNaN(since) && modified <= toSeconds(new Date(since))) {
          return reply.code(304).header('cache-control', 'no-store').send();
        }
        return sendPass(reply, await wallet.build(content));
      },
    );

    serve(
      app,
      passesApi.passKitLog,
      {
        config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
        tags,
        summary: 'PassKit: messages from Apple Wallet about errors with our passes',
        description: `\`{ logs: string[] }\`: each line (at most ${LOG_LINES}, each cut at ${LOG_LINE_CHARS} characters) is written to the server log as a warning. 200.`,
        replyDescription: 'Written to the log',
      },
      async (request, reply) => {
        for (const line of request.body.logs.slice(0, LOG_LINES)) {
          request.log.warn(`Apple Wallet device log: ${redactUrl(line.slice(0, LOG_LINE_CHARS))}`);
        }
        return reply.code(200).send();
      },
    );

    serve(
      app,
      passesApi.appleDownload,
      {
        config: { auth: 'public' },
        tags,
        summary: 'Download a pickup pass for Apple Wallet through a signed link',
        description:
          '`{serialNumber}.pkpass` with the `expires` and `signature` of a link the pass page gave (it works for 15 minutes). 200 with the signed `.pkpass`; 404 for a bad or expired signature or an unknown pass.',
        replyDescription: 'The signed pass',
        fileTypes: [PKPASS_TYPE],
      },
      async (request, reply) => {
        const serialNumber = /^(.+)\.pkpass$/.exec(request.params.file)?.[1];
        const { expires, signature } = request.query;
        if (
          !serialNumber ||
          !expires ||
          !signature ||
          !/^\d{1,12}$/.test(expires) ||
          !(await wallet.verifyDownload(serialNumber, Number(expires), signature, ctx.clock.now()))
        ) {
          throw notFound('pass');
        }
        const pass = await findPass(apple.passTypeId, serialNumber);
        const content = await currentContent(pass.id);
        reply.header('content-disposition', `attachment; filename="${DOWNLOAD_FILE_NAME}"`);
        return sendPass(reply, await wallet.build(content));
      },
    );
  };
