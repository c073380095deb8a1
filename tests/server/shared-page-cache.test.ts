/**
 * The shared page cache (issue 11 goal 2, decision 026) as a browser meets it on the built
 * server: the second visitor of the product list gets the first one's page, whose inline scripts
 * and stylesheet the CSP header still allows, and a visitor with a cart never gets a page rendered
 * for someone else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answeredVisitorCookieHeader } from "../e2e/support/visitor";
import { cookiesOf, firstShopItemId, startBuiltServer, type BuiltServer } from "../support/built-server";

let shop: BuiltServer;
let visitor: string;

beforeAll(async () => {
  shop = await startBuiltServer();
  visitor = await answeredVisitorCookieHeader(shop.origin);
}, 120_000);

afterAll(async () => {
  await shop?.dispose();
});

/** The page, and the nonces its CSP header allows for scripts and for styles. */
async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(shop.origin + path, { headers: { Cookie: visitor, ...headers } });
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  return {
    response,
    html: await response.text(),
    scriptNonce: /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1],
    styleNonce: /style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1],
  };
}

/** The `nonce` attribute of every inline script and style tag of a page. */
function nonceAttributes(html: string): string[] {
  return (html.match(/<(script|style)\b[^>]*>/g) ?? []).map((tag) => /nonce="([^"]+)"/.exec(tag)?.[1] ?? "none");
}

describe("the shared page cache", () => {
  it("gives the second visitor the first one's page, with a CSP that allows its scripts and stylesheet", async () => {
    const first = await get("/products?sort=price-asc");
    const second = await get("/products?sort=price-asc", { "Accept-Encoding": "br" });
    expect(first.response.headers.has("Age")).toBe(false);
    expect(second.response.headers.get("Age")).toMatch(/^\d+$/);
    expect(second.response.headers.get("Content-Encoding")).toBe("br");
    expect(second.html).toBe(first.html);
    for (const page of [first, second]) {
      expect(page.styleNonce).toBe(page.scriptNonce);
      const attributes = nonceAttributes(page.html);
      expect(attributes.length).toBeGreaterThan(1);
      expect(new Set(attributes)).toEqual(new Set([page.scriptNonce]));
    }
  });

  it("renders a page for a visitor with a cart: their count, never the shared page's", async () => {
    const shared = await get("/products");
    await get("/products");
    expect(shared.html).toMatch(/aria-label="Panier, 0 article/);
    const added = await fetch(`${shop.origin}/shopping-cart`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "add", productInventoryId: await firstShopItemId(shop), quantity: "1" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.origin, "Sec-Fetch-Site": "same-origin", Cookie: visitor },
    });
    expect(added.status).toBe(303);
    const session = cookiesOf(added).find((c) => c.startsWith("session="))!;
    const own = await get("/products", { Cookie: `${visitor}; ${session}` });
    expect(own.response.headers.has("Age")).toBe(false);
    expect(own.html).toMatch(/aria-label="Panier, 1 article/);
  });

  it("answers HEAD and client navigations' data as before", async () => {
    await get("/products?type=VIN");
    const head = await fetch(`${shop.origin}/products?type=VIN`, { method: "HEAD", headers: { Cookie: visitor } });
    expect(head.status).toBe(200);
    expect(head.headers.has("Age")).toBe(false);
    const data = await fetch(`${shop.origin}/products.data?type=VIN`, { headers: { Cookie: visitor } });
    expect(data.status).toBe(200);
    expect(data.headers.has("Age")).toBe(false);
  });
});
