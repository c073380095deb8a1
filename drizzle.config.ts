import { defineConfig } from "drizzle-kit";

/** Migrations are generated offline from app/db/schema.ts; the app applies them at start-up. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./app/db/migrations",
});
