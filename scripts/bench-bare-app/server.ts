/**
 * The bare app's HTTP server: the shop's own HTTP stack (server/http-stack.ts:
 * request log, compression, security headers with a per-request CSP nonce, method/cross-site/body
 * guards, static files, `@react-router/express`) around a React Router build that has no data,
 * with a fresh `RouterContextProvider` per request. What the shop adds
 * on top (database, i18n, preferences, its pages) is what `npm run bench` compares against this.
 *
 * Bundled into `$BENCH_BARE_BUILD_DIR/server/index.js`; listens on PORT at HOST (127.0.0.1) at import.
 */
import path from "node:path";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { createHttpStack } from "../../server/http-stack";

const app = createHttpStack({
  build,
  // build/server/index.js → build/client
  clientDir: path.resolve(import.meta.dirname, "../client"),
  production: process.env.NODE_ENV === "production",
  trustProxy: false,
  loadContext: () => new RouterContextProvider(),
});

const port = Number(process.env.PORT ?? 3303);
const host = process.env.HOST ?? "127.0.0.1";
app.listen(port, host, (error?: Error) => {
  if (error) {
    console.error(`bare app: cannot listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  }
  console.log(`bare app listening on http://${host}:${port}`);
});
