/**
 * Application codes of error pages (docs/product.md#errors: an error shows its message, its HTTP status and an
 * application code): a stable, language-free name for what went wrong, which a customer can quote
 * with the request's reference and support can search for. Pure; shared with the browser.
 */

/** Every application code an error page can show. */
export const APP_CODES = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "UNAVAILABLE",
  "INTERNAL",
] as const;
export type AppCode = (typeof APP_CODES)[number];

const BY_STATUS: Readonly<Record<number, AppCode>> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  429: "RATE_LIMITED",
  503: "UNAVAILABLE",
};

/**
 * The application code of an HTTP status: 400 BAD_REQUEST, 401 UNAUTHORIZED, 403 FORBIDDEN, 404
 * NOT_FOUND, 405 METHOD_NOT_ALLOWED, 409 CONFLICT, 413 PAYLOAD_TOO_LARGE, 429 RATE_LIMITED, 503
 * UNAVAILABLE; any other 4xx BAD_REQUEST; anything else (500, other 5xx, a status that is not an
 * error status, not an integer) INTERNAL.
 */
export function appCodeForStatus(status: number): AppCode {
  const known = BY_STATUS[status];
  if (known) return known;
  return Number.isInteger(status) && status >= 400 && status < 500 ? "BAD_REQUEST" : "INTERNAL";
}

/** What an error page shows of an error: its HTTP status and application code. */
export interface ErrorIdentity {
  status: number;
  appCode: AppCode;
}

/**
 * The status and application code of whatever a route boundary caught: a thrown response
 * (`data(…, { status })`, React Router's own 404 and 405) keeps its status, and its data may name
 * a more precise code (`{ appCode: "CONFLICT" }`, one of {@link APP_CODES}); anything else (an
 * exception) is 500 INTERNAL.
 * @param response `{ status, data }` when the error is a route error response, else null
 */
export function errorIdentity(response: { status: number; data?: unknown } | null): ErrorIdentity {
  if (!response) return { status: 500, appCode: "INTERNAL" };
  const named = (response.data as { appCode?: unknown } | null | undefined)?.appCode;
  const appCode = (APP_CODES as readonly unknown[]).includes(named) ? (named as AppCode) : appCodeForStatus(response.status);
  return { status: response.status, appCode };
}
