import { defineConfig } from 'drizzle-kit';

// Migrations are generated (`npm run db:generate`) and applied at open by the store's migrator.
// Never `drizzle-kit push`: hand-written FTS5/vec0/trigger migrations live beside the generated ones.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src-main/store/schema.ts',
  out: './migrations',
});
