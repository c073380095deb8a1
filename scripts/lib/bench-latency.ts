/**
 * The latency curve of `npm run bench`: sequential single requests (one at a
 * time, each read to its last byte, warm-up not counted) to the main pages at each catalogue size,
 * and how their cost grows with the catalogue. docs/decisions/024-bench-and-several-processes.md
 * explains the verdicts.
 */
import http from "node:http";
import type { Transform } from "node:stream";
import zlib from "node:zlib";
import { percentile } from "./bench-load";

/** A page of the curve: its label, the path asked for, and its p95 target at 100,000 products (ms). */
export interface CurvePage {
  label: string;
  path: string;
  targetMs: number | null;
}

/** Bench goal 1 (docs/decisions/024-bench-and-several-processes.md): `/products` (any filter, page, sort) and home p95 ≤ 30 ms, search p95 ≤ 50 ms. */
export const PRODUCTS_TARGET_MS = 30;
export const HOME_TARGET_MS = 30;
export const SEARCH_TARGET_MS = 50;

/**
 * The pages, in the table's order. `/products?page=300` is asked for at every size and, past the
 * last page (the app redirects there), the last page is measured instead. The product page is the
 * first product of `/products`, filled in by the bench at each size.
 */
export const CURVE_PAGES: readonly CurvePage[] = [
  { label: "home /", path: "/", targetMs: HOME_TARGET_MS },
  { label: "/products", path: "/products", targetMs: PRODUCTS_TARGET_MS },
  { label: "/products?page=min(300,last)", path: "/products?page=300", targetMs: PRODUCTS_TARGET_MS },
  { label: "/products?sort=price-asc&type=VIN", path: "/products?sort=price-asc&type=VIN", targetMs: PRODUCTS_TARGET_MS },
  { label: "/products?type=VIN&c=FR", path: "/products?type=VIN&c=FR", targetMs: PRODUCTS_TARGET_MS },
  { label: "/products?t=chateau", path: "/products?t=chateau", targetMs: PRODUCTS_TARGET_MS },
  // Decision 051: the availability status facet (counted from the listing rows) and the origin order, deep.
  { label: "/products?availabilityStatus=UPCOMING", path: "/products?availabilityStatus=UPCOMING", targetMs: PRODUCTS_TARGET_MS },
  { label: "/products?sort=origin&page=min(300,last)", path: "/products?sort=origin&page=300", targetMs: PRODUCTS_TARGET_MS },
  { label: "/global-search?t=chateau", path: "/global-search?t=chateau", targetMs: SEARCH_TARGET_MS },
  { label: "/global-search?t=chardonay (typo)", path: "/global-search?t=chardonay", targetMs: SEARCH_TARGET_MS },
  { label: "/global-search?t=vin", path: "/global-search?t=vin", targetMs: SEARCH_TARGET_MS },
  { label: "a product page", path: "", targetMs: null },
  { label: "/providers", path: "/providers", targetMs: null },
];

/** One page measured at one size. Times in ms, end to end. */
export interface LatencyFigures {
  label: string;
  /** The path measured (after following the app's redirects, e.g. to the last page). */
  path: string;
  bytes: number;
  requests: number;
  p50: number;
  p95: number;
  max: number;
}

/** The encodings a browser accepts (Chromium, Firefox and Safari send these and more): the page comes as a browser gets it. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

/** One connection kept open between requests, as a browser keeps its connection to the shop. */
const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The decoder of a response body's `Content-Encoding`, or none. */
function decoderOf(encoding: string | undefined): Transform | null {
  if (encoding === "br") return zlib.createBrotliDecompress();
  if (encoding === "gzip") return zlib.createGunzip();
  if (encoding === "deflate") return zlib.createInflate();
  return null;
}

/**
 * One request, read and decoded to its last byte, through `node:http` (the shop under test is
 * plain HTTP on this machine; an `https:` base is not supported). The curve measures the shop, not
 * the measuring client, and `fetch` (undici and its web streams) adds a little work of its own:
 * the two clients alternated request by request at 100,000 products, both asking for gzip
 * (2 rounds × 300 each), `fetch` measured `/products` at p50 15.5 and 13.3 ms against 13.5 and
 * 13.6, `t=chateau` 21.8 against 20.8–20.9, `/robots.txt` 0.35 ms more (decision 024).
 */
function get(
  base: string,
  pagePath: string,
  headers: Record<string, string>,
): Promise<{ status: number; location: string | null; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(pagePath, base),
      { agent: keptAlive, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...headers }, signal: AbortSignal.timeout(60_000) },
      (response) => {
        const decoder = decoderOf(response.headers["content-encoding"]);
        const body = decoder ? response.pipe(decoder) : response;
        let bytes = 0;
        body.on("data", (chunk: Buffer) => (bytes += chunk.length));
        body.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, bytes }));
        body.on("error", reject);
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

/**
 * The path that answers 200 for `pagePath`: the app's own redirects followed (a page past the last
 * one, a canonical order of the query).
 * @throws Error when it ends on anything but a 200, or after 5 redirects
 */
export async function resolvePagePath(base: string, pagePath: string, headers: Record<string, string>): Promise<string> {
  let current = pagePath;
  for (let hop = 0; hop < 5; hop++) {
    const { status, location } = await get(base, current, headers);
    if (status === 200) return current;
    if (status >= 300 && status < 400 && location) {
      const next = new URL(location, `${base}${current}`);
      if (next.origin !== new URL(base).origin) throw new Error(`${current} redirects off the shop, to ${location}`);
      current = `${next.pathname}${next.search}`;
      continue;
    }
    throw new Error(`${current} answers ${status}, not 200: nothing to measure (is the visitor cookie missing?)`);
  }
  throw new Error(`${pagePath}: more than 5 redirects`);
}

/**
 * Warms a freshly started app up: `requests` sequential requests spread over `paths` in turn, none
 * counted. A new process's first thousand or so requests run through V8's compiler tiers and the
 * growth of its heap: measured on the curve's pages at 100,000 products, a fresh process's first pass
 * had p50 1.5–2 ms and p95 3–6 ms above a second pass on the same process, on every page alike,
 * which the per-page warm-up of {@link sequentialLatency} (20 requests) did not absorb.
 * @throws Error at the first answer that is not a 200
 */
export async function warmUp(base: string, paths: readonly string[], headers: Record<string, string>, requests: number): Promise<void> {
  for (let i = 0; i < requests && paths.length > 0; i++) {
    const pagePath = paths[i % paths.length]!;
    const answer = await get(base, pagePath, headers);
    if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status} during the warm-up`);
  }
}

/** The fewest counted requests a page gets when its time budget runs out first. */
export const MIN_LATENCY_REQUESTS = 20;

/**
 * `warmup` requests not counted, then `requests` counted, one at a time: time from the request to
 * the last byte of the body (sub-millisecond precision). A slow page stops early once `maxSeconds`
 * of counted requests have passed and at least {@link MIN_LATENCY_REQUESTS} were counted (its
 * `requests` says how many), so that one slow page cannot hold the whole bench.
 * @throws Error at the first answer that is not a 200 (an error page would be measured instead)
 */
export async function sequentialLatency(
  base: string,
  label: string,
  pagePath: string,
  headers: Record<string, string>,
  options: { warmup: number; requests: number; maxSeconds: number },
): Promise<LatencyFigures> {
  const times: number[] = [];
  let bytes = 0;
  let countingSince = 0;
  for (let i = 0; i < options.warmup + options.requests; i++) {
    if (i === options.warmup) countingSince = performance.now();
    if (times.length >= MIN_LATENCY_REQUESTS && performance.now() - countingSince > options.maxSeconds * 1000) break;
    const started = performance.now();
    const answer = await get(base, pagePath, headers);
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status} during the measure`);
    bytes = answer.bytes;
    if (i >= options.warmup) times.push(ms);
  }
  return {
    label,
    path: pagePath,
    bytes,
    requests: times.length,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
  };
}

/** How a page's cost grows from the smallest to the largest catalogue. */
export type Growth = "log" | "n log n" | "> n log n" | "n/a";

/** Noise allowance of the growth test: 2 ms, or 10 % of the page's time at the middle size. */
export function growthTolerance(middleMs: number): number {
  return Math.max(2, 0.1 * middleMs);
}

/**
 * Classifies the growth of a page's median time over three catalogue sizes a < b < c by its
 * increments, in which the size-independent cost (rendering, HTTP) cancels out: a cost
 * `fixed + k·log n` adds the same per log step — from 1k to 10k as from 10k to 100k — while a
 * cost `fixed + k·n` adds 10 times more on the second step and `fixed + k·n·log n` 12.4 times.
 * Each increment is known to within the tolerance, and a true increment is never negative, so the
 * first one is at most `max(first, 0) + tolerance`:
 * - "log": second ≤ (log ratio) × that + tolerance
 * - "n log n": second ≤ (n·log n ratio, 12.4 for 1k/10k/100k) × that + tolerance
 * - "> n log n": more
 * @param sizes catalogue sizes, ascending (the last three are used); @param ms their median times
 */
export function classifyGrowth(sizes: number[], ms: number[]): Growth {
  if (sizes.length < 3) return "n/a";
  const [a, b, c] = sizes.slice(-3) as [number, number, number];
  const [ta, tb, tc] = ms.slice(-3) as [number, number, number];
  const tolerance = growthTolerance(tb);
  const first = Math.max(tb - ta, 0) + tolerance;
  const second = tc - tb;
  const logRatio = Math.log(c / b) / Math.log(b / a);
  const nLogNRatio = (c * Math.log(c) - b * Math.log(b)) / (b * Math.log(b) - a * Math.log(a));
  if (second <= logRatio * first + tolerance) return "log";
  if (second <= nLogNRatio * first + tolerance) return "n log n";
  return "> n log n";
}
