import { defineConfig } from "drizzle-kit";

/** `npm run db:generate` writes the next migration from the schema's difference to migrations/meta (docs/database.md). */
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
