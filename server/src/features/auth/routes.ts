/**
 * `/api/UserAuthentication/*` (spec §7 Authentication, issue 3). Login and Register answer with the
 * session token as text/plain; the rest answer 204 or JSON. Every reply here is `Cache-Control: no-store`
 * (http/authenticate.ts).
 */
import {
  AccountLanguageSchema,
  AccountSchema,
  LinkTokenParamsSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  ResetRequestSchema,
} from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
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
const tokenReply = {
  description: 'The session token (a JWT), as text',
  content: { 'text/plain': { schema: z.string() } },
};
const noContent = (description: string) => z.null().describe(description);
/** Links carry a token in the path: cap how fast one client may try them (in-process limit). */
const linkRateLimit = { max: 30, timeWindow: '15 minutes' };

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: AccountDeps = {
      db: ctx.db,
      tokens: ctx.tokens,
      appUrl: ctx.config.appUrl,
      now: () => ctx.clock.now(),
      signupsPerHour: ctx.config.signupRateLimit,
    };

    app.post(
      '/api/UserAuthentication/Register',
      {
        config: { auth: 'public', errors: [409, 429] },
        schema: {
          tags,
          summary: 'Create a parent account and sign in',
          description:
            'Creates a Parent, mails a link to confirm the address, and answers 201 with the session token as text. ' +
            '409 when the address already has an account; 429 after SIGNUP_RATE_LIMIT (default 20) sign-ups per network per hour.',
          body: RegisterSchema,
          response: { 201: tokenReply },
        },
      },
      async (request, reply) => {
        const token = await registerParent(deps, request.body, request.ip);
        void ctx.work.runNow();
        return reply.status(201).type('text/plain; charset=utf-8').send(token);
      },
    );

    app.post(
      '/api/UserAuthentication/Login',
      {
        config: { auth: 'public', errors: [401, 429] },
        schema: {
          tags,
          summary: 'Sign in',
          description:
            'Answers the session token as text. A wrong password and an unknown address get the same 401. ' +
            'After 10 attempts for one address, or 100 from one network, within 15 minutes: 429 with Retry-After.',
          body: LoginSchema,
          response: { 200: tokenReply },
        },
      },
      async (request, reply) => {
        const token = await logIn(deps, request.body, request.ip);
        return reply.type('text/plain; charset=utf-8').send(token);
      },
    );

    app.post(
      '/api/UserAuthentication/ResetPassword',
      {
        config: { auth: 'public', errors: [429] },
        schema: {
          tags,
          summary: 'Mail a password reset link',
          description:
            'Always 204, at once, whether or not the address has an account; an account gets a link valid for 60 minutes. ' +
            '429 after 3 requests for one address or 20 from one network per hour.',
          body: ResetRequestSchema,
          response: { 204: noContent('Accepted') },
        },
      },
      async (request, reply) => {
        const { emailAddress } = request.body;
        await throttleResetRequest(deps, emailAddress, request.ip);
        ctx.work.defer('send reset link', () => sendResetLink(deps, emailAddress));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/UserAuthentication/ResetPassword/:token',
      {
        config: { auth: 'public', rateLimit: linkRateLimit },
        schema: {
          tags,
          summary: 'Choose a new password with a reset link',
          description:
            'Sets the password, uses up every reset link of the account and signs out every session. Does not sign in. ' +
            '400 when the link is unknown, used or expired.',
          params: LinkTokenParamsSchema,
          body: ResetPasswordSchema,
          response: { 204: noContent('Password changed') },
        },
      },
      async (request, reply) => {
        await resetPassword(deps, request.params.token, request.body.password);
        void ctx.work.runNow();
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/UserAuthentication/ConfirmEmail/:token',
      {
        config: { auth: 'public', rateLimit: linkRateLimit },
        schema: {
          tags,
          summary: 'Confirm an email address with the mailed link',
          description: '204 when confirmed (or already confirmed); 400 when the link is unknown or expired.',
          params: LinkTokenParamsSchema,
          response: { 204: noContent('Confirmed') },
        },
      },
      async (request, reply) => {
        await confirmEmail(deps, request.params.token);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/UserAuthentication/ConfirmEmail',
      {
        config: { errors: [429] },
        schema: {
          tags,
          summary: 'Mail a fresh confirmation link to the signed-in user',
          description: '204; nothing is sent when the address is already confirmed. 429 after 3 per hour.',
          response: { 204: noContent('Sent') },
        },
      },
      async (request, reply) => {
        await resendConfirmation(deps, currentUser(request).id);
        void ctx.work.runNow();
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/UserAuthentication/Me',
      {
        schema: {
          tags,
          summary: "The signed-in user's account",
          response: { 200: AccountSchema },
        },
      },
      async (request) => {
        const account = await getAccount(ctx.db, currentUser(request).id);
        if (!account) throw new HttpError(401, 'Please log in to continue.');
        return account;
      },
    );

    app.post(
      '/api/UserAuthentication/Logout',
      {
        schema: {
          tags,
          summary: 'Log out: end this session on the server',
          description:
            '204. The token this call came with stops working at once, in every server process (decision 016); ' +
            'other sessions of the account go on.',
          response: { 204: noContent('Logged out') },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        await endSession(ctx.db, user.id, user.sessionId, ctx.clock.now());
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/UserAuthentication/LogoutEverywhere',
      {
        schema: {
          tags,
          summary: 'Log out everywhere: end every session of the account, this one included',
          description:
            '204. Every token of the account stops working at once, the one this call came with included ' +
            '(decision 016); the browser then signs in again.',
          response: { 204: noContent('Logged out everywhere') },
        },
      },
      async (request, reply) => {
        await endAllSessions(ctx.db, currentUser(request).id, ctx.clock.now());
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/api/UserAuthentication/Language',
      {
        schema: {
          tags,
          summary: "Set the signed-in user's language ('en' or 'es'); their emails follow it",
          description: '204. 400 with a field message for any other language.',
          body: AccountLanguageSchema,
          response: { 204: noContent('Saved') },
        },
      },
      async (request, reply) => {
        const saved = await setAccountLanguage(ctx.db, currentUser(request).id, request.body.language);
        if (!saved) throw new HttpError(401, 'Please log in to continue.');
        return reply.status(204).send(null);
      },
    );
  };
