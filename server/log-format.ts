/**
 * What a request's log line says of its URL (decision 030): the path, and the names of its query
 * parameters without their values (a confirmation number, a Stripe session, an e-mail or a
 * search text is never logged). A reservation's payment link is a token: its path is masked too.
 */
import { redactText } from "~/observability/redact";

/** Paths whose last segment opens something (a signed link): logged as `…`. */
const SECRET_SEGMENT = /^(\/reservations\/)[^/]+/;

/** At most this much of a path is logged (a fuzzer's 8 KB path is not worth keeping). */
const MAX_PATH = 200;

/**
 * The request's URL for the log line.
 * @returns `path` (masked, at most 200 characters) and `query`, the names of the query's
 *   parameters (deduplicated, at most 10), absent without a query
 */
export function loggedUrl(originalUrl: string): { path: string; query?: string[] } {
  const mark = originalUrl.indexOf("?");
  const rawPath = mark < 0 ? originalUrl : originalUrl.slice(0, mark);
  let path = redactText(rawPath.replace(SECRET_SEGMENT, "$1…"));
  if (path.length > MAX_PATH) path = `${path.slice(0, MAX_PATH)}…`;
  if (mark < 0 || mark === originalUrl.length - 1) return { path };
  const names = new Set<string>();
  for (const pair of originalUrl.slice(mark + 1).split("&")) {
    if (names.size >= 10) break;
    const name = pair.split("=", 1)[0]!;
    if (name) names.add(redactText(safeDecode(name)).slice(0, 40));
  }
  return names.size > 0 ? { path, query: [...names] } : { path };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
