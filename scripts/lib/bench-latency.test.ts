/**
 * The latency curve of `npm run bench` (scripts/lib/bench-latency.ts): how it classes a page's
 * growth from its medians at three sizes, and how it warms a freshly started app up.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { BROWSER_ACCEPT_ENCODING, classifyGrowth, resolvePagePath, sequentialLatency, warmUp } from "./bench-latency";

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe("growth of the latency curve", () => {
  const sizes = [1_000, 10_000, 100_000];
  it("calls a flat or logarithmic cost log, whatever the fixed cost", () => {
    expect(classifyGrowth(sizes, [12, 12.4, 13.1])).toBe("log");
    expect(classifyGrowth(sizes, [40, 45, 50])).toBe("log");
    // Noise: the middle size measured a little faster than the smallest.
    expect(classifyGrowth(sizes, [29, 28.8, 33.1])).toBe("log");
  });
  it("calls a cost linear in the catalogue n log n, and a steeper one > n log n", () => {
    // 10 ms + 0.5 ms per 1,000 products.
    expect(classifyGrowth(sizes, [10.5, 15, 60])).toBe("n log n");
    // Flat to 10k, then 11 ms more: more than noise on a log step, within n log n of the noise.
    expect(classifyGrowth(sizes, [26.5, 27.5, 38.7])).toBe("n log n");
    // 10 ms + 0.5 ms per 1,000 products, squared in thousands: 10.5, 60, 5010.
    expect(classifyGrowth(sizes, [10.5, 60, 5010])).toBe("> n log n");
    expect(classifyGrowth(sizes, [20, 20, 80])).toBe("> n log n");
  });
  it("needs three sizes", () => {
    expect(classifyGrowth([1_000, 10_000], [10, 20])).toBe("n/a");
  });
});

describe("warm-up of the latency curve", () => {
  /** A server counting the requests of each path; `/gone` answers 404. */
  async function countingServer(): Promise<{ base: string; hits: Map<string, number> }> {
    const hits = new Map<string, number>();
    const server = createServer((req, res) => {
      hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
      res.writeHead(req.url === "/gone" ? 404 : 200).end("ok");
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
  }

  it("spreads its requests over every page in turn", async () => {
    const { base, hits } = await countingServer();
    await warmUp(base, ["/a", "/b", "/c"], {}, 7);
    expect(Object.fromEntries(hits)).toEqual({ "/a": 3, "/b": 2, "/c": 2 });
  });

  it("stops at a page that does not answer 200, which would warm up an error page", async () => {
    const { base, hits } = await countingServer();
    await expect(warmUp(base, ["/a", "/gone"], {}, 10)).rejects.toThrow("/gone answered 404");
    expect(Object.fromEntries(hits)).toEqual({ "/a": 1, "/gone": 1 });
  });
});

describe("requests of the latency curve", () => {
  const page = "<!doctype html><p>Château Margaux</p>".repeat(50);

  /** A server answering `/page` in the encoding asked for, and `/old` with a redirect to it. */
  async function encodingServer(): Promise<{ base: string; encodings: string[] }> {
    const encodings: string[] = [];
    const server = createServer((req, res) => {
      if (req.url === "/old") return void res.writeHead(302, { location: "/page?x=1" }).end();
      const accepted = String(req.headers["accept-encoding"] ?? "");
      encodings.push(accepted);
      if (accepted.includes("br")) return void res.writeHead(200, { "content-encoding": "br" }).end(brotliCompressSync(page));
      if (accepted.includes("gzip")) return void res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(page));
      res.writeHead(200).end(page);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, encodings };
  }

  it("asks as a browser does and counts the page's bytes once decoded", async () => {
    const { base, encodings } = await encodingServer();
    const figures = await sequentialLatency(base, "page", "/page", { cookie: "a=b" }, { warmup: 1, requests: 3, maxSeconds: 60 });
    expect(figures.requests).toBe(3);
    expect(figures.bytes).toBe(Buffer.byteLength(page));
    expect(encodings).toEqual(Array(4).fill(BROWSER_ACCEPT_ENCODING));
  });

  it("keeps one connection open from request to request, as a browser does", async () => {
    const { base } = await encodingServer();
    const server = servers.at(-1)!;
    let connections = 0;
    server.on("connection", () => connections++);
    await sequentialLatency(base, "page", "/page", {}, { warmup: 0, requests: 5, maxSeconds: 60 });
    expect(connections).toBe(1);
  });

  it("follows the app's own redirects to the page that answers 200", async () => {
    const { base } = await encodingServer();
    expect(await resolvePagePath(base, "/old", {})).toBe("/page?x=1");
  });
});
