/**
 * Lighthouse (mobile: slow 4G, 4× CPU) on the pages WITH photos (docs/decisions/038-photos-on-pages.md):
 * a fresh PGlite data folder gets the demo catalogue and sample photos (scripts/sample-photos.ts:
 * the first 24 products of /products, their producers and the first page of /providers), the
 * BUILT app runs on it as production on 127.0.0.1:LH_PORT (3414), every page and each of its
 * `/media/` variants is asked once (a variant is made on its first request, decision 035), then
 * Lighthouse runs LH_RUNS times (3) on home, /products, the first sample product and /providers
 * as a visitor who answered the age, province and consent dialogs. Prints each run and the
 * medians of performance, LCP, CLS and TBT against the targets (≥ 0.98, ≤ 1.5 s, ≤ 0.01); exits 1
 * when a median misses one. LH_PHOTOS=0 measures the same pages without photos, for comparison.
 * Not part of `npm test`.
 *
 *   npx react-router build && npx tsx scripts/lighthouse-photos.ts
 *
 * Lighthouse comes from the npm registry through npx (LIGHTHOUSE_VERSION, 12.8.2), Chromium from
 * CHROME_PATH (/usr/bin/chromium).
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { answeredVisitorCookieHeader } from "../tests/e2e/support/visitor";
import { PRODUCTION_SETTINGS } from "../tests/support/production-env";

const run = promisify(execFile);
const PORT = Number(process.env.LH_PORT ?? 3414);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const LIGHTHOUSE = `lighthouse@${process.env.LIGHTHOUSE_VERSION ?? "12.8.2"}`;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const origin = `http://127.0.0.1:${PORT}`;
const TARGETS = { performance: 0.98, lcpMs: 1500, cls: 0.01 };

interface Figures {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  lcpElement: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the app did not start");
}

/** Asks for a page and every /media/ URL of its HTML once, so no measured run waits for a variant to be made. */
async function warm(pagePath: string, cookie: string): Promise<void> {
  const html = await (await fetch(origin + pagePath, { headers: { Cookie: cookie } })).text();
  const urls = new Set([...html.matchAll(/\/media\/[0-9a-f]{64}\/\d+\.(?:avif|webp|jpg)/g)].map((m) => m[0]));
  for (const url of urls) await (await fetch(origin + url)).arrayBuffer();
}

async function lighthouse(pagePath: string, headersFile: string, outFile: string): Promise<Figures> {
  await run(
    "npx",
    [
      "-y",
      LIGHTHOUSE,
      origin + pagePath,
      "--quiet",
      "--only-categories=performance",
      "--output=json",
      `--output-path=${outFile}`,
      `--extra-headers=${headersFile}`,
      "--chrome-flags=--headless --no-sandbox --disable-gpu",
    ],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(outFile, "utf8")) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number; details?: { items?: { node?: { snippet?: string } }[] } }>;
  };
  const a = report.audits;
  return {
    performance: report.categories.performance.score,
    lcpMs: a["largest-contentful-paint"]?.numericValue ?? NaN,
    cls: a["cumulative-layout-shift"]?.numericValue ?? NaN,
    tbtMs: a["total-blocking-time"]?.numericValue ?? NaN,
    fcpMs: a["first-contentful-paint"]?.numericValue ?? NaN,
    lcpElement:
      (
        a["largest-contentful-paint-element"]?.details?.items?.[0] as { items?: { node?: { snippet?: string } }[] } | undefined
      )?.items?.[0]?.node?.snippet?.slice(0, 90) ?? "",
  };
}

async function main(): Promise<number> {
  const work = mkdtempSync(path.join(tmpdir(), "cuvee-lighthouse-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...PRODUCTION_SETTINGS,
    DATA_DIR: path.join(work, "data"),
    NODE_ENV: "production",
    SEED_DEMO: "1",
    SESSION_SECRET: "lighthouse-photos-0123456789abcdef0123456789",
  };
  delete env.DATABASE_URL;
  let server: ReturnType<typeof spawn> | null = null;
  try {
    if (process.env.LH_PHOTOS === "0") {
      console.log("Without photos (LH_PHOTOS=0): the demo catalogue alone, for comparison.");
    } else {
      console.log("Demo catalogue and sample photos…");
      const seeded = await run("node_modules/.bin/tsx", ["scripts/sample-photos.ts", "24", "24"], { env });
      console.log(seeded.stdout.trim());
    }
    server = spawn("node", ["scripts/serve.mjs"], {
      env: { ...env, PORT: String(PORT), HOST: "127.0.0.1" },
      stdio: "ignore",
    });
    await waitForServer();
    const cookie = await answeredVisitorCookieHeader(origin);
    const productsHtml = await (await fetch(`${origin}/products`, { headers: { Cookie: cookie } })).text();
    const productPath = /href="(\/products\/[a-z0-9-]+)\?id=/.exec(productsHtml)?.[1];
    if (!productPath) throw new Error("no product link on /products");
    const pages = ["/", "/products", productPath, "/providers"];
    for (const page of pages) await warm(page, cookie);
    const headersFile = path.join(work, "headers.json");
    writeFileSync(headersFile, JSON.stringify({ Cookie: cookie }));

    let missed = false;
    console.log(`Lighthouse ${LIGHTHOUSE}, mobile, ${RUNS} runs per page, ${origin}`);
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART): one more try.
        const out = path.join(work, `report-${i}.json`);
        const figures = await lighthouse(page, headersFile, out).catch(() => lighthouse(page, headersFile, out));
        runs.push(figures);
        console.log(
          `  ${page.padEnd(48)} run ${i + 1}: perf ${figures.performance.toFixed(2)}  FCP ${Math.round(figures.fcpMs)} ms  LCP ${Math.round(figures.lcpMs)} ms  CLS ${figures.cls.toFixed(3)}  TBT ${Math.round(figures.tbtMs)} ms  LCP element ${figures.lcpElement}`,
        );
      }
      const m = {
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
      };
      const ok = m.performance >= TARGETS.performance && m.lcpMs <= TARGETS.lcpMs && m.cls <= TARGETS.cls;
      missed ||= !ok;
      console.log(
        `  ${page.padEnd(48)} median: perf ${m.performance.toFixed(2)}  LCP ${Math.round(m.lcpMs)} ms  CLS ${m.cls.toFixed(3)}  ${ok ? "ok" : "MISSED (targets: perf ≥ 0.98, LCP ≤ 1.5 s, CLS ≤ 0.01)"}`,
      );
    }
    return missed ? 1 : 0;
  } finally {
    server?.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
