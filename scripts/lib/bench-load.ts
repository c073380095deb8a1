/**
 * Throughput measures of `npm run bench` (docs/decisions/024-bench-and-several-processes.md goal 2): autocannon against a page
 * with N connections for a fixed time after a warm-up, and the static floor — a page's exact bytes
 * answered by a bare node:http server, i.e. merely sending them over HTTP on this machine.
 */
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { startChild, waitForHttp } from "./bench-processes";

interface AutocannonRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number; average: number };
  statusCodeStats?: Record<string, { count: number }>;
}
/** A run: awaitable for its result, and an emitter of each response (time in ms). */
type AutocannonInstance = Promise<AutocannonResult> & {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, responseTimeMs: number) => void): void;
};
/** autocannon ships no types; this is the part of its programmatic API used here. */
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => AutocannonInstance;

/** What one measure gives: requests per second, latency (ms) and everything that went wrong. */
export interface LoadFigures {
  url: string;
  requestsPerSecond: number;
  requests: number;
  latencyMs: { average: number; p50: number; p90: number; p95: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Responses per status code (autocannon's statusCodeStats). */
  statuses: Record<string, number>;
}

/** The p-th percentile (0–1) of `values`, nearest rank; 0 when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/**
 * Measures `url` (with `requests`, cycled by each connection, when given): `warmupSeconds` not
 * counted, then `seconds` counted. autocannon reports no p95, so every response time is kept.
 */
export async function measureLoad(
  url: string,
  options: { connections: number; seconds: number; warmupSeconds: number; headers: Record<string, string>; requests?: AutocannonRequest[] },
): Promise<LoadFigures> {
  const base = { url, connections: options.connections, timeout: 10, headers: options.headers, requests: options.requests };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  const times: number[] = [];
  const instance = autocannon({ ...base, duration: options.seconds });
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
  });
  const r = await instance;
  return {
    url,
    requestsPerSecond: r.requests.total / Math.max(r.duration, 1e-9),
    requests: r.requests.total,
    latencyMs: {
      average: r.latency.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p95: percentile(times, 0.95),
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  };
}

/** "3 non-2xx, 1 errors", or "" when nothing went wrong. */
export function problems(f: LoadFigures): string {
  const parts = [];
  if (f.non2xx)
    parts.push(
      `${f.non2xx} non-2xx (${Object.entries(f.statuses)
        .filter(([c]) => !c.startsWith("2"))
        .map(([c, n]) => `${n}×${c}`)
        .join(", ")})`,
    );
  if (f.errors) parts.push(`${f.errors} errors`);
  if (f.timeouts) parts.push(`${f.timeouts} timeouts`);
  return parts.join(", ");
}

/** A page recorded from the app, to be served again by the static floor. */
export interface RecordedPage {
  path: string;
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * The static floor: a bare node:http server in its own process that answers each recorded path
 * with its bytes (no compression: what autocannon asks for is identity anyway).
 */
export async function startStaticFloor(pages: RecordedPage[], work: string, host: string, port: number): Promise<ChildProcess> {
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
    }).listen(${port}, "${host}", () => console.log("floor ready"));`;
  const log = path.join(work, "floor.log");
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = startChild(process.execPath, ["-e", program, file], { cwd: work, env, log });
  await waitForHttp(`http://${host}:${port}${pages[0]!.path}`, child, log, { timeoutMs: 15_000 });
  return child;
}
