// First: installs zod's plain field messages and jitless mode before any schema is built.
import './messages.ts';

export * from './auth.ts';
export * from './class-session.ts';
export * from './contact.ts';
export * from './enrollment.ts';
export * from './errors.ts';
export * from './family.ts';
export * from './family-money.ts';
export * from './fields.ts';
export * from './intl.ts';
export * from './language.ts';
export * from './message-files.ts';
export { FIELD_REQUIRED } from './messages.ts';
export * from './paging.ts';
export * from './passes.ts';
export * from './public-pages.ts';
export * from './routes.ts';
export * from './staff.ts';
export * from './staff-announcements.ts';
export * from './staff-audit.ts';
export * from './staff-families.ts';
export * from './staff-inbox.ts';
export * from './staff-money.ts';
export * from './staff-resources.ts';
export * from './staff-setup.ts';
export * from './token.ts';
