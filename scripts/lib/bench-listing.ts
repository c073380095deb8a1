/**
 * The price list figure of `npm run bench` ("a 10,000-product list neither blocks the
 * server nor runs out of memory (measure it)"): `GET /listing` of the whole catalogue through HTTP
 * on the bench's app server — time to the last byte, size, pages, the server's peak RSS growth
 * (from /proc, sampled every 10 ms, and the kernel's high-water mark) and its event loop's max
 * delay during it (perf_hooks.monitorEventLoopDelay inside the server, scripts/lib/bench-listing-probe.mjs),
 * plus the latency of small requests sent meanwhile.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PDFDocument } from "pdf-lib";

interface ProbeStats {
  pid: number;
  rss: number;
  maxDelayMs: number;
  p99DelayMs: number;
}

/**
 * Arms the probe for one app server: its file under `work`, and the environment to start that
 * server with (the probe is loaded through NODE_OPTIONS).
 */
export function listingProbe(work: string): { file: string; env: NodeJS.ProcessEnv } {
  const file = path.join(work, "listing-probe.json");
  const probe = pathToFileURL(path.join(import.meta.dirname, "bench-listing-probe.mjs")).href;
  return { file, env: { BENCH_LISTING_PROBE_FILE: file, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${probe}`.trim() } };
}

function readProbe(file: string): ProbeStats {
  return JSON.parse(readFileSync(file, "utf8")) as ProbeStats;
}

/** Asks the server for its figures (SIGUSR2) and waits for the file to change. */
async function signalProbe(file: string, pid: number): Promise<ProbeStats> {
  writeFileSync(file, "");
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 10));
    try {
      return readProbe(file);
    } catch {
      // not written yet
    }
  }
  throw new Error("the listing probe did not answer");
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : 0;
}

export interface ListingBenchResult {
  path: string;
  status: number;
  ms: number;
  bytes: number;
  pages: number;
  rssBeforeMb: number;
  peakRssGrowthMb: number;
  maxEventLoopDelayMs: number;
  p99EventLoopDelayMs: number;
  probeRequests: number;
  probeMaxMs: number;
}

/**
 * Downloads the price list of every product (available and upcoming, the region's channels) once
 * after a warm-up on a small list, and prints the figures.
 * @param baseUrl the app server, `http://127.0.0.1:3300`.
 * @param probeFile the `file` of {@link listingProbe}, whose `env` started that server.
 */
export async function benchListing(baseUrl: string, headers: Record<string, string>, probeFile: string): Promise<ListingBenchResult> {
  const listPath = "/listing?showQuantity=true";
  const get = (p: string) => fetch(`${baseUrl}${p}`, { headers, signal: AbortSignal.timeout(300_000) });
  await (await get("/listing?t=chateau")).arrayBuffer();
  const { pid } = readProbe(probeFile);
  try {
    process.kill(pid, 0);
  } catch {
    throw new Error("the listing probe's server is not running");
  }
  // Reset the kernel's high-water mark (Linux), the probe's histogram, then measure.
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not allowed: the sampled peak remains
  }
  await signalProbe(probeFile, pid);
  const rssBefore = statusKb(pid, "VmRSS");
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, statusKb(pid, "VmRSS"))), 10);
  // Small requests meanwhile, one at a time: how long other visitors wait.
  let running = true;
  const probeTimes: number[] = [];
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      await (await get("/robots.txt")).arrayBuffer();
      probeTimes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  process.stdout.write(`Measuring ${listPath} (the whole catalogue as a PDF)…\n`);
  const started = performance.now();
  const response = await get(listPath);
  const body = new Uint8Array(await response.arrayBuffer());
  const ms = performance.now() - started;
  running = false;
  await probing;
  clearInterval(sampler);
  const stats = await signalProbe(probeFile, pid);
  peak = Math.max(peak, statusKb(pid, "VmHWM"));
  const pages = response.ok ? (await PDFDocument.load(body, { updateMetadata: false })).getPageCount() : 0;
  const result: ListingBenchResult = {
    path: listPath,
    status: response.status,
    ms,
    bytes: body.length,
    pages,
    rssBeforeMb: rssBefore / 1024,
    peakRssGrowthMb: (peak - rssBefore) / 1024,
    maxEventLoopDelayMs: stats.maxDelayMs,
    p99EventLoopDelayMs: stats.p99DelayMs,
    probeRequests: probeTimes.length,
    probeMaxMs: Math.max(0, ...probeTimes),
  };
  console.log(
    `\nPrice list PDF (${result.path}): status ${result.status}, ${(result.ms / 1000).toFixed(1)} s, ` +
      `${(result.bytes / 1e6).toFixed(2)} MB, ${result.pages} pages; server RSS ${result.rssBeforeMb.toFixed(0)} MB ` +
      `+ ${result.peakRssGrowthMb.toFixed(0)} MB at peak; event loop max delay ${result.maxEventLoopDelayMs.toFixed(0)} ms ` +
      `(p99 ${result.p99EventLoopDelayMs.toFixed(0)} ms); ${result.probeRequests} small requests meanwhile, slowest ${result.probeMaxMs.toFixed(0)} ms`,
  );
  return result;
}
