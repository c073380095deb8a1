/**
 * `npm run bench` (through scripts/bench.sh, which builds first when needed): throughput and
 * latency of the main pages on a generated large catalogue, against a floor measured in the same
 * run (DESIGN §5).
 *
 * 1. `npm run catalogue:generate -- --products 10000` into a temp DATA_DIR (embedded PGlite).
 * 2. The built server on it (127.0.0.1:3200, NODE_ENV=production), warmed up per page.
 * 3. autocannon, 10 connections for ~8 s per page: /products, /products?type=VIN&c=FR, one product
 *    page found in the /products HTML, /providers.
 * 4. The floor: each page's exact HTML bytes, fetched once, served by a bare node:http server in
 *    its own process (127.0.0.1:3201) and measured the same way. floor/app says how many times
 *    slower the app is than merely sending those bytes over HTTP on this machine.
 *
 * 5. Search latency (issue 9 §2, docs/decisions/013-global-search.md): sequential single requests
 *    (one at a time, nothing else running) to `/global-search?t=chateau`, a typo
 *    (`/global-search?t=chardonay`), a word matching most of the catalogue (`/global-search?t=vin`)
 *    and, for comparison, `/products?t=chateau`; p50 and p95 end to end (target: p95 ≤ 50 ms for
 *    the search page on 100,000 products in PostgreSQL).
 *
 * Everything listens on loopback only; child processes and the temp folder are removed on exit.
 * The load generator shares the CPU with the server, for the app and the floor alike.
 *
 * Environment: BENCH_PRODUCTS (10000), BENCH_DURATION seconds (8), BENCH_CONNECTIONS (10),
 * BENCH_DATABASE_URL (a postgres:// database to fill and serve instead of PGlite; it must be empty),
 * BENCH_COOKIE (a Cookie header sent with every request; default: the cookies the app sets for a
 * visitor who answered the age gate, the province notice and the consent, tests/e2e/support/visitor.ts),
 * BENCH_SEARCH_REQUESTS (200 sequential requests per search page, after 20 warm-up requests),
 * BENCH_IMPORT_ROWS (100000: the catalogue import's CSV, dry run and apply timed on the generated
 * catalogue before the app starts; scripts/lib/bench-import.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { PRODUCTION_SETTINGS } from "../tests/support/production-env";
import { answeredVisitorCookieHeader } from "../tests/e2e/support/visitor";
import { benchImport } from "./lib/bench-import";
import { benchListing, prepareListingProbe } from "./lib/bench-listing";

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers?: Record<string, string>;
  warmup?: { connections: number; duration: number };
}
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number; average: number };
}
/** A run: awaitable for its result, and an emitter of each response (time in ms). */
type AutocannonInstance = Promise<AutocannonResult> & {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, responseTimeMs: number) => void): void;
};
/** autocannon ships no types; this is the part of its programmatic API used here. */
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => AutocannonInstance;

const HOST = "127.0.0.1";
const APP_PORT = 3200;
const FLOOR_PORT = 3201;
const PRODUCTS = positive("BENCH_PRODUCTS", 10_000);
const DURATION = positive("BENCH_DURATION", 8);
const CONNECTIONS = positive("BENCH_CONNECTIONS", 10);
const SEARCH_REQUESTS = positive("BENCH_SEARCH_REQUESTS", 200);
const WARMUP_SECONDS = 3;
const headers: Record<string, string> = process.env.BENCH_COOKIE ? { cookie: process.env.BENCH_COOKIE } : {};

const root = path.resolve(import.meta.dirname, "..");
const work = mkdtempSync(path.join(tmpdir(), "cuvee-bench-"));
const children = new Set<ChildProcess>();

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** Kills every child's process group (npm → tsx → node) and removes the temp folder. */
function cleanup(): void {
  for (const child of children) {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  children.clear();
  rmSync(work, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

/** Starts a child in its own process group, so cleanup() can end it with all its descendants. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, log?: string): ChildProcess {
  const out = log ? openSync(log, "a") : "inherit";
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ["ignore", out, out] });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The environment of the generator and the server: one database, loopback, no outside DATABASE_URL. */
function databaseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(work, "data"), SEED_DEMO: "0" };
  delete env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  return env;
}

async function generateCatalogue(): Promise<void> {
  console.log(`Generating a ${PRODUCTS}-product catalogue…`);
  const started = Date.now();
  const child = start("npm", ["run", "--silent", "catalogue:generate", "--", "--products", String(PRODUCTS)], databaseEnv());
  const code = await exited(child);
  if (code !== 0) throw new Error(`catalogue:generate exited with ${code}`);
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function startApp(): Promise<void> {
  const log = path.join(work, "server.log");
  const env: NodeJS.ProcessEnv = {
    ...databaseEnv(),
    NODE_ENV: "production",
    HOST,
    PORT: String(APP_PORT),
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ...PRODUCTION_SETTINGS,
  };
  const child = start(process.execPath, ["scripts/serve.mjs"], env, log);
  const deadline = Date.now() + 180_000;
  let last = "";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`http://${HOST}:${APP_PORT}/products`, {
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const tail = readFileSync(log, "utf8").split("\n").slice(-30).join("\n");
  throw new Error(
    `the app did not answer 200 on /products (${last}; if it redirects to a gate, set BENCH_COOKIE); server log:\n${tail}`,
  );
}

interface Page {
  label: string;
  path: string;
  status: number;
  contentType: string;
  body: Buffer;
}

async function fetchPage(label: string, pagePath: string): Promise<Page> {
  const response = await fetch(`http://${HOST}:${APP_PORT}${pagePath}`, {
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) console.warn(`  warning: ${pagePath} answers ${response.status}, measured anyway`);
  return {
    label,
    path: pagePath,
    status: response.status,
    contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
    body,
  };
}

/** The first product link of the list page, e.g. `/products/some-wine?id=12`. */
function firstProductPath(listHtml: string): string {
  const match = /href="(\/products\/[^"#]+)"/.exec(listHtml);
  if (!match) throw new Error("no /products/{slug} link found in the /products HTML");
  return match[1]!.replaceAll("&amp;", "&");
}

/** A bare node:http server in its own process that answers each path with the recorded bytes. */
async function startFloor(pages: Page[]): Promise<void> {
  const file = path.join(work, "floor-pages.json");
  writeFileSync(
    file,
    JSON.stringify(pages.map((p) => ({ path: p.path, status: p.status, type: p.contentType, body: p.body.toString("base64") }))),
  );
  const program = `
    const http = require("node:http");
    const pages = new Map(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).map(
      (p) => [p.path, { status: p.status, type: p.type, body: Buffer.from(p.body, "base64") }]));
    http.createServer((req, res) => {
      const page = pages.get(req.url);
      if (!page) { res.writeHead(404).end(); return; }
      res.writeHead(page.status, { "content-type": page.type, "content-length": page.body.length });
      res.end(page.body);
    }).listen(${FLOOR_PORT}, "${HOST}", () => console.log("floor ready"));`;
  const log = path.join(work, "floor.log");
  const child = start(process.execPath, ["-e", program, file], process.env, log);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (readFileSync(log, "utf8").includes("floor ready")) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the floor server did not start:\n${readFileSync(log, "utf8")}`);
}

type Measure = AutocannonResult & { p95: number };

/** The p-th percentile (0–1) of response times in ms, nearest rank. */
function percentile(times: number[], p: number): number {
  if (times.length === 0) return 0;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/**
 * Warms up, then measures one page. autocannon reports p50/p90/p97.5/p99 but no p95, so every
 * response time of the measured run is kept and p95 computed from them.
 */
async function measure(port: number, pagePath: string): Promise<Measure> {
  const options = { url: `http://${HOST}:${port}${pagePath}`, connections: CONNECTIONS, timeout: 10, headers };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const times: number[] = [];
  const instance = autocannon({ ...options, duration: DURATION });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  return { ...result, p95: percentile(times, 0.95) };
}

/** autocannon records whole milliseconds: 0 means under one. */
function ms(value: number): string {
  return value < 1 ? "<1" : String(value);
}

function problems(result: AutocannonResult): string {
  const parts = [];
  if (result.non2xx) parts.push(`${result.non2xx} non-2xx`);
  if (result.errors) parts.push(`${result.errors} errors`);
  if (result.timeouts) parts.push(`${result.timeouts} timeouts`);
  return parts.join(", ");
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const last = widths.length - 1;
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 || i === last ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ").trimEnd();
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.slice(1).map(line)].join("\n");
}

/** The search pages of the latency phase (issue 9 §2), labelled. */
const SEARCH_PAGES = [
  ["search", "/global-search?t=chateau"],
  ["search, typo", "/global-search?t=chardonay"],
  ["search, common word", "/global-search?t=vin"],
  ["product list search", "/products?t=chateau"],
] as const;

interface SearchLatency {
  label: string;
  path: string;
  status: number;
  bytes: number;
  requests: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * One request at a time, as a visitor would (`fetchPage`): each response read to the end, its time
 * from the request to the last byte (ms, sub-millisecond precision). 20 warm-up requests are not
 * counted.
 * @throws Error at the first response that is not a 200, warm-up included (a redirect or an error
 *   page would be measured instead of the search)
 */
async function searchLatency(label: string, pagePath: string): Promise<SearchLatency> {
  const once = async () => {
    const started = performance.now();
    const page = await fetchPage(label, pagePath);
    if (page.status !== 200) throw new Error(`${pagePath} answers ${page.status}, not 200: nothing to measure`);
    return { ms: performance.now() - started, status: page.status, bytes: page.body.length };
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  let last = { ms: 0, status: 0, bytes: 0 };
  for (let i = 0; i < SEARCH_REQUESTS; i++) {
    last = await once();
    times.push(last.ms);
  }
  return {
    label,
    path: pagePath,
    status: last.status,
    bytes: last.bytes,
    requests: times.length,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
  };
}

async function measureSearch(): Promise<SearchLatency[]> {
  const results = [];
  for (const [label, pagePath] of SEARCH_PAGES) {
    process.stdout.write(`Measuring ${pagePath} (${SEARCH_REQUESTS} sequential requests)…\n`);
    results.push(await searchLatency(label, pagePath));
  }
  return results;
}

async function main(): Promise<void> {
  await generateCatalogue();
  // The catalogue import's figure (issue 10 §4), on the database before the app opens it (PGlite allows one process).
  const importFigures = await benchImport(databaseEnv());
  console.log(`Starting the built app on http://${HOST}:${APP_PORT}…`);
  const listingProbe = prepareListingProbe(work);
  await startApp();
  // Measured as a returning visitor: past the age gate, the province notice and the consent (issue 9 §8).
  headers.cookie ??= await answeredVisitorCookieHeader(`http://${HOST}:${APP_PORT}`);

  const list = await fetchPage("/products", "/products");
  const productPath = firstProductPath(list.body.toString("utf8"));
  const pages = [
    list,
    await fetchPage("/products?type=VIN&c=FR", "/products?type=VIN&c=FR"),
    await fetchPage("product page", productPath),
    await fetchPage("/providers", "/providers"),
  ];
  await startFloor(pages);

  const rows = [
    ["page", "bytes", "app req/s", "app p50 ms", "app p95 ms", "floor req/s", "floor p50 ms", "floor p95 ms", "floor/app", "notes"],
  ];
  const report = [];
  for (const page of pages) {
    process.stdout.write(`Measuring ${page.path} (app, then floor; ${WARMUP_SECONDS} s warm-up + ${DURATION} s each)…\n`);
    const app = await measure(APP_PORT, page.path);
    const floor = await measure(FLOOR_PORT, page.path);
    const ratio = floor.requests.average / Math.max(app.requests.average, 1e-9);
    const notes = [problems(app) && `app: ${problems(app)}`, problems(floor) && `floor: ${problems(floor)}`];
    rows.push([
      page.label === "product page" ? `${page.path}` : page.label,
      String(page.body.length),
      app.requests.average.toFixed(0),
      ms(app.latency.p50),
      ms(Math.round(app.p95)),
      floor.requests.average.toFixed(0),
      ms(floor.latency.p50),
      ms(Math.round(floor.p95)),
      `${ratio.toFixed(1)}×`,
      notes.filter(Boolean).join("; "),
    ]);
    report.push({
      path: page.path,
      status: page.status,
      bytes: page.body.length,
      app: summary(app),
      floor: summary(floor),
      floorOverApp: ratio,
    });
  }

  console.log(
    `\n${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s per measure, ` +
      `${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}, Node ${process.version}\n`,
  );
  console.log(table(rows));
  const search = await measureSearch();
  console.log(`\nSearch latency, ${SEARCH_REQUESTS} sequential requests each (one at a time, end to end):\n`);
  console.log(
    table([
      ["page", "path", "status", "bytes", "p50 ms", "p95 ms", "max ms"],
      ...search.map((s) => [s.label, s.path, String(s.status), String(s.bytes), s.p50.toFixed(1), s.p95.toFixed(1), s.max.toFixed(1)]),
    ]),
  );
  const listing = await benchListing(`http://${HOST}:${APP_PORT}`, headers, listingProbe);
  const out = path.join(root, ".test-results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, "bench.json"),
    JSON.stringify(
      { date: new Date().toISOString(), products: PRODUCTS, connections: CONNECTIONS, duration: DURATION, pages: report, search, import: importFigures, listing },
      null,
      2,
    ),
  );
  console.log("\n(also written to .test-results/bench.json)");
}

function summary(r: Measure) {
  return {
    requestsPerSecond: r.requests.average,
    requests: r.requests.total,
    latencyMs: {
      average: r.latency.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p95: r.p95,
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
