import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a migration from the schema; no database is needed for that.
// `drizzle-kit migrate` / `studio` use DATABASE_URL when given.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./src/server/db/migrations",
  casing: "snake_case",
  ...(process.env.DATABASE_URL ? { dbCredentials: { url: process.env.DATABASE_URL } } : {}),
});
