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
    /**
     * Which proxies in front of the server to believe about the client's address and protocol
     * (`X-Forwarded-For`, `X-Forwarded-Proto`, `X-Forwarded-Host`): unset or "false" trusts none;
     * "true" trusts every hop; a number trusts that many hops; otherwise a comma-separated list of
     * addresses, subnets or Express's names (loopback, linklocal, uniquelocal).
     */
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, "must be true, false, a hop count or a list of addresses")
      .optional(),
    /** Stripe secret key (sk_test_… or sk_live_…); unset = the local simulated payment page. */
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
    /** Signing secret of the webhook endpoint (whsec_…), from the Stripe dashboard or `stripe listen`. */
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)").optional(),
    /** SMTP server for e-mails (smtp:// or smtps://); unset = .eml files in DATA_DIR/outbox. */
    SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
    /** Folder of the .eml files when SMTP_URL is unset (default DATA_DIR/outbox). */
    OUTBOX_DIR: z.string().min(1).optional(),
    /** From header of the shop's e-mails. */
    MAIL_FROM: z.string().min(3).default('"Cuvée" <commandes@cuvee.example>'),
    /** The agency's address, copied on every order e-mail. */
    AGENCY_EMAIL: z.email("must be an e-mail address").optional(),
  })
  // Without the webhook secret every Stripe event would be refused: a shopper who closes the tab
  // after paying would never see the order paid.
  .refine((env) => env.NODE_ENV !== "production" || !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
    message: "is required with STRIPE_SECRET_KEY when NODE_ENV=production",
    path: ["STRIPE_WEBHOOK_SECRET"],
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
  /** Express's `trust proxy` setting: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string[];
  stripe: { secretKey: string; webhookSecret: string | undefined } | null;
  mail: { smtpUrl: string | undefined; outboxDir: string; from: string; agencyEmail: string | undefined };
}

/**
 * Parses a process environment into the app's configuration.
 * @returns the configuration, or `{ error }` with a one-line description of the first problem.
 */
export function parseEnv(source: Record<string, string | undefined>): Env | { error: string } {
  const cleaned: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== ""),
  );
  // scripts/serve.mjs marks a local run (NODE_ENV unset) before it sets NODE_ENV=production for React.
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    stripe: env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET } : null,
    mail: { smtpUrl: env.SMTP_URL, outboxDir: env.OUTBOX_DIR ? path.resolve(env.OUTBOX_DIR) : path.join(dataDir, "outbox"), from: env.MAIL_FROM, agencyEmail: env.AGENCY_EMAIL },
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((part) => part.trim());
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
