/**
 * Configuration, checked once with zod at start-up. A bad value stops the server
 * with one readable line, never a stack trace.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** What every invoice prints about the seller: required in production. */
const AGENCY_INVOICE_SETTINGS = ["AGENCY_NAME", "AGENCY_ADDRESS", "AGENCY_GST_NUMBER", "AGENCY_QST_NUMBER", "AGENCY_HST_NUMBER"] as const;

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
    /**
     * The shop's address as customers reach it (https://cuvee.example): links in e-mails (reset
     * links, orders) and Stripe's return addresses are built on it, never on a request's Host
     * header, which a client chooses. Required in production.
     */
    PUBLIC_URL: z.url({ protocol: /^https?$/, message: "must be an http(s):// address" }).optional(),
    /** "0" skips loading the demo catalogue into an empty database. */
    SEED_DEMO: z.enum(["0", "1"]).default("1"),
    /** "0" loads the demo catalogue without its drawn photos (the built-server tests' choice: faster starts). */
    SEED_DEMO_PHOTOS: z.enum(["0", "1"]).default("1"),
    /** Folder keeping the demo catalogue's drawn photos between seeds (default DATA_DIR/demo-art). */
    DEMO_ART_DIR: z.string().min(1).optional(),
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
    /**
     * Seconds a shared page (the product list and home as a visitor without a session sees them,
     * decision 026) is served at most; a change of the catalogue empties them sooner. "0" renders
     * every page (`npm run bench` measures rendering that way).
     */
    SHARED_PAGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /**
     * Seconds between two looks for scheduled articles to publish (decision 045): an article
     * appears at most this long after its time. The end-to-end tests' server looks every 5.
     */
    PUBLICATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Stripe secret key (sk_test_… or sk_live_…); unset = the local simulated payment page. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
    /** Signing secret of the webhook endpoint (whsec_…), from the Stripe dashboard or `stripe listen`. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)")
      .optional(),
    /** SMTP server for e-mails (smtp:// or smtps://); unset = .eml files in DATA_DIR/outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    /** Folder of the .eml files when SMTP_URL is unset (default DATA_DIR/outbox). */
    OUTBOX_DIR: z.string().min(1).optional(),
    /** From header of the shop's e-mails. */
    MAIL_FROM: z.string().min(3).default('"Cuvée" <commandes@cuvee.example>'),
    /** The agency's address, copied on every order e-mail. */
    AGENCY_EMAIL: z.email("must be an e-mail address").optional(),
    /** The agency's legal name on invoices. */
    AGENCY_NAME: z.string().trim().min(1).max(120).optional(),
    /** The agency's postal address on invoices, lines separated by "|". */
    AGENCY_ADDRESS: z.string().trim().min(1).max(300).optional(),
    /** GST registration number printed on Quebec invoices: 9 digits, RT, 4 digits. */
    AGENCY_GST_NUMBER: z
      .string()
      .trim()
      .regex(/^\d{9} ?RT ?\d{4}$/, "must look like 123456789 RT0001")
      .optional(),
    /** QST registration number printed on Quebec invoices: 10 digits, TQ, 4 digits. */
    AGENCY_QST_NUMBER: z
      .string()
      .trim()
      .regex(/^\d{10} ?TQ ?\d{4}$/, "must look like 1234567890 TQ0001")
      .optional(),
    /** HST registration number printed on Ontario invoices: 9 digits, RT, 4 digits. */
    AGENCY_HST_NUMBER: z
      .string()
      .trim()
      .regex(/^\d{9} ?RT ?\d{4}$/, "must look like 123456789 RT0001")
      .optional(),
    /** Mailchimp API key (`<key>-<data center>`, e.g. `…-us21`); unset = newsletter sign-ups kept here only. */
    MAILCHIMP_API_KEY: z
      .string()
      .trim()
      .regex(/^\w+-[a-z]{2,4}\d{1,3}$/, "must be a Mailchimp API key (…-us21)")
      .optional(),
    /** The Mailchimp audience (list) id of each province's newsletter. */
    MAILCHIMP_LIST_ID_QC: z
      .string()
      .trim()
      .regex(/^\w{1,40}$/, "must be a Mailchimp audience id")
      .optional(),
    MAILCHIMP_LIST_ID_ON: z
      .string()
      .trim()
      .regex(/^\w{1,40}$/, "must be a Mailchimp audience id")
      .optional(),
    /**
     * Reverse geocoding of "use my location", called as `?lat=…&lon=…&limit=1&appid=…`;
     * unset with a key: OpenWeatherMap's. Neither set: the visitor chooses their province themselves.
     */
    GEOCODING_URL: z.url({ protocol: /^https?$/, message: "must be an http(s):// address" }).optional(),
    /** Sent as `appid` to the geocoding service. */
    GEOCODING_API_KEY: z.string().trim().min(1).max(200).optional(),
  })
  // A key without any audience would send nothing: a configuration mistake, not a choice.
  .refine((env) => !env.MAILCHIMP_API_KEY || env.MAILCHIMP_LIST_ID_QC || env.MAILCHIMP_LIST_ID_ON, {
    message: "needs MAILCHIMP_LIST_ID_QC or MAILCHIMP_LIST_ID_ON",
    path: ["MAILCHIMP_API_KEY"],
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
  })
  .refine((env) => env.NODE_ENV !== "production" || env.PUBLIC_URL, {
    message: "is required when NODE_ENV=production (links in e-mails are built on it)",
    path: ["PUBLIC_URL"],
  })
  // An invoice without the seller's name, address and tax registration numbers is not one.
  .superRefine((env, context) => {
    if (env.NODE_ENV !== "production") return;
    for (const name of AGENCY_INVOICE_SETTINGS) {
      if (!env[name])
        context.addIssue({ code: "custom", path: [name], message: "is required when NODE_ENV=production (printed on invoices)" });
    }
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
  /** Whether the demo seed draws the demo's photos (decision 035, "Demo label art"). */
  seedDemoPhotos: boolean;
  /** Where the demo seed keeps its drawn photos between seeds. */
  demoArtDir: string;
  /** Origin of PUBLIC_URL (`https://cuvee.example`), or null: then the request's own origin. */
  publicOrigin: string | null;
  /** Express's `trust proxy` setting: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string[];
  /** Longest life of a shared page, seconds; 0: none is shared (decision 026). */
  sharedPageSeconds: number;
  /** Seconds between two looks for scheduled articles to publish. */
  publicationSweepSeconds: number;
  stripe: { secretKey: string; webhookSecret: string | undefined } | null;
  mail: { smtpUrl: string | undefined; outboxDir: string; from: string; agencyEmail: string | undefined };
  /** Who issues the invoices and where customers write (docs/product.md#branch-follow-up agency order follow-up). */
  agency: AgencyIdentity;
  /** Mailchimp for newsletter sign-ups, or null: sign-ups are kept in the database only. */
  mailchimp: MailchimpSettings | null;
  /** The reverse-geocoding service of "use my location", or null: not offered. */
  geocoding: GeocodingConfig | null;
}

/** Where newsletter sign-ups go: the API key, its data center, and one audience per province (null: none). */
export interface MailchimpSettings {
  apiKey: string;
  /** The key's suffix (`us21`): the API lives at `https://<dataCenter>.api.mailchimp.com/3.0`. */
  dataCenter: string;
  lists: { QC: string | null; ON: string | null };
}

/** OpenWeatherMap's reverse geocoding endpoint, used when only GEOCODING_API_KEY is set. */
export const OPENWEATHERMAP_REVERSE_URL = "https://api.openweathermap.org/geo/1.0/reverse";

/**
 * The reverse-geocoding service (docs/product.md#how-the-shop-is-built): called as `url?lat=…&lon=…&limit=1&appid=<apiKey>`;
 * OpenWeatherMap's answers an array of places with their `state`.
 */
export interface GeocodingConfig {
  url: string;
  apiKey: string | undefined;
}

/**
 * The agency as its invoices name it. Outside production, unset values take demo values; in
 * production an unset address or registration number is left off the invoice.
 */
export interface AgencyIdentity {
  name: string;
  /** Postal address, one string per printed line. */
  addressLines: string[];
  gstNumber: string | null;
  qstNumber: string | null;
  hstNumber: string | null;
  /** The support address customers write to: AGENCY_EMAIL, else the address of MAIL_FROM. */
  supportEmail: string;
}

/** Demo identity of the agency outside production (invented numbers of the right shape). */
const DEMO_AGENCY = {
  name: "Agence Cuvée inc.",
  address: "1234, rue Saint-Denis|Montréal (Québec) H2X 3K2",
  gstNumber: "123456789 RT0001",
  qstNumber: "1234567890 TQ0001",
  hstNumber: "123456789 RT0001",
} as const;

/**
 * Parses a process environment into the app's configuration.
 * @returns the configuration, or `{ error }` with a one-line description of the first problem.
 */
export function parseEnv(source: Record<string, string | undefined>): Env | { error: string } {
  const cleaned: Record<string, string | undefined> = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
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
    seedDemoPhotos: env.SEED_DEMO_PHOTOS === "1",
    demoArtDir: env.DEMO_ART_DIR ? path.resolve(env.DEMO_ART_DIR) : path.join(dataDir, "demo-art"),
    publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sharedPageSeconds: env.SHARED_PAGE_SECONDS,
    publicationSweepSeconds: env.PUBLICATION_SWEEP_SECONDS,
    stripe: env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET } : null,
    mail: {
      smtpUrl: env.SMTP_URL,
      outboxDir: env.OUTBOX_DIR ? path.resolve(env.OUTBOX_DIR) : path.join(dataDir, "outbox"),
      from: env.MAIL_FROM,
      agencyEmail: env.AGENCY_EMAIL,
    },
    agency: agencyIdentity(env),
    mailchimp: env.MAILCHIMP_API_KEY
      ? {
          apiKey: env.MAILCHIMP_API_KEY,
          dataCenter: env.MAILCHIMP_API_KEY.slice(env.MAILCHIMP_API_KEY.lastIndexOf("-") + 1),
          lists: { QC: env.MAILCHIMP_LIST_ID_QC ?? null, ON: env.MAILCHIMP_LIST_ID_ON ?? null },
        }
      : null,
    geocoding:
      env.GEOCODING_URL || env.GEOCODING_API_KEY
        ? { url: env.GEOCODING_URL ?? OPENWEATHERMAP_REVERSE_URL, apiKey: env.GEOCODING_API_KEY }
        : null,
  };
}

/** The agency's identity: the configured values (all required in production), else the demo's. */
function agencyIdentity(env: z.infer<typeof EnvSchema>): AgencyIdentity {
  const address = env.AGENCY_ADDRESS ?? DEMO_AGENCY.address;
  return {
    name: env.AGENCY_NAME ?? DEMO_AGENCY.name,
    addressLines: address
      .split("|")
      .map((line) => line.trim())
      .filter(Boolean),
    gstNumber: env.AGENCY_GST_NUMBER ?? DEMO_AGENCY.gstNumber,
    qstNumber: env.AGENCY_QST_NUMBER ?? DEMO_AGENCY.qstNumber,
    hstNumber: env.AGENCY_HST_NUMBER ?? DEMO_AGENCY.hstNumber,
    supportEmail: env.AGENCY_EMAIL ?? /<([^<>\s]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim(),
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
