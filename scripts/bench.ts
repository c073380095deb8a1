/**
 * `npm run bench` (through scripts/bench.sh, which builds the app first when needed): the shop's
 * speed at several catalogue sizes on PostgreSQL, against floors measured in the same run
 * (docs/decisions/024-bench-and-several-processes.md, its goals 1, 2 and 4).
 *
 * For each size of BENCH_SIZES (1,000, 10,000 and 100,000 products), in a fresh database created on
 * the PostgreSQL server (BENCH_DATABASE_URL, an admin URL, or `scripts/ensure-postgres.sh start`'s):
 * `npm run catalogue:generate`, `VACUUM ANALYZE` and `CHECKPOINT`, the built app on it (127.0.0.1:3300,
 * NODE_ENV=production, SHARED_PAGE_SECONDS=0: every page rendered), then the latency curve: sequential single requests (one at a time, end to
 * end; after BENCH_APP_WARMUP requests over all those pages in turn, BENCH_LATENCY_WARMUP not counted
 * then BENCH_LATENCY_REQUESTS counted) to the pages of
 * scripts/lib/bench-latency.ts; the database is dropped afterwards.
 *
 * At BENCH_LOAD_PRODUCTS (10,000):
 * - throughput: autocannon (BENCH_CONNECTIONS for BENCH_DURATION s after a warm-up) on `/products`,
 *   home and a product page, rendered (:3300) and, for the first two, from the shared page cache
 *   (a second app on the same database with the cache on, :3304; decision 026), against two
 *   floors — the static floor (each page's exact bytes from a bare node:http server, :3302) and the
 *   bare React Router floor (scripts/bench-bare-app, one page without data on the shop's server
 *   stack, :3303); shared `/products ÷ bare` has the goal ≥ 0.5, the rendered ratio is printed beside;
 * - the client JavaScript size (scripts/lib/bench-js-size.ts);
 * - several processes (goal 4): :3304 and a second app process (:3301) on the same database; autocannon on
 *   both at once (zero errors, zero non-2xx required), the cart-write rate limit counted across
 *   both, the cart load test (scripts/lib/bench-cart.ts: no lost update, no 500), and a catalogue
 *   change reaching both processes' shared pages (scripts/lib/bench-shared-pages.ts).
 *
 * At the largest size, after the curve: the catalogue import (scripts/lib/bench-import.ts) and the
 * price list PDF (scripts/lib/bench-listing.ts).
 *
 * Prints one report at the end, writes every figure to .test-results/bench.json, and exits 1 when
 * the two-process checks fail (the targets of the curve and the floors are reported, not enforced).
 * Everything listens on loopback; child processes, databases and the temp folder are removed on exit.
 * The load generator shares the 2 cores with the servers and PostgreSQL, for the app and the floors alike.
 *
 * Environment: BENCH_SIZES (1000,10000,100000), BENCH_LOAD_PRODUCTS (10000, one of the sizes),
 * BENCH_DURATION seconds (8), BENCH_WARMUP seconds (3), BENCH_CONNECTIONS (10),
 * BENCH_LATENCY_REQUESTS (100), BENCH_LATENCY_WARMUP (20), BENCH_APP_WARMUP (1000: requests a freshly started
 * app serves over the curve's pages before they are measured), BENCH_LATENCY_MAX_SECONDS (20: a slower page
 * stops counting after that long, with at least 20 requests), BENCH_SHOPPERS (30), BENCH_CART_EDITS (8),
 * BENCH_IMPORT_ROWS (100000), BENCH_IMPORT_FACTS (1: the file carries the wine-fact columns), BENCH_DATABASE_URL (admin URL), BENCH_COOKIE (a Cookie header for
 * every page request; default: the cookies of a visitor who answered the age gate, the province
 * notice and the consent, tests/e2e/support/visitor.ts).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { answeredVisitorCookieHeader } from "../tests/e2e/support/visitor";
import { PRODUCTION_SETTINGS } from "../tests/support/production-env";
import { buildBareApp, startBareApp } from "./lib/bench-bare";
import { cartItems, type CartLoadFigures, cartLoadTest, checkSharedRateLimit, type SharedLimitFigures } from "./lib/bench-cart";
import { benchImport, type ImportFigures } from "./lib/bench-import";
import { type JsSizeFigures, measureJsSize } from "./lib/bench-js-size";
import {
  classifyGrowth,
  CURVE_PAGES,
  type Growth,
  type LatencyFigures,
  resolvePagePath,
  sequentialLatency,
  warmUp,
} from "./lib/bench-latency";
import { benchListing, type ListingBenchResult, listingProbe } from "./lib/bench-listing";
import { type LoadFigures, measureLoad, problems, type RecordedPage, startStaticFloor } from "./lib/bench-load";
import { adminUrl, createBenchDatabase, dropBenchDatabase, serverVersion, vacuumAnalyze } from "./lib/bench-postgres";
import { killAllChildren, runChild, startChild, stopChild, waitForHttp } from "./lib/bench-processes";
import { checkSharedPagesFollowChanges, type SharedPagesFigures } from "./lib/bench-shared-pages";
import { ms, sizeLabel, table, times } from "./lib/bench-table";

const HOST = "127.0.0.1";
const APP_PORT = 3300;
const SECOND_APP_PORT = 3301;
const STATIC_FLOOR_PORT = 3302;
const BARE_PORT = 3303;
/** The app with its shared page cache on (decision 026); the curve's app renders every page. */
const SHARED_APP_PORT = 3304;
/** The shop's lightest page, measured beside the floors: the cost of its layout alone. */
const LAYOUT_FLOOR_PATH = "/shopping-cart-empty";
/** Bench goal 2 (docs/decisions/024-bench-and-several-processes.md): `/products` ≥ half the bare React Router page's requests per second. */
const BARE_RATIO_GOAL = 0.5;

const SIZES = sizesFromEnv();
const LOAD_PRODUCTS = whole("BENCH_LOAD_PRODUCTS", SIZES.includes(10_000) ? 10_000 : SIZES[Math.floor(SIZES.length / 2)]!);
const DURATION = whole("BENCH_DURATION", 8);
const WARMUP = whole("BENCH_WARMUP", 3, 0);
const CONNECTIONS = whole("BENCH_CONNECTIONS", 10);
const LATENCY_REQUESTS = whole("BENCH_LATENCY_REQUESTS", 100);
const LATENCY_WARMUP = whole("BENCH_LATENCY_WARMUP", 20, 0);
const LATENCY_MAX_SECONDS = whole("BENCH_LATENCY_MAX_SECONDS", 20);
const APP_WARMUP = whole("BENCH_APP_WARMUP", 1_000, 0);
const SHOPPERS = whole("BENCH_SHOPPERS", 30);
const CART_EDITS = whole("BENCH_CART_EDITS", 8);
if (!SIZES.includes(LOAD_PRODUCTS))
  throw new Error(`BENCH_LOAD_PRODUCTS (${LOAD_PRODUCTS}) must be one of BENCH_SIZES (${SIZES.join(",")})`);

const root = path.resolve(import.meta.dirname, "..");
const work = mkdtempSync(path.join(tmpdir(), "cuvee-bench-"));
const sessionSecret = randomBytes(32).toString("hex");
const databases = new Set<string>();
let admin = "";

function whole(name: string, fallback: number, min = 1): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
  return value;
}

function sizesFromEnv(): number[] {
  const text = process.env.BENCH_SIZES ?? "1000,10000,100000";
  const sizes = text.split(",").map((s) => Number(s.trim()));
  if (sizes.length === 0 || sizes.some((n) => !Number.isSafeInteger(n) || n < 100))
    throw new Error("BENCH_SIZES must be whole numbers ≥ 100, comma-separated");
  return [...new Set(sizes)].sort((a, b) => a - b);
}

function cleanup(): void {
  killAllChildren();
  rmSync(work, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAllChildren();
    void Promise.all([...databases].map((name) => dropBenchDatabase(admin, name))).finally(() => process.exit(130));
  });
}

function log(text: string): void {
  console.log(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${text}`);
}
const startedAt = performance.now();

/** The environment of the generator, the import and the app: one database, nothing from outside. */
function databaseEnv(url: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, SEED_DEMO: "0", DATA_DIR: path.join(work, "data") };
  delete env.NODE_OPTIONS;
  return env;
}

/**
 * Starts the built app on `port`. Every process of the bench shares the session secret, as the
 * processes behind a load balancer must, and trusts the proxy on loopback (TRUST_PROXY=loopback):
 * the cart load test's shoppers arrive with their own X-Forwarded-For, as through a load balancer.
 */
async function startApp(url: string, port: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const logFile = path.join(work, `app-${port}.log`);
  const env: NodeJS.ProcessEnv = {
    ...databaseEnv(url),
    ...PRODUCTION_SETTINGS,
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    SESSION_SECRET: sessionSecret,
    TRUST_PROXY: "loopback",
    ...extraEnv,
  };
  const child = startChild(process.execPath, ["scripts/serve.mjs"], { cwd: root, env, log: logFile });
  // Any page answers once the server listens (the age gate answers 200 too).
  await waitForHttp(`http://${HOST}:${port}/robots.txt`, child, logFile);
  return child;
}

let visitorCookie = process.env.BENCH_COOKIE ?? "";
const pageHeaders = (): Record<string, string> => (visitorCookie ? { cookie: visitorCookie } : {});

async function recordPage(base: string, pagePath: string): Promise<RecordedPage> {
  const response = await fetch(`${base}${pagePath}`, { headers: pageHeaders(), redirect: "manual", signal: AbortSignal.timeout(60_000) });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${pagePath} answers ${response.status}, not 200`);
  return { path: pagePath, status: response.status, contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8", body };
}

/** The first product link of the list page, e.g. `/products/some-wine?id=12`. */
function firstProductPath(listHtml: string): string {
  const match = /href="(\/products\/[^"#]+)"/.exec(listHtml);
  if (!match) throw new Error("no /products/{slug} link found in the /products HTML");
  return match[1]!.replaceAll("&amp;", "&");
}

interface SizeRun {
  products: number;
  generateSeconds: number;
  vacuumSeconds: number;
  pages: LatencyFigures[];
}

interface FloorRow {
  label: string;
  /** Rendered for each request (SHARED_PAGE_SECONDS=0), or served from the shared page cache. */
  served: "rendered" | "shared";
  path: string;
  bytes: number;
  app: LoadFigures;
  staticFloor: LoadFigures;
}

interface SeveralProcesses {
  /** The pages each autocannon connection asks for in turn. */
  pages: string[];
  autocannon: LoadFigures[];
  rateLimit: SharedLimitFigures;
  cart: CartLoadFigures;
  sharedPages: SharedPagesFigures;
  ok: boolean;
}

const report: {
  sizes: SizeRun[];
  floors?: {
    products: number;
    rows: FloorRow[];
    bare: LoadFigures;
    productsOverBare: number;
    renderedProductsOverBare: number;
    layout: LoadFigures;
  };
  jsSize?: JsSizeFigures;
  severalProcesses?: SeveralProcesses;
  import?: ImportFigures;
  listing?: ListingBenchResult;
} = { sizes: [] };

async function generate(url: string, products: number): Promise<number> {
  const started = performance.now();
  await runChild("catalogue:generate", "npm", ["run", "--silent", "catalogue:generate", "--", "--products", String(products)], {
    cwd: root,
    env: databaseEnv(url),
    log: path.join(work, `generate-${products}.log`),
  });
  return (performance.now() - started) / 1000;
}

/** The curve's pages at one size, one after the other. */
async function measureCurve(base: string): Promise<LatencyFigures[]> {
  const list = await recordPage(base, "/products");
  const productPath = firstProductPath(list.body.toString("utf8"));
  const measuredPaths: string[] = [];
  for (const page of CURVE_PAGES) measuredPaths.push(await resolvePagePath(base, page.path || productPath, pageHeaders()));
  // A production process has served many pages before this one: the app's own warm-up first.
  await warmUp(base, measuredPaths, pageHeaders(), APP_WARMUP);
  const results: LatencyFigures[] = [];
  for (const [index, page] of CURVE_PAGES.entries()) {
    const measured = measuredPaths[index]!;
    const figures = await sequentialLatency(base, page.label, measured, pageHeaders(), {
      warmup: LATENCY_WARMUP,
      requests: LATENCY_REQUESTS,
      maxSeconds: LATENCY_MAX_SECONDS,
    });
    results.push(figures);
    log(
      `  ${page.label.padEnd(36)} p50 ${ms(figures.p50).padStart(6)} ms  p95 ${ms(figures.p95).padStart(6)} ms  n ${figures.requests}  (${measured})`,
    );
  }
  return results;
}

/**
 * Throughput at the load size: the app against the static floor and the bare React Router floor.
 * `rendered` is the curve's app (every page rendered), `shared` the same database served with the
 * shared page cache on, as a visitor without a session meets it (goal 2's ratio).
 */
async function measureFloors(rendered: string, shared: string, products: number): Promise<NonNullable<typeof report.floors>> {
  log("Building the bare React Router app…");
  const bundle = await buildBareApp(root, work);
  const list = await recordPage(rendered, "/products");
  const pages = [list, await recordPage(rendered, "/"), await recordPage(rendered, firstProductPath(list.body.toString("utf8")))];
  const labels = ["/products", "home /", "a product page"];
  const staticFloor = await startStaticFloor(pages, work, HOST, STATIC_FLOOR_PORT);
  const bare = await startBareApp(bundle, work, HOST, BARE_PORT);
  const load = (url: string) =>
    measureLoad(url, { connections: CONNECTIONS, seconds: DURATION, warmupSeconds: WARMUP, headers: pageHeaders() });
  try {
    log(`Throughput: bare React Router page (${WARMUP} s warm-up + ${DURATION} s, ${CONNECTIONS} connections)…`);
    const bareFigures = await measureLoad(`http://${HOST}:${BARE_PORT}/`, {
      connections: CONNECTIONS,
      seconds: DURATION,
      warmupSeconds: WARMUP,
      headers: {},
    });
    // The shop's lightest page: its layout (header, footer, root loader) around one message. What a
    // page costs before its own data and markup; the "bare page" figure of decision 024 (148–193 req/s)
    // matches this, not the bare framework.
    log(`Throughput: the shop's layout alone (${LAYOUT_FLOOR_PATH})…`);
    const layout = await load(`${rendered}${LAYOUT_FLOOR_PATH}`);
    const rows: FloorRow[] = [];
    for (const [i, page] of pages.entries()) {
      log(`Throughput: ${page.path} (static floor, rendered${i < 2 ? ", shared" : ""})…`);
      const floor = await load(`http://${HOST}:${STATIC_FLOOR_PORT}${page.path}`);
      rows.push({
        label: labels[i]!,
        served: "rendered",
        path: page.path,
        bytes: page.body.length,
        app: await load(`${rendered}${page.path}`),
        staticFloor: floor,
      });
      // The product list and home are the shared pages (decision 026).
      if (i < 2)
        rows.push({
          label: labels[i]!,
          served: "shared",
          path: page.path,
          bytes: page.body.length,
          app: await load(`${shared}${page.path}`),
          staticFloor: floor,
        });
    }
    const over = (served: FloorRow["served"]) =>
      rows.find((r) => r.label === "/products" && r.served === served)!.app.requestsPerSecond / bareFigures.requestsPerSecond;
    return { products, rows, bare: bareFigures, productsOverBare: over("shared"), renderedProductsOverBare: over("rendered"), layout };
  } finally {
    await Promise.all([stopChild(staticFloor), stopChild(bare)]);
  }
}

/**
 * Goal 4: a second process on the same database, load on both, the shared rate limit, the cart
 * test, and a catalogue change reaching both processes' shared pages. Both share pages, as in
 * production; `base` is the first.
 */
async function measureSeveralProcesses(url: string, base: string): Promise<SeveralProcesses> {
  log(`Several processes: a second app process on :${SECOND_APP_PORT}, same database and session secret…`);
  const second = await startApp(url, SECOND_APP_PORT);
  const bases = [base, `http://${HOST}:${SECOND_APP_PORT}`];
  try {
    const list = await recordPage(base, "/products");
    const mix = [
      "/products",
      "/",
      firstProductPath(list.body.toString("utf8")),
      "/providers",
      "/products?type=VIN&c=FR",
      "/global-search?t=chateau",
    ];
    const perProcess = Math.max(1, Math.round(CONNECTIONS / 2));
    log(`Several processes: autocannon on both at once (${perProcess} connections each, ${mix.length} pages in turn)…`);
    const autocannon = await Promise.all(
      bases.map((b) =>
        measureLoad(b, {
          connections: perProcess,
          seconds: DURATION,
          warmupSeconds: WARMUP,
          headers: pageHeaders(),
          requests: mix.map((p) => ({ method: "GET", path: p })),
        }),
      ),
    );
    log("Several processes: one client's cart writes through both processes against the rate limit…");
    const rateLimit = await checkSharedRateLimit(bases, visitorCookie);
    log(`Several processes: cart load test, ${SHOPPERS} shoppers × ${CART_EDITS} edits through both processes…`);
    const items = await cartItems(url);
    const cart = await cartLoadTest(bases, visitorCookie, items, { shoppers: SHOPPERS, edits: CART_EDITS });
    log("Several processes: a catalogue change reaching both processes' shared /products…");
    const productSlug = firstProductPath(list.body.toString("utf8")).split("/")[2]!.split("?")[0]!;
    const sharedPages = await checkSharedPagesFollowChanges(bases, url, pageHeaders(), productSlug);
    const errors = Object.values(cart.errors).reduce((a, b) => a + b, 0);
    const ok =
      autocannon.every((f) => f.errors === 0 && f.non2xx === 0 && f.timeouts === 0) &&
      rateLimit.shared &&
      errors === 0 &&
      cart.lostUpdates === 0 &&
      cart.twoTabRoundsBothAccepted === 0 &&
      cart.staleReads === 0 &&
      sharedPages.ok;
    return { pages: mix, autocannon, rateLimit, cart, sharedPages, ok };
  } finally {
    await stopChild(second);
  }
}

async function runSize(products: number): Promise<void> {
  const largest = products === SIZES.at(-1);
  log(`— ${products.toLocaleString("en-CA")} products —`);
  const db = await createBenchDatabase(admin, `${products}`);
  databases.add(db.name);
  try {
    const generateSeconds = await generate(db.url, products);
    const vacuumSeconds = await vacuumAnalyze(db.url);
    log(`Generated in ${generateSeconds.toFixed(1)} s, VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s; starting the app on :${APP_PORT}…`);
    const probe = largest ? listingProbe(work) : null;
    // The curve measures what a page costs to make: every page rendered (decision 026).
    const app = await startApp(db.url, APP_PORT, { SHARED_PAGE_SECONDS: "0", ...probe?.env });
    const base = `http://${HOST}:${APP_PORT}`;
    try {
      // Measured as a returning visitor: past the age gate, the province notice and the consent.
      if (!visitorCookie) visitorCookie = await answeredVisitorCookieHeader(base);
      log(
        `Latency curve: ${APP_WARMUP} requests over the pages in turn, then ${LATENCY_WARMUP} + ${LATENCY_REQUESTS} sequential requests per page…`,
      );
      report.sizes.push({ products, generateSeconds, vacuumSeconds, pages: await measureCurve(base) });
      if (products === LOAD_PRODUCTS) {
        report.jsSize = measureJsSize(path.join(root, "build/client"), (await recordPage(base, "/")).body.toString("utf8"));
        const sharedApp = await startApp(db.url, SHARED_APP_PORT);
        try {
          const shared = `http://${HOST}:${SHARED_APP_PORT}`;
          report.floors = await measureFloors(base, shared, products);
          report.severalProcesses = await measureSeveralProcesses(db.url, shared);
        } finally {
          await stopChild(sharedApp);
        }
      }
      if (largest) {
        report.import = await benchImport({
          ...databaseEnv(db.url),
          BENCH_IMPORT_ROWS: process.env.BENCH_IMPORT_ROWS,
          BENCH_IMPORT_FACTS: process.env.BENCH_IMPORT_FACTS,
        });
        report.listing = await benchListing(base, pageHeaders(), probe!.file);
      }
    } finally {
      await stopChild(app);
    }
  } finally {
    await dropBenchDatabase(admin, db.name);
    databases.delete(db.name);
  }
}

function curveReport(): string {
  const sizes = report.sizes.map((s) => s.products);
  const largest = sizes.at(-1)!;
  const header = [
    "page",
    ...sizes.flatMap((n) => [`p50 ${sizeLabel(n)}`, `p95 ${sizeLabel(n)}`]),
    `p95 ${sizeLabel(largest)}/${sizeLabel(sizes[0]!)}`,
    `target p95 at ${sizeLabel(largest)}`,
    "growth (p50)",
  ];
  const rows = [header];
  const verdicts: { label: string; targetMet: boolean | null; growth: Growth }[] = [];
  for (const [i, page] of CURVE_PAGES.entries()) {
    const at = report.sizes.map((s) => s.pages[i]!);
    const last = at.at(-1)!;
    const targetMet = page.targetMs === null ? null : last.p95 <= page.targetMs;
    const growth = classifyGrowth(
      sizes,
      at.map((f) => f.p50),
    );
    verdicts.push({ label: page.label, targetMet, growth });
    rows.push([
      page.label,
      ...at.flatMap((f) => [ms(f.p50), ms(f.p95)]),
      times(last.p95 / at[0]!.p95),
      page.targetMs === null ? "—" : `≤ ${page.targetMs} ${targetMet ? "ok" : "MISSED"}`,
      growth,
    ]);
  }
  const deep = report.sizes.map((s) => `${sizeLabel(s.products)} ${s.pages[2]!.path}`).join(", ");
  const product = report.sizes.map((s) => `${sizeLabel(s.products)} ${s.pages[9]!.path}`).join(", ");
  const short = report.sizes.flatMap((s) =>
    s.pages.filter((p) => p.requests < LATENCY_REQUESTS).map((p) => `${p.label} at ${sizeLabel(s.products)} (${p.requests})`),
  );
  const missed = verdicts.filter((v) => v.targetMet === false).map((v) => v.label);
  const fast = verdicts.filter((v) => v.growth !== "log" && v.growth !== "n/a").map((v) => `${v.label} (${v.growth})`);
  return [
    `Latency curve on PostgreSQL: ms end to end, ${LATENCY_REQUESTS} sequential requests per page after ${LATENCY_WARMUP} not counted (and ${APP_WARMUP} over all pages after the app's start)`,
    "",
    table(rows),
    "",
    `Deep page measured: ${deep}.`,
    `Product page: ${product}.`,
    ...(short.length ? [`Fewer requests counted (over ${LATENCY_MAX_SECONDS} s): ${short.join(", ")}.`] : []),
    `Targets apply at ${sizeLabel(largest)}: /products any p95 ≤ 30 ms, search p95 ≤ 50 ms, home p95 ≤ 30 ms.`,
    "Growth, from the median's increments (the size-independent cost cancels out), each known to ± max(2 ms, 10 %):",
    "log = the ×10 step to the largest size adds no more than the one before; n log n = up to 12.4× as much (linear:",
    "10×); > n log n = more (decision 024).",
    `Verdict: targets ${missed.length === 0 ? "all met" : `missed by ${missed.join(", ")}`}; growth ${fast.length === 0 ? "logarithmic or flat on every page" : `faster than logarithmic on ${fast.join(", ")}`}.`,
  ].join("\n");
}

function floorsReport(): string {
  const f = report.floors!;
  const rows = [
    [
      "page",
      "served",
      "bytes",
      "app req/s",
      "app p50 ms",
      "app p95 ms",
      "static req/s",
      "app ÷ static",
      "bare req/s",
      "app ÷ bare",
      "notes",
    ],
  ];
  for (const r of f.rows) {
    rows.push([
      r.label,
      r.served,
      String(r.bytes),
      r.app.requestsPerSecond.toFixed(0),
      ms(r.app.latencyMs.p50),
      ms(r.app.latencyMs.p95),
      r.staticFloor.requestsPerSecond.toFixed(0),
      times(r.app.requestsPerSecond / r.staticFloor.requestsPerSecond),
      f.bare.requestsPerSecond.toFixed(0),
      times(r.app.requestsPerSecond / f.bare.requestsPerSecond),
      [problems(r.app) && `app: ${problems(r.app)}`, problems(r.staticFloor) && `static: ${problems(r.staticFloor)}`]
        .filter(Boolean)
        .join("; "),
    ]);
  }
  const met = f.productsOverBare >= BARE_RATIO_GOAL;
  return [
    `Throughput at ${sizeLabel(f.products)} products: ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of warm-up, one app process`,
    "",
    table(rows),
    "",
    `Bare React Router page (scripts/bench-bare-app, same server stack): ${f.bare.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(f.bare.latencyMs.p50)} ms, p95 ${ms(f.bare.latencyMs.p95)} ms${problems(f.bare) ? `, ${problems(f.bare)}` : ""}.`,
    `/products ÷ bare = ${f.productsOverBare.toFixed(2)}× served as a shared page to a visitor without a session (goal ≥ ${BARE_RATIO_GOAL}×: ${met ? "met" : "MISSED"}); ${f.renderedProductsOverBare.toFixed(2)}× rendered for each request (a visitor with a cart or a login).`,
    "rendered = SHARED_PAGE_SECONDS=0, the curve's app; shared = the shared page cache on (decision 026), another process on the same database; static floor = the same bytes from bare node:http.",
    `The shop's layout alone (${LAYOUT_FLOOR_PATH}, rendered): ${f.layout.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(f.layout.latencyMs.p50)} ms, p95 ${ms(f.layout.latencyMs.p95)} ms${problems(f.layout) ? `, ${problems(f.layout)}` : ""}; rendered /products ÷ layout = ${times(f.rows[0]!.app.requestsPerSecond / f.layout.requestsPerSecond)}.`,
  ].join("\n");
}

function jsReport(): string {
  const j = report.jsSize!;
  const kb = (n: number) => `${n.toLocaleString("en-CA")} B`;
  return [
    "Client JavaScript (gzip -9 of each file, as sent; raw in brackets)",
    `  home, first load: ${kb(j.homeJs.gzip)} in ${j.homeJs.files} files (${kb(j.homeJs.raw)}), ${j.namedByHtml} of them named by its HTML; its CSS ${kb(j.homeCss.gzip)} (${kb(j.homeCss.raw)})`,
    `  every chunk of the build: ${kb(j.allJs.gzip)} in ${j.allJs.files} files (${kb(j.allJs.raw)})`,
    ...(j.outsideManifest.length
      ? [`  scripts named by the home HTML outside React Router's manifest: ${j.outsideManifest.join(", ")}`]
      : []),
  ].join("\n");
}

function severalReport(): string {
  const s = report.severalProcesses!;
  const c = s.cart;
  const errors =
    Object.entries(c.errors)
      .map(([k, n]) => `${n}×${k}`)
      .join(", ") || "0";
  const total = s.autocannon.reduce((a, f) => a + f.requestsPerSecond, 0);
  return [
    "Several processes (goal 4): two app processes, one PostgreSQL database, same SESSION_SECRET, TRUST_PROXY=loopback",
    ...s.autocannon.map(
      (f, i) =>
        `  autocannon via process ${i + 1}: ${f.requestsPerSecond.toFixed(0)} req/s, p95 ${ms(f.latencyMs.p95)} ms, ${f.errors} errors, ${f.non2xx} non-2xx, ${f.timeouts} timeouts`,
    ),
    `  together: ${total.toFixed(0)} req/s; each connection asks in turn for ${s.pages.join(" ")}`,
    `  cart-write limit (${s.rateLimit.limit}/min per client) across both processes: ${s.rateLimit.shared ? "shared" : "NOT SHARED"} (${s.rateLimit.allowedBeforeRefusal} writes let through, then ${s.rateLimit.refusedWith ?? "no refusal"})`,
    `  cart load test: ${c.shoppers} shoppers (${c.twoTabShoppers} with two tabs) × ${c.editsPerShopper} edits in ${c.seconds.toFixed(1)} s; ${c.writes} writes, ${c.reads} cart pages read`,
    `    changes accepted ${c.accepted}; 409 refused as stale then re-read and retried ${c.conflicts}; two-tab rounds with one winner ${c.twoTabRoundsOneWinner}, with both accepted ${c.twoTabRoundsBothAccepted}`,
    `    errors ${errors}; stale reads through the other process ${c.staleReads}; lost updates ${c.lostUpdates}`,
    ...c.problems.map((p) => `    ! ${p}`),
    `  a catalogue change (a product renamed in the database) on both processes' shared /products: ${s.sharedPages.processes
      .map(
        (p, i) =>
          `process ${i + 1} ${p.sharedBefore ? "shared" : "NOT SHARED"} before, ${p.msAfterCommit === null ? "NOT SEEN within 5 s" : `new name after ${p.msAfterCommit.toFixed(0)} ms`}`,
      )
      .join("; ")}`,
    `  verdict: ${s.ok ? "ok" : "FAILED"}`,
  ].join("\n");
}

function otherReport(): string {
  const lines = [];
  if (report.import) {
    const i = report.import;
    lines.push(
      `Catalogue import at ${sizeLabel(SIZES.at(-1)!)}: ${i.rows.toLocaleString("en-CA")} rows, dry run ${i.dryRunSeconds.toFixed(1)} s, apply ${i.applySeconds.toFixed(1)} s`,
    );
  }
  if (report.listing) {
    const l = report.listing;
    lines.push(
      `Price list PDF at ${sizeLabel(SIZES.at(-1)!)}: ${(l.ms / 1000).toFixed(1)} s, ${l.pages} pages, RSS +${l.peakRssGrowthMb.toFixed(0)} MB, event loop max delay ${l.maxEventLoopDelayMs.toFixed(0)} ms`,
    );
  }
  return lines.join("\n");
}

async function main(): Promise<number> {
  admin = adminUrl(root);
  const version = await serverVersion(admin);
  log(
    `${version} (${new URL(admin).host}); sizes ${SIZES.map(sizeLabel).join(", ")}; load at ${sizeLabel(LOAD_PRODUCTS)}; Node ${process.version}`,
  );
  for (const products of SIZES) await runSize(products);

  const sections = [
    curveReport(),
    report.floors && floorsReport(),
    report.jsSize && jsReport(),
    report.severalProcesses && severalReport(),
    otherReport(),
  ];
  console.log(
    `\n${"=".repeat(100)}\nnpm run bench — ${new Date().toISOString()}, ${version}, Node ${process.version}, ${((performance.now() - startedAt) / 1000).toFixed(0)} s\n`,
  );
  console.log(sections.filter(Boolean).join("\n\n"));

  const out = path.join(root, ".test-results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, "bench.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        database: version,
        node: process.version,
        settings: {
          sizes: SIZES,
          loadProducts: LOAD_PRODUCTS,
          connections: CONNECTIONS,
          duration: DURATION,
          warmup: WARMUP,
          latencyRequests: LATENCY_REQUESTS,
          latencyWarmup: LATENCY_WARMUP,
          latencyMaxSeconds: LATENCY_MAX_SECONDS,
          appWarmup: APP_WARMUP,
          shoppers: SHOPPERS,
          cartEdits: CART_EDITS,
        },
        curve: {
          pages: CURVE_PAGES.map((page, i) => ({
            ...page,
            sizes: report.sizes.map((s) => ({ products: s.products, ...s.pages[i]! })),
            growth: classifyGrowth(
              report.sizes.map((s) => s.products),
              report.sizes.map((s) => s.pages[i]!.p50),
            ),
          })),
          generation: report.sizes.map((s) => ({
            products: s.products,
            generateSeconds: s.generateSeconds,
            vacuumSeconds: s.vacuumSeconds,
          })),
        },
        floors: report.floors,
        jsSize: report.jsSize,
        severalProcesses: report.severalProcesses,
        import: report.import,
        listing: report.listing,
      },
      null,
      2,
    ),
  );
  console.log("\n(also written to .test-results/bench.json)");
  return report.severalProcesses && !report.severalProcesses.ok ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    killAllChildren();
    await Promise.all([...databases].map((name) => dropBenchDatabase(admin, name)));
    process.exit(1);
  },
);
