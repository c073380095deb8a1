/**
 * A database outage is answered with a 503 "back in a moment" page and `Retry-After`, never a 500
 * (docs/decisions/029-no-client-caused-5xx-and-database-outages.md).
 *
 * React Router catches what a loader, an action or a middleware throws and renders the error page
 * before any middleware sees the response, so the error is recognised where React Router reports
 * it: `handleError` (app/entry.server.tsx) calls {@link noteDatabaseError}, which marks the
 * request when the error is an outage ({@link isDatabaseUnavailable}). The root's
 * {@link databaseOutageMiddleware} then throws a 503 in place of the page: React Router renders
 * the root's error page with it (`unavailable.*` strings), for a page as for a client navigation's
 * `.data` request.
 */
import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { isDatabaseUnavailable, outageSummary } from "~/db/errors";

/** Seconds a client or a load balancer is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/** What the 503's error data carries, for the error page. */
export interface DatabaseOutage {
  reason: "database-unavailable";
  retryAfterSeconds: number;
}

/** The requests (their router context) during which the database was found unavailable. */
const outageRequests = new WeakSet<Readonly<RouterContextProvider>>();

/**
 * Records an error React Router reports for a request; for a database outage, marks the request
 * and logs one line (the cause's code and message only: no query, no parameters, no stack).
 * @returns whether the error was a database outage (the caller logs any other error itself)
 */
export function noteDatabaseError(error: unknown, request: Request, context: Readonly<RouterContextProvider> | undefined): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  if (context) outageRequests.add(context);
  console.warn(`${request.method} ${new URL(request.url).pathname}: 503, database unavailable (${outageSummary(error)})`);
  return true;
}

/** The 503 thrown in place of a page, with `Retry-After`; never stored by a cache. */
export function databaseOutageResponse() {
  return data<DatabaseOutage>(
    { reason: "database-unavailable", retryAfterSeconds: RETRY_AFTER_SECONDS },
    {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    },
  );
}

/**
 * Root middleware: when the request met a database outage, the page (an error page already) is
 * replaced by the 503. Runs outside the middleware that use the database.
 */
export const databaseOutageMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (!outageRequests.has(context)) return response;
  throw databaseOutageResponse();
};
