/**
 * The bare React Router floor of `npm run bench`: builds scripts/bench-bare-app
 * (one root, one route without data) with the repository's own react-router and vite into the
 * bench's temp folder, and serves it with the shop's server stack (its server.ts) on a port of
 * loopback. `/products ÷ bare` then says how much of the framework's own throughput the shop keeps.
 */
import type { ChildProcess } from "node:child_process";
import { symlinkSync } from "node:fs";
import path from "node:path";
import { runChild, startChild, waitForHttp } from "./bench-processes";

/**
 * Builds the bare app into `<work>/bare` (a few seconds).
 * @returns the server bundle's path
 * @throws Error with the build's log when the build fails
 */
export async function buildBareApp(root: string, work: string): Promise<string> {
  const out = path.join(work, "bare");
  const log = path.join(work, "bare-build.log");
  await runChild("the bare app's build", path.join(root, "node_modules/.bin/react-router"), ["build", "scripts/bench-bare-app"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BENCH_BARE_BUILD_DIR: path.join(out, "build"),
      BENCH_BARE_CACHE_DIR: path.join(work, "bare-vite-cache"),
    },
    log,
  });
  // The bundle imports express, react-router… (externals) from the shop's node_modules.
  symlinkSync(path.join(root, "node_modules"), path.join(work, "node_modules"), "dir");
  return path.join(out, "build/server/index.js");
}

/**
 * Starts the bare app's server and waits until `/` answers 200.
 * @param bundle what {@link buildBareApp} returned
 */
export async function startBareApp(bundle: string, work: string, host: string, port: number): Promise<ChildProcess> {
  const log = path.join(work, "bare.log");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", HOST: host, PORT: String(port) };
  delete env.NODE_OPTIONS;
  const child = startChild(process.execPath, [bundle], { cwd: path.dirname(bundle), env, log });
  await waitForHttp(`http://${host}:${port}/`, child, log, { timeoutMs: 30_000 });
  return child;
}
