/**
 * Vitest configuration, deliberately without the React Router Vite plugin (DESIGN §7).
 *
 * Three projects:
 * - `unit`: `app/**\/*.test.{ts,tsx}` beside the code (and the scripts' own tests), except
 *   `*.db.test.ts`. No database.
 * - `integration`: `app/**\/*.db.test.ts` and `tests/integration/**\/*.test.ts`. Each file opens its
 *   own database through `tests/support/test-database.ts`: an in-memory PGlite by default, a fresh
 *   database on a real PostgreSQL server when `TEST_DATABASE_URL` is set; either is a copy of a
 *   seed level prepared once per run (`tests/support/prepared-databases.ts`).
 * - `server`: `tests/server/**\/*.test.ts`, against the BUILT server (`scripts/serve.mjs`), each file
 *   starting its own on a free port and a temp data folder: build first.
 *
 * Run one project with `vitest run --project unit` (or `integration`, `server`); `npm test` runs
 * them all, the integration project twice (PGlite, then PostgreSQL), `server` after the build.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const app = fileURLToPath(new URL("./app", import.meta.url));

const shared = {
  resolve: { alias: { "~": app } },
  // Same JSX transform as the app (react-jsx), whatever the tsconfig says.
  esbuild: { jsx: "automatic" as const },
};

export default defineConfig({
  ...shared,
  test: {
    // A project with no test file yet is not a failure; the summary of `npm test` shows 0.
    passWithNoTests: true,
    teardownTimeout: 30_000,
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["app/**/*.db.test.{ts,tsx}", "**/node_modules/**"],
          maxWorkers: 2,
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          environment: "node",
          include: ["app/**/*.db.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**"],
          // Each file opens a PGlite (WASM, ~100 MB) or creates a PostgreSQL database, copied from
          // the seed levels the global setup prepares once: two files at a time suits 2 cores.
          globalSetup: ["tests/support/prepared-databases.ts"],
          pool: "forks",
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...shared,
        test: {
          name: "server",
          environment: "node",
          include: ["tests/server/**/*.test.ts"],
          // Each file runs a server process (PGlite and the app): two at a time on 2 cores.
          pool: "forks",
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
