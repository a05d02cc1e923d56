/**
 * `/api/UserAuthentication/*` in the API table (spec §7 Authentication; contract/src/endpoint.ts). Login and
 * Register answer with the session token as text.
 */
import {
  AccountLanguageSchema,
  AccountSchema,
  LinkTokenParamsSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  ResetRequestSchema,
} from '../auth.ts';
import { endpoint } from '../endpoint.ts';

export const authApi = {
  /** Create a parent account and sign in: 201 with the token. */
  register: endpoint({
    method: 'POST',
    path: '/api/UserAuthentication/Register',
    body: RegisterSchema,
    status: 201,
    reply: 'text',
  }),
  /** Sign in: the token. */
  login: endpoint({
    method: 'POST',
    path: '/api/UserAuthentication/Login',
    body: LoginSchema,
    status: 200,
    reply: 'text',
  }),
  /** Mail a password reset link (always 204). */
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/UserAuthentication/ResetPassword',
    body: ResetRequestSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Choose a new password with a mailed reset link. */
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/UserAuthentication/ResetPassword/:token',
    params: LinkTokenParamsSchema,
    body: ResetPasswordSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Confirm an email address with the mailed link. */
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/UserAuthentication/ConfirmEmail/:token',
    params: LinkTokenParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Mail the signed-in user a fresh confirmation link. */
  resendConfirmation: endpoint({
    method: 'POST',
    path: '/api/UserAuthentication/ConfirmEmail',
    status: 204,
    reply: 'empty',
  }),
  /** The signed-in user's account. */
  me: endpoint({ method: 'GET', path: '/api/UserAuthentication/Me', status: 200, reply: AccountSchema }),
  /** End this session on the server (decision 016). */
  logout: endpoint({ method: 'POST', path: '/api/UserAuthentication/Logout', status: 204, reply: 'empty' }),
  /** End every session of the account, this one included (decision 016). */
  logoutEverywhere: endpoint({
    method: 'POST',
    path: '/api/UserAuthentication/LogoutEverywhere',
    status: 204,
    reply: 'empty',
  }),
  /** The signed-in user's language; their emails follow it (issue 14). */
  accountLanguage: endpoint({
    method: 'PUT',
    path: '/api/UserAuthentication/Language',
    body: AccountLanguageSchema,
    status: 204,
    reply: 'empty',
  }),
} as const;
