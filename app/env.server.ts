/**
 * Configuration, checked once with zod at start-up (issue 2 §1). A bad value stops the server
 * with one readable line, never a stack trace.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave it unset for the embedded PGlite)")
      .optional(),
    /** Folder for the embedded database and the development session secret. */
    DATA_DIR: z.string().min(1).default("data"),
    SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    /** "0" skips loading the demo catalogue into an empty database. */
    SEED_DEMO: z.enum(["0", "1"]).default("1"),
  })
  .refine((env) => env.NODE_ENV !== "production" || env.SESSION_SECRET, {
    message: "is required when NODE_ENV=production",
    path: ["SESSION_SECRET"],
  });

export interface Env {
  nodeEnv: "development" | "production" | "test";
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  sessionSecret: string;
  port: number;
  host: string | undefined;
  seedDemo: boolean;
}

/**
 * Parses a process environment into the app's configuration.
 * @returns the configuration, or `{ error }` with a one-line description of the first problem.
 */
export function parseEnv(source: Record<string, string | undefined>): Env | { error: string } {
  const cleaned: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== ""),
  );
  // scripts/serve.mjs marks a local run (NODE_ENV unset) before react-router-serve sets production.
  if (cleaned.CUVEE_ENV) cleaned.NODE_ENV = cleaned.CUVEE_ENV;
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { error: `Invalid configuration: ${issue.path.join(".") || "environment"} ${issue.message}` };
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, "pglite"),
    sessionSecret: env.SESSION_SECRET ?? developmentSecret(dataDir),
    port: env.PORT,
    host: env.HOST,
    seedDemo: env.SEED_DEMO === "1",
  };
}

/** A random secret created once and kept under the data folder (development only). */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The validated configuration of this process; exits with one line when it is invalid. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = parseEnv(process.env);
  if ("error" in parsed) {
    console.error(parsed.error);
    process.exit(1);
  }
  cached = parsed;
  return parsed;
}
