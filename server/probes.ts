/**
 * The load balancer's probes (docs/decisions/029-no-client-caused-5xx-and-database-outages.md):
 * `/healthz` — the process is up and serving HTTP: 200, always; `/readyz` — it can serve pages:
 * the database answers and this release's migrations are applied: 200, else 503 with
 * `Retry-After`. Plain text, never stored by a cache, no cookie; they run before the shop's stack,
 * so they are not in the request log and cost no session, page or guard.
 */
import express, { type Express } from "express";
import { RETRY_AFTER_SECONDS } from "~/middleware/database-outage.server";

/**
 * An Express application answering the two probes and handing every other request to `shop`.
 * @param isReady whether the database is reachable and migrated (never throws)
 */
export function withProbes(shop: Express, isReady: () => Promise<boolean>): Express {
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  const plain = (res: express.Response, status: number, text: string) =>
    res.status(status).set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" }).send(text);
  app.get("/healthz", (_req, res) => plain(res, 200, "ok\n"));
  app.get("/readyz", async (_req, res) => {
    if (await isReady()) return plain(res, 200, "ready\n");
    res.set("Retry-After", String(RETRY_AFTER_SECONDS));
    plain(res, 503, "database unavailable\n");
  });
  app.use(shop);
  return app;
}
