/**
 * Every path reaches a route (docs/decisions/029-no-client-caused-5xx-and-database-outages.md).
 *
 * React Router matches a splat route (`*`, our catch-all of unknown paths) with a regular
 * expression whose `.` stops at line terminators, and its maintainers keep it so
 * (remix-run/react-router#11146). A path whose decoded form holds one — `%0A`, `%0D`, `%E2%80%A8`,
 * `%E2%80%A9` — therefore matches no route at all: React Router then renders the root's error
 * page without running the root's middleware, so the page has no language and the render fails
 * (a 500). No page of the shop has a line terminator in its path, so escaping its `%` signs (`%0A` →
 * `%250A`) changes no page found into another: the path reaches the catch-all, which answers the
 * localized not-found page after the middleware ran.
 *
 * A tab (`%09`) and a backslash (`%5C`) are escaped too: React Router builds each match's URL
 * with `new URL`, whose parser drops tabs and line feeds and reads a backslash as a slash, so
 * `/%09/x` became `//x` and `/%5C` became `//`, URLs with another or an empty host, and the
 * render threw "Invalid URL" (a 500, found by the server fuzz).
 */
import type { NextFunction, Request, Response } from "express";

/**
 * A percent-encoded line terminator of a JavaScript regular expression (LF, CR, U+2028, U+2029),
 * a tab (which the URL parser drops, like LF and CR) or a backslash (which it reads as a slash).
 */
const ENCODED_LINE_TERMINATOR = /%(09|0a|0d|5c|e2%80%a[89])/gi;

/**
 * The request target with the line terminators, tabs and backslashes of its path escaped, so that React Router can
 * match it; the query string is left as sent.
 * @param url a request target as Express gives it (`req.originalUrl`: path and query)
 */
export function routableUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const escaped = path.replace(ENCODED_LINE_TERMINATOR, (encoded) => encoded.replaceAll("%", "%25"));
  return escaped === path ? url : escaped + url.slice(path.length);
}

/** Express middleware: gives React Router (which reads `req.originalUrl`) a routable path. */
export function routablePath(req: Request, _res: Response, next: NextFunction): void {
  req.originalUrl = routableUrl(req.originalUrl);
  next();
}
