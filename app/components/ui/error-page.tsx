import { isRouteErrorResponse, useRouteError } from "react-router";
import { type AppCode, errorIdentity } from "~/http/app-code";
import { notFoundTypeOf } from "~/http/not-found";
import { useT } from "~/i18n/translation";
import { MessagePage } from "./message-page";

/**
 * What the page says for a code: its title and message keys (docs/product.md#errors: message, HTTP status,
 * application code). 404, 429 and 503 keep their own pages' wording.
 */
function wordingOf(appCode: AppCode): { title: string; message: string | null } {
  switch (appCode) {
    case "NOT_FOUND":
      return { title: "notFound.title", message: null };
    case "RATE_LIMITED":
      return { title: "tooManyRequests.title", message: "tooManyRequests.message" };
    case "UNAVAILABLE":
      return { title: "unavailable.title", message: "unavailable.message" };
    default:
      return { title: "error.title", message: `error.messages.${appCode}` };
  }
}

/**
 * The error page of a route boundary (the root's `ErrorBoundary`, and any route's that exports
 * it): the message, the HTTP status, the application code (app/http/app-code.ts) and the
 * request's reference (decision 030), in the page's language. Server-rendered, so it reads the
 * same without JavaScript. Never the error's message or stack: an exception's text may carry
 * personal data, and the server has logged it masked with the request's id (app/entry.server.tsx).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useT();
  const response = isRouteErrorResponse(error) ? error : null;
  const { status, appCode } = errorIdentity(response);
  // The server logged it already, masked, with the request's id (app/entry.server.tsx handleError).
  if (!response && typeof document !== "undefined") console.error(error);
  const wording = wordingOf(appCode);
  // What was not found, when the page knows (decision 051: `/not-found?type=`, a failed lookup).
  const what = appCode === "NOT_FOUND" ? notFoundTypeOf((response?.data as { notFound?: string } | null | undefined)?.notFound) : null;
  const retrySeconds =
    Number((response?.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds) || (appCode === "UNAVAILABLE" ? 30 : 60);
  return (
    <MessagePage title={t(wording.title)} documentTitle testId="error-page">
      {wording.message ? <p className="mt-4">{t(wording.message, { count: retrySeconds })}</p> : null}
      {what ? (
        <p className="mt-4" data-testid="not-found-what">
          {t(`notFound.what.${what}`)}
        </p>
      ) : null}
      {appCode === "NOT_FOUND" ? (
        <p className="mt-4">
          <a className="underline" href="/">
            {t("notFound.home")}
          </a>
        </p>
      ) : null}
      <ErrorIdentityList status={status} appCode={appCode} />
    </MessagePage>
  );
}

/** The HTTP status and the application code of an error page, as a small definition list (docs/product.md#errors). */
export function ErrorIdentityList({ status, appCode }: { status: number; appCode: AppCode }) {
  const { t } = useT();
  return (
    <dl className="mt-6 inline-flex flex-wrap justify-center gap-x-6 gap-y-1 text-sm text-stone-600">
      <div className="flex gap-1">
        <dt>{t("error.status")}</dt>
        <dd data-testid="error-status">{status}</dd>
      </div>
      <div className="flex gap-1">
        <dt>{t("error.appCode")}</dt>
        <dd data-testid="error-app-code">
          <code>{appCode}</code>
        </dd>
      </div>
    </dl>
  );
}
