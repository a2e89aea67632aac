import { defineConfig } from 'drizzle-kit';

// Generates D1 migrations offline from the tables; read each one before committing.
export default defineConfig({
  dialect: 'sqlite',
  schema: './schema/tables.ts',
  out: './migrations',
});
