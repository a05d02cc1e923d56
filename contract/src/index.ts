export * from './auth.ts';
export * from './class-session.ts';
export * from './contact.ts';
export * from './errors.ts';
export * from './family.ts';
export * from './fields.ts';
export * from './routes.ts';
export * from './token.ts';
