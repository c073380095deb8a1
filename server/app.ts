/**
 * The HTTP server in front of React Router (DESIGN §1, issue 6 §1): Express with
 * `@react-router/express`. This module is the entry of the server build (vite.config.ts), so the
 * React Router build, the database it opens and the code below are one set of modules;
 * `scripts/serve.mjs` imports it and calls {@link startServer}.
 *
 * In order, every request meets: the request log (one line, with the reason of a refusal),
 * compression, the security headers with a fresh CSP nonce, the method, cross-site and body-size
 * guards (server/guards.ts), the static files, then React Router with the nonce and the client's
 * address in its context.
 */
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type Request, type Response } from "express";
import morgan from "morgan";
import { RouterContextProvider, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { closeDatabase, getDatabase } from "~/boot.server";
import { getEnv } from "~/env.server";
import { requestContext } from "~/http/request-context";
import { allowOnlyShopMethods, announceAllowedMethods, limitBodySize, refuseCrossSiteWrites } from "./guards";
import { startMaintenance } from "./maintenance";
import { securityHeaders } from "./security-headers";
import { loggedUrl } from "./log-format";
import { shutDownGracefullyOnSignals } from "./shutdown";

/** build/server/index.js → build/client */
const CLIENT_DIR = path.resolve(import.meta.dirname, "../client");

morgan.token("safe-url", (req) => loggedUrl((req as express.Request).originalUrl ?? req.url ?? ""));

morgan.token("refusal", (_req, res) => {
  const refusal = (res as Response).locals?.refusal as string | undefined;
  return refusal ? ` refused: ${refusal}` : "";
});

/** The Express application: headers, guards, static files and React Router. */
export function createApp(): Express {
  const env = getEnv();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.trustProxy);

  app.use(morgan(":method :safe-url :status :response-time ms:refusal"));
  app.use(compression());
  app.use(securityHeaders({ production: env.nodeEnv === "production" }));
  app.use(allowOnlyShopMethods, announceAllowedMethods, refuseCrossSiteWrites, limitBodySize);

  // Content-hashed bundles never change; the rest of public/ (favicon) may, once an hour.
  app.use("/assets", express.static(path.join(CLIENT_DIR, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(CLIENT_DIR, { maxAge: "1h", index: false }));

  app.all(
    "/{*path}",
    createRequestHandler({
      build: build as unknown as ServerBuild,
      mode: process.env.NODE_ENV,
      getLoadContext(req: Request, res: Response) {
        const context = new RouterContextProvider();
        context.set(requestContext, {
          nonce: res.locals.cspNonce as string,
          clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        });
        return context as never;
      },
    }),
  );
  return app;
}

/**
 * Listens on `PORT` / `HOST`, starts the periodic jobs and shuts down gracefully on SIGTERM/SIGINT.
 * The database is already open: importing the build booted it.
 */
export function startServer(): void {
  const env = getEnv();
  const maintenance = startMaintenance(getDatabase());
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
    await maintenance.stop();
    await closeDatabase();
  });
}
