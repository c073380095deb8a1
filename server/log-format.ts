/**
 * What a request's log line may say (DESIGN §4 Logs: one line per request): never what opens an
 * order or names a person.
 */

/** Query parameters that open an order or name a person: kept out of the logs. */
const SECRET_PARAMS = ["order", "session_id", "email"];

/** The request's URL for the log line, with the values of {@link SECRET_PARAMS} replaced by "…". */
export function loggedUrl(originalUrl: string): string {
  const query = originalUrl.indexOf("?");
  if (query < 0) return originalUrl;
  const params = new URLSearchParams(originalUrl.slice(query + 1));
  let hidden = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, "…");
      hidden = true;
    }
  }
  return hidden ? `${originalUrl.slice(0, query)}?${params}` : originalUrl;
}

