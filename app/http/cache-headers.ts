/**
 * Cache headers of personal pages: the cart, the checkout, the payment and
 * confirmation pages and the account pages are never stored by a cache (Hydrogen's
 * `account.tsx` does the same), and an error page rendered there keeps its own headers (a 429's
 * `Retry-After`).
 */

/** A route's `headers` export for a personal page: `Cache-Control: no-store`. */
export function noStoreHeaders({ errorHeaders }: { errorHeaders?: Headers }): Headers {
  const headers = new Headers(errorHeaders);
  headers.set("Cache-Control", "no-store");
  return headers;
}
