/**
 * Streaming server rendering. Importing this module boots the server (database, migrations,
 * demo catalogue) before the first request: the HTTP server (server/app.ts) imports the build at
 * start-up.
 *
 * Every inline script and the inline stylesheet carry the request's CSP nonce (the
 * stylesheet is written into every page: app/styles/), the hydration scripts start
 * once the page has painted (app/http/scripts-after-paint.server.ts), and every page and `.data`
 * response says who may store it: they show the visitor's cart count and
 * preferences, so only the visitor's own browser may, and only after revalidating.
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { bootServer } from "~/boot.server";
import { coalescedBody } from "~/http/coalesced-body.server";
import { requestContext } from "~/http/request-context";
import { scriptsAfterFirstPaint } from "~/http/scripts-after-paint.server";
import { noteDatabaseError, RETRY_AFTER_SECONDS } from "~/middleware/database-outage.server";
import { getI18n } from "~/middleware/i18n.server";
import { log } from "~/observability/log.server";
import { RequestReferenceProvider } from "~/observability/request-reference";
import { InlineStylesheetProvider } from "~/styles/inline-stylesheet";
import { STYLESHEET_CSS } from "~/styles/stylesheet.server";

await bootServer();

export const streamTimeout = 5_000;

/**
 * Personalised responses: private, revalidated, varying with the cookies; a route may be stricter.
 * The database outage's 503 (decision 029) is never stored and says when to try again.
 */
function setCachingHeaders(headers: Headers, status: number): void {
  if (status === 503) {
    headers.set("Cache-Control", "no-store");
    if (!headers.has("Retry-After")) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
  headers.append("Vary", "Cookie");
}

/**
 * What React Router says when it refuses a request itself: a POST to a page without an action,
 * an unknown route, an action whose `Origin` is not the request's (decision 030: behind a trusted
 * proxy our guard refuses those first, so this only shows a disagreement between the two).
 */
const CLIENT_MISTAKE =
  /^(You made a \w+ request|No route matches|The `request\.url` origin does not match|`origin` header is not a valid URL)/;

/**
 * Server-side errors, logged with the request's id and never a query's parameters
 * (app/observability/log.server.ts, decision 030). A refusal React Router answers itself is the
 * client's mistake: one line. A database outage is one line too, and the page becomes a 503
 * (decision 029). Anything else is ours: the error's class, code and stack frames.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (noteDatabaseError(error, request, context)) return;
  // The path is on the request's own line, with the same request id (server/request-log.ts).
  const fields = { method: request.method };
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn(`refused by React Router: ${error.status} ${error.statusText}`, fields);
  } else if (error instanceof Error && CLIENT_MISTAKE.test(error.message)) {
    log.warn(`refused by React Router: ${error.message.split(".", 1)[0]}`, fields);
  } else {
    const internal = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? `HTTP ${error.status}`) : error;
    log.error("request failed", fields, internal);
  }
};

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  setCachingHeaders(response.headers, response.status);
  return response;
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  setCachingHeaders(responseHeaders, responseStatusCode);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const i18n = getI18n(routerContext);
  const { nonce, requestId } = routerContext.get(requestContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots wait for all content; people get the shell first, then streamed deferred data.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || entryContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <InlineStylesheetProvider value={{ css: STYLESHEET_CSS, nonce }}>
          <RequestReferenceProvider value={requestId}>
            <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
          </RequestReferenceProvider>
        </InlineStylesheetProvider>
      </I18nextProvider>,
      {
        // Scripts and the inline stylesheet (React writes a `<style precedence>` with the style nonce).
        nonce: { script: nonce, style: nonce },
        [readyOption]() {
          shellRendered = true;
          // One chunk per turn of the event loop, not one per 2 KB (app/http/coalesced-body.server.ts).
          const body = coalescedBody(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          // The hydration scripts start once the page has painted (decision 023).
          const page = body.pipe(scriptsAfterFirstPaint());
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("page streaming failed", undefined, error);
        },
      },
    );
  });
}
