/**
 * `/api/UserAuthentication/*` (spec §7 Authentication, issue 3). Login and Register answer with the
 * session token as text/plain; the rest answer 204 or JSON. Every reply here is `Cache-Control: no-store`
 * (http/authenticate.ts).
 */
import { authApi } from '@lc/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import {
  type AccountDeps,
  confirmEmail,
  getAccount,
  logIn,
  registerParent,
  resendConfirmation,
  resetPassword,
  sendResetLink,
  setAccountLanguage,
  throttleResetRequest,
} from './accounts.ts';
import { endAllSessions, endSession } from './sessions.ts';

const tags = ['UserAuthentication'];
const tokenReply = 'The session token (a JWT), as text';
/** Links carry a token in the path: cap how fast one client may try them (in-process limit). */
const linkRateLimit = { max: 30, timeWindow: '15 minutes' };

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const deps: AccountDeps = {
      db: ctx.db,
      tokens: ctx.tokens,
      appUrl: ctx.config.appUrl,
      now: () => ctx.clock.now(),
      signupsPerHour: ctx.config.signupRateLimit,
    };

    serve(
      app,
      authApi.register,
      {
        config: { auth: 'public', errors: [409, 429] },
        tags,
        summary: 'Create a parent account and sign in',
        description:
          'Creates a Parent, mails a link to confirm the address, and answers 201 with the session token as text. ' +
          '409 when the address already has an account; 429 after SIGNUP_RATE_LIMIT (default 20) sign-ups per network per hour.',
        replyDescription: tokenReply,
      },
      async (request, reply) => {
        const token = await registerParent(deps, request.body, request.ip);
        void ctx.work.runNow();
        return reply.status(201).type('text/plain; charset=utf-8').send(token);
      },
    );

    serve(
      app,
      authApi.login,
      {
        config: { auth: 'public', errors: [401, 429] },
        tags,
        summary: 'Sign in',
        description:
          'Answers the session token as text. A wrong password and an unknown address get the same 401. ' +
          'After 10 attempts for one address, or 100 from one network, within 15 minutes: 429 with Retry-After.',
        replyDescription: tokenReply,
      },
      async (request, reply) => {
        const token = await logIn(deps, request.body, request.ip);
        return reply.type('text/plain; charset=utf-8').send(token);
      },
    );

    serve(
      app,
      authApi.requestPasswordReset,
      {
        config: { auth: 'public', errors: [429] },
        tags,
        summary: 'Mail a password reset link',
        description:
          'Always 204, at once, whether or not the address has an account; an account gets a link valid for 60 minutes. ' +
          '429 after 3 requests for one address or 20 from one network per hour.',
        replyDescription: 'Accepted',
      },
      async (request, reply) => {
        const { emailAddress } = request.body;
        await throttleResetRequest(deps, emailAddress, request.ip);
        ctx.work.defer('send reset link', () => sendResetLink(deps, emailAddress));
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      authApi.resetPassword,
      {
        config: { auth: 'public', rateLimit: linkRateLimit },
        tags,
        summary: 'Choose a new password with a reset link',
        description:
          'Sets the password, uses up every reset link of the account and signs out every session. Does not sign in. ' +
          '400 when the link is unknown, used or expired.',
        replyDescription: 'Password changed',
      },
      async (request, reply) => {
        await resetPassword(deps, request.params.token, request.body.password);
        void ctx.work.runNow();
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      authApi.confirmEmail,
      {
        config: { auth: 'public', rateLimit: linkRateLimit },
        tags,
        summary: 'Confirm an email address with the mailed link',
        description: '204 when confirmed (or already confirmed); 400 when the link is unknown or expired.',
        replyDescription: 'Confirmed',
      },
      async (request, reply) => {
        await confirmEmail(deps, request.params.token);
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      authApi.resendConfirmation,
      {
        config: { errors: [429] },
        tags,
        summary: 'Mail a fresh confirmation link to the signed-in user',
        description: '204; nothing is sent when the address is already confirmed. 429 after 3 per hour.',
        replyDescription: 'Sent',
      },
      async (request, reply) => {
        await resendConfirmation(deps, currentUser(request).id);
        void ctx.work.runNow();
        return reply.status(204).send(null);
      },
    );

    serve(app, authApi.me, { tags, summary: "The signed-in user's account" }, async (request) => {
      const account = await getAccount(ctx.db, currentUser(request).id);
      if (!account) throw new HttpError(401, 'access.signIn');
      return account;
    });

    serve(
      app,
      authApi.logout,
      {
        tags,
        summary: 'Log out: end this session on the server',
        description:
          '204. The token this call came with stops working at once, in every server process (decision 016); ' +
          'other sessions of the account go on.',
        replyDescription: 'Logged out',
      },
      async (request, reply) => {
        const user = currentUser(request);
        await endSession(ctx.db, user.id, user.sessionId, ctx.clock.now());
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      authApi.logoutEverywhere,
      {
        tags,
        summary: 'Log out everywhere: end every session of the account, this one included',
        description:
          '204. Every token of the account stops working at once, the one this call came with included ' +
          '(decision 016); the browser then signs in again.',
        replyDescription: 'Logged out everywhere',
      },
      async (request, reply) => {
        await endAllSessions(ctx.db, currentUser(request).id, ctx.clock.now());
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      authApi.accountLanguage,
      {
        tags,
        summary: "Set the signed-in user's language ('en' or 'es'); their emails follow it",
        description: '204. 400 with a field message for any other language.',
        replyDescription: 'Saved',
      },
      async (request, reply) => {
        const saved = await setAccountLanguage(ctx.db, currentUser(request).id, request.body.language);
        if (!saved) throw new HttpError(401, 'access.signIn');
        return reply.status(204).send(null);
      },
    );
  };
