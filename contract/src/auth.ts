/**
 * Account forms and bodies (spec §5 validation table, spec §7 Authentication). Every message here is an
 * exact text from the spec.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { EmailSchema, nameSchema } from './fields.ts';
import { LANGUAGES } from './language.ts';

export const PASSWORD_REQUIRED_LOGIN = fieldMessage('fields.account.passwordRequired');
export const PASSWORD_MIN = fieldMessage('fields.account.passwordMin');
export const PASSWORD_REPEAT_REQUIRED = fieldMessage('fields.account.passwordRepeatRequired');
export const PASSWORDS_MUST_MATCH = fieldMessage('fields.account.passwordsMustMatch');
/** Shown on submit of the reset form when the two passwords differ (spec §5). */
export const BOTH_PASSWORDS_MUST_MATCH = fieldMessage('fields.account.bothPasswordsMustMatch');
/**
 * A new password that is one of the most common passwords (OWASP ASVS 2.1.7; issue 21). The server checks it
 * (zxcvbn-ts's common-password list is too large for the browser), so this reaches the form as a field message.
 */
export const PASSWORD_TOO_COMMON = fieldMessage('fields.account.passwordTooCommon');

/** Passwords are never trimmed; 8 characters minimum (spec §9), 128 maximum (OWASP ASVS 2.1.2 allows ≥ 64). */
const NewPasswordSchema = z
  .string({ error: PASSWORD_MIN })
  .min(8, PASSWORD_MIN)
  .max(128, fieldMessage('fields.account.passwordMax'));

export const LanguageSchema = z.enum(LANGUAGES, { error: fieldMessage('fields.account.chooseLanguage') });

/** `PUT /api/UserAuthentication/Language` body (issue 14). */
export const AccountLanguageSchema = z.object({ language: LanguageSchema });
export type AccountLanguageInput = z.input<typeof AccountLanguageSchema>;

export const LoginSchema = z.object({
  emailAddress: EmailSchema,
  password: z.string({ error: PASSWORD_REQUIRED_LOGIN }).min(1, PASSWORD_REQUIRED_LOGIN).max(1024),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const RegisterSchema = z.object({
  firstName: nameSchema(fieldMessage('fields.account.firstNameRequired')),
  lastName: nameSchema(fieldMessage('fields.account.lastNameRequired')),
  emailAddress: EmailSchema,
  password: NewPasswordSchema,
  /** The language the family signed up in (issue 14); their emails follow it. English when absent. */
  language: LanguageSchema.optional(),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

export const ResetRequestSchema = z.object({ emailAddress: EmailSchema });
export type ResetRequestInput = z.input<typeof ResetRequestSchema>;

export const ResetPasswordSchema = z
  .object({
    password: NewPasswordSchema,
    passwordRepeat: z.string({ error: PASSWORD_REPEAT_REQUIRED }).min(1, PASSWORD_REPEAT_REQUIRED),
  })
  .refine((value) => value.password === value.passwordRepeat, {
    message: PASSWORDS_MUST_MATCH,
    path: ['passwordRepeat'],
  });
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

/** User.type values (docs/architecture.md, Identity and access). */
export const USER_TYPES = ['Parent', 'Staff', 'Admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Claims of the JWT the server issues (docs/architecture.md). `exp` and `iat` are seconds since the epoch. */
export type TokenClaims = {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  role: UserType;
  tv: number;
  /** The server-side session this token belongs to (decision 016): logging out ends it. */
  sid: string;
  iat: number;
  exp: number;
};

/** `GET /api/UserAuthentication/Me`: the signed-in user's own account. */
export const AccountSchema = z.object({
  id: z.string(),
  type: z.enum(USER_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  emailConfirmed: z.boolean(),
  /** The language the family's emails are written in (issue 14). */
  language: LanguageSchema,
});
export type Account = z.infer<typeof AccountSchema>;

/** Path parameter of the reset and confirm links: a base64url token (43 characters as issued). */
export const LinkTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
