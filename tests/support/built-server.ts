/**
 * Starts the BUILT shop (`node scripts/serve.mjs`, build/ first: `npx react-router build`) as its
 * own process on a free loopback port and a temp data folder, for the tests of tests/server that
 * check what only the real HTTP server does (headers, refusals, shutdown).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface BuiltServer {
  origin: string;
  port: number;
  process: ChildProcess;
  dataDir: string;
  secret: string;
  /** Everything the server printed so far (stdout and stderr). */
  log(): string;
  /** Resident memory of the server process, in bytes. */
  residentBytes(): number;
  /** SIGTERM, then the exit code (null if it had to be killed after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | null>;
  /** Stops it if still running and removes its data folder (unless kept for a restart). */
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Starts the built server and waits until it answers.
 * @param env extra environment (NODE_ENV defaults to `test`, SEED_DEMO to `1`, SEED_DEMO_PHOTOS to
 *   `0` (drawing the demo's photos would add seconds to each start; with `1` they are kept in
 *   data/demo-art); `DATABASE_URL` for PostgreSQL)
 * @param reuse the data folder and secret of an earlier server, to restart on the same data
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  reuse?: { dataDir: string; secret: string },
): Promise<BuiltServer> {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("build/server/index.js is missing: run `npx react-router build` first");
  }
  const port = await freePort();
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), "cuvee-server-"));
  const secret = reuse?.secret ?? randomBytes(24).toString("hex");
  // The embedded database unless `env` names one: this shell's DATABASE_URL is not inherited.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.CUVEE_ENV;
  delete inherited.TEST_DATABASE_URL;
  const childEnv: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: "test",
    SEED_DEMO: "1",
    SEED_DEMO_PHOTOS: "0",
    DEMO_ART_DIR: path.join(root, "data/demo-art"),
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: secret,
  };
  const child = spawn(process.execPath, ["scripts/serve.mjs"], { cwd: root, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  while (!/listening on/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  const server: BuiltServer = {
    origin,
    port,
    process: child,
    dataDir,
    secret,
    log: () => output,
    residentBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return kb * 1024;
    },
    async stop(timeoutMs = 15_000) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), timeoutMs));
      const result = await Promise.race([exit, timer]);
      if (result === "timeout") {
        child.kill("SIGKILL");
        await exit;
        return null;
      }
      return result;
    },
    async dispose() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** The `name=value` part of each Set-Cookie header of a response. */
export function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((header) => header.split(";")[0]!);
}

/** The count on the header's cart icon, as the visitor with these cookies sees it. */
export async function cartCount(server: BuiltServer, cookie: string): Promise<number> {
  const html = await (await fetch(`${server.origin}/global-search`, { headers: { Cookie: cookie } })).text();
  const match = /aria-label="Panier, (\d+) article/.exec(html);
  if (!match) throw new Error("no cart icon on the page");
  return Number(match[1]);
}

/** The product inventory id of the first item the Montréal shop lists (the demo catalogue's). */
export async function firstShopItemId(server: BuiltServer): Promise<string> {
  const html = await (await fetch(`${server.origin}/products?inventory=STORE_MTL`)).text();
  const match = /name="productInventoryId" value="(\d+)"/.exec(html);
  if (!match) throw new Error("no add-to-cart form on /products?inventory=STORE_MTL");
  return match[1]!;
}

/**
 * The server's log written since `from` (a length of `server.log()` taken before a request), once
 * it holds `text`: a log line is written when its response ends and reaches this process through a
 * pipe, so a loaded machine may take a while. Then waits `settleMs` more for lines written with it.
 * @throws when `text` has not arrived within `timeoutMs`
 */
export async function logSince(server: BuiltServer, from: number, text: string, timeoutMs = 10_000, settleMs = 100): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!server.log().slice(from).includes(text)) {
    if (Date.now() > deadline) throw new Error(`"${text}" not logged within ${timeoutMs} ms:\n${server.log().slice(from).slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, settleMs));
  return server.log().slice(from);
}
