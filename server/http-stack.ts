/**
 * The shop's HTTP stack, in order (docs/product.md#how-the-shop-is-built): the request id and log (one JSON line,
 * with the reason of a refusal: decision 030), the origin behind a trusted proxy
 * (server/forwarded-origin.ts), compression, the security headers with a fresh CSP nonce, the method,
 * cross-site and body-size guards (server/guards.ts), the static files, then React Router.
 * server/app.ts serves the shop with it; the bench's bare React Router app
 * (scripts/bench-bare-app) serves its one page with it, so the two compare on the same stack.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type Request, type Response } from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { useForwardedOrigin } from "./forwarded-origin";
import { allowOnlyShopMethods, announceAllowedMethods, limitBodySize, refuseCrossSiteWrites } from "./guards";
import { requestLog } from "./request-log";
import { routablePath } from "./routable-path";
import { securityHeaders } from "./security-headers";

export interface HttpStackOptions {
  /** The React Router server build. */
  build: ServerBuild;
  /** The client build's folder (its `assets/` are content-hashed). */
  clientDir: string;
  /** Production headers (HSTS, upgrade-insecure-requests). */
  production: boolean;
  /** Express's `trust proxy` setting (server/app.ts: `TRUST_PROXY`). */
  trustProxy: boolean | number | string[];
  /**
   * The React Router context of one request (`res.locals.cspNonce` holds its CSP nonce,
   * `res.locals.requestId` its id).
   */
  loadContext(req: Request, res: Response): RouterContextProvider;
}

/** An Express application with the shop's stack in front of `options.build`. */
export function createHttpStack(options: HttpStackOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);

  app.use(requestLog, useForwardedOrigin);
  app.use(compression());
  app.use(securityHeaders({ production: options.production }));
  app.use(allowOnlyShopMethods, announceAllowedMethods, refuseCrossSiteWrites, limitBodySize);

  // Content-hashed bundles never change; the rest of public/ (favicon) may, once an hour. Those
  // few files are served by name, so a page's path costs no file-system lookup.
  app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  const publicFiles = publicFilePaths(options.clientDir);
  const servePublicFile = express.static(options.clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublicFile(req, res, next) : next()));

  // Every path, even one Express or React Router could not match or decode, reaches React Router's
  // catch-all: its localized not-found page, never a 400 or 500 (decision 029).
  app.use(
    routablePath,
    createRequestHandler({
      build: options.build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req: Request, res: Response) => options.loadContext(req, res) as never,
    }),
  );
  return app;
}

/** The URL paths of the client build's files outside `assets/` (public/'s, such as `/favicon.svg`). */
function publicFilePaths(clientDir: string): Set<string> {
  return new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep))
      .filter((parts) => parts[0] !== "assets")
      .map((parts) => `/${parts.join("/")}`),
  );
}
