/**
 * A failed submission keeps the page (docs/decisions/039-progress-and-notifications.md, docs/product.md#errors:
 * a failed request shows a notification titled "Erreur !" with the server's message). Root client
 * middleware, browser only: when a form's action (a fetcher, or a form with JavaScript) fails —
 * an error the server threw (a 500), an answer that could not be read, or no answer at all
 * (offline) — React Router would render the nearest error boundary in place of the page the
 * shopper was on. Here the failure becomes the action's data instead ({@link FailedSubmission}),
 * the page stays as it was, and a toast says what happened. Refusals the action returns itself
 * (a 400 with field errors, a 409) are data already and pass untouched, as do redirects.
 */
import i18next from "i18next";
import { data, type DataStrategyResult, isRouteErrorResponse, type MiddlewareFunction } from "react-router";
import { notify } from "~/components/ui/toasts";

/** What a failed action's data becomes (a fetcher's `data`, a page's `actionData`). */
export interface FailedSubmission {
  failure: { message: string };
}

/**
 * The server's message of a failure, as docs/product.md#errors's helper reads it: the part after the first colon
 * of the message the response carries (all of it when it has none); null when it carries none.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const data: unknown = error.data;
  const text =
    typeof data === "string"
      ? data
      : typeof data === "object" && data !== null && typeof (data as { message?: unknown }).message === "string"
        ? (data as { message: string }).message
        : "";
  const message = (text.includes(":") ? text.slice(text.indexOf(":") + 1) : text).trim();
  // An HTML page (a proxy's error page) is no message.
  return message && !message.startsWith("<") && message.length <= 300 ? message : null;
}

/** Whether a failure means the request never got an answer: the browser is offline, or `fetch` failed. */
export function isOffline(error: unknown, online: boolean): boolean {
  return !online || error instanceof TypeError;
}

const isRedirect = (value: unknown) => value instanceof Response && value.status >= 300 && value.status < 400;

export const keepPageOnFailedAction: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const results = await next();
  const failed = Object.entries(results).filter(([, result]) => result.type === "error" && !isRedirect(result.result));
  if (failed.length === 0) return results;
  const error: unknown = failed[0]![1].result;
  const offline = isOffline(error, navigator.onLine);
  const status = isRouteErrorResponse(error) ? error.status : null;
  const message = offline
    ? i18next.t("feedback.offline")
    : (serverMessageOf(error) ?? (status ? i18next.t("feedback.failedStatus", { status }) : i18next.t("feedback.failed")));
  notify({ kind: "error", title: i18next.t("feedback.errorTitle"), message });
  // With a failure's status, so nothing revalidates (React Router skips it after a 4xx/5xx
  // action): offline, reloading the page's data would fail too and replace the page.
  const failure = data<FailedSubmission>({ failure: { message } }, { status: status ?? (offline ? 503 : 500) });
  for (const [routeId] of failed) results[routeId] = { type: "data", result: failure };
  return results;
};
