export * from './auth.ts';
export * from './class-sessions.ts';
export * from './client.ts';
export * from './contact.ts';
export * from './enrollment.ts';
export * from './family.ts';
