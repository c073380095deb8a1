/**
 * The bare app's HTTP server (issue 11 goal 2): the shop's server stack (server/app.ts) around a
 * React Router build that has no data — the same request log, compression, security headers with
 * a per-request CSP nonce, method/cross-site/body guards (the shop's own modules), static files,
 * and `@react-router/express` with a fresh `RouterContextProvider` per request. What the shop adds
 * on top (database, i18n, preferences, its pages) is what `npm run bench` compares against this.
 *
 * Bundled into `$BENCH_BARE_BUILD_DIR/server/index.js`; listens on PORT at HOST (127.0.0.1) at import.
 */
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type Response } from "express";
import morgan from "morgan";
import { RouterContextProvider, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { allowOnlyShopMethods, announceAllowedMethods, limitBodySize, refuseCrossSiteWrites } from "../../server/guards";
import { loggedUrl } from "../../server/log-format";
import { securityHeaders } from "../../server/security-headers";

/** build/server/index.js → build/client */
const CLIENT_DIR = path.resolve(import.meta.dirname, "../client");

morgan.token("safe-url", (req) => loggedUrl((req as express.Request).originalUrl ?? req.url ?? ""));

const app = express();
app.disable("x-powered-by");
app.use(morgan(":method :safe-url :status :response-time ms"));
app.use(compression());
app.use(securityHeaders({ production: process.env.NODE_ENV === "production" }));
app.use(allowOnlyShopMethods, announceAllowedMethods, refuseCrossSiteWrites, limitBodySize);
app.use("/assets", express.static(path.join(CLIENT_DIR, "assets"), { immutable: true, maxAge: "1y", index: false }));
app.use(express.static(CLIENT_DIR, { maxAge: "1h", index: false }));
app.all(
  "/{*path}",
  createRequestHandler({
    build: build as unknown as ServerBuild,
    mode: process.env.NODE_ENV,
    getLoadContext(_req: Request, _res: Response) {
      return new RouterContextProvider() as never;
    },
  }),
);

const port = Number(process.env.PORT ?? 3303);
const host = process.env.HOST ?? "127.0.0.1";
app.listen(port, host, (error?: Error) => {
  if (error) {
    console.error(`bare app: cannot listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  }
  console.log(`bare app listening on http://${host}:${port}`);
});
