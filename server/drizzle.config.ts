import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a new SQL migration from schema.ts changes; migrations run at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
});
