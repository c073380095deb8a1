/**
 * The HTTP server in front of React Router (docs/product.md#how-the-shop-is-built): Express with
 * `@react-router/express`. This module is the entry of the server build (vite.config.ts), so the
 * React Router build, the database it opens and the code below are one set of modules;
 * `scripts/serve.mjs` imports it and calls {@link startServer}. The stack every request meets is
 * server/http-stack.ts; React Router gets the request's CSP nonce and the client's address in its
 * context.
 */
// First: every line printed from here on, the build's start-up included, is a masked JSON line.
import "./console-to-log";
import path from "node:path";
import type { Express } from "express";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { closeDatabase, getDatabase, getDatabaseHandle, isDatabaseReady } from "~/boot.server";
import { getEnv } from "~/env.server";
import { requestContext } from "~/http/request-context";
import { startOutboxWorker } from "~/outbox/outbox.server";
import { shopOutboxHandlers } from "~/outbox-handlers.server";
import { createHttpStack } from "./http-stack";
import { MAINTENANCE_INTERVAL_MS, startMaintenance } from "./maintenance";
import { withProbes } from "./probes";
import { allowInlineByHash } from "./security-headers";
import { shutDownGracefullyOnSignals } from "./shutdown";

/** build/server/index.js → build/client */
const CLIENT_DIR = path.resolve(import.meta.dirname, "../client");

/**
 * The Express application: the load balancer's probes (`/healthz`, `/readyz`), then the shop's
 * headers, guards, static files and React Router.
 */
export function createApp(): Express {
  const env = getEnv();
  const shop = createHttpStack({
    build,
    clientDir: CLIENT_DIR,
    production: env.nodeEnv === "production",
    trustProxy: env.trustProxy,
    loadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(requestContext, {
        nonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        requestedPath: req.path,
        allowInlineByHash: (hashes) => allowInlineByHash(res, hashes),
      });
      return context;
    },
  });
  return withProbes(shop, () => isDatabaseReady());
}

/**
 * Listens on `PORT` / `HOST`, starts the periodic jobs and the outbox's worker (decision 027), and
 * shuts down gracefully on SIGTERM/SIGINT (the worker finishes the job in hand first). The
 * database is already open: importing the build booted it.
 */
export async function startServer(): Promise<void> {
  const env = getEnv();
  const maintenance = startMaintenance(getDatabase(), MAINTENANCE_INTERVAL_MS, env.publicationSweepSeconds * 1000);
  const handle = getDatabaseHandle();
  let outbox: Awaited<ReturnType<typeof startOutboxWorker>>;
  try {
    // The embedded database is this process's alone: a lease found there was held by this process
    // before a crash, so its row is sent now rather than when the lease ends (decision 027).
    outbox = await startOutboxWorker(handle, shopOutboxHandlers(handle.db), { releaseLeasesAtStart: handle.kind === "pglite" });
  } catch (error) {
    console.error(`Cannot start the outbox's worker: ${(error as Error).message}`);
    process.exit(1);
  }
  const onListening = (error?: Error) => {
    if (error) {
      console.error(`Cannot listen on ${env.host ?? "all interfaces"}, port ${env.port}: ${error.message}`);
      process.exit(1);
    }
    console.log(`Cuvée listening on http://${env.host ?? "localhost"}:${env.port}`);
  };
  // Without HOST, Node's default: every interface, IPv6 and IPv4 when the machine has both.
  const app = createApp();
  const server = env.host ? app.listen(env.port, env.host, onListening) : app.listen(env.port, onListening);
  shutDownGracefullyOnSignals(server, async () => {
    await Promise.all([maintenance.stop(), outbox.stop()]);
    await closeDatabase();
  });
}
