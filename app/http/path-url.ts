/**
 * A page's path and query as a `URL`, to read or change its query (decision 029).
 *
 * `new URL(path, base)` reads a path that starts with `//` (`//%00?q=1`, `//evil.example/x`) as
 * another host, and throws when that host is invalid: a visitor who typed such a path got a 500
 * from every page that rebuilds its own link. Here the path is always a path.
 * @param pathAndQuery a path with its query and fragment, such as `location.pathname + location.search`
 * @returns a URL on a placeholder origin: read its `pathname`, `search`, `searchParams`, `hash`
 */
export function urlOfPath(pathAndQuery: string): URL {
  return new URL(`http://x${pathAndQuery.startsWith("/") ? "" : "/"}${pathAndQuery}`);
}
