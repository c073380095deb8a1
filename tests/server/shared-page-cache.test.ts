/**
 * The shared page cache (decision 026) as a browser meets it on the built
 * server: the second visitor of the product list gets the first one's page, whose inline scripts
 * and stylesheet its CSP header allows by hash (the nonce written in it, which anyone may read,
 * allows nothing), and a visitor with a cart never gets a page rendered for someone else.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptsInsertedAfterPaint } from "~/http/scripts-after-paint.server";
import { answeredVisitorCookieHeader } from "../e2e/support/visitor";
import { type BuiltServer, cookiesOf, firstShopItemId, startBuiltServer } from "../support/built-server";

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
  const directive = (name: string) => csp.split(";").find((d) => d.startsWith(`${name} `)) ?? "";
  return {
    response,
    html: await response.text(),
    scriptSrc: directive("script-src"),
    styleSrc: directive("style-src"),
  };
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The `nonce` attribute of every inline script and style tag of a page. */
function nonceAttributes(html: string): string[] {
  return (html.match(/<(script|style)\b[^>]*>/g) ?? []).map((tag) => /nonce="([^"]+)"/.exec(tag)?.[1] ?? "none");
}

describe("the shared page cache", () => {
  it("gives the second visitor the first one's page, its inline scripts and stylesheet allowed by hash, not by the nonce", async () => {
    const first = await get("/products?sort=price-asc");
    const second = await get("/products?sort=price-asc", { "Accept-Encoding": "br" });
    expect(first.response.headers.has("Age")).toBe(false);
    expect(second.response.headers.get("Age")).toMatch(/^\d+$/);
    expect(second.response.headers.get("Content-Encoding")).toBe("br");
    expect(second.html).toBe(first.html);
    // The page that rendered it: its own nonce, on every inline script and style.
    const nonce = /'nonce-([^']+)'/.exec(first.scriptSrc)?.[1];
    expect(first.styleSrc).toContain(`'nonce-${nonce}'`);
    expect(new Set(nonceAttributes(first.html))).toEqual(new Set([nonce]));
    // The shared copy: no nonce at all, the hash of every inline script, of the one the loader inserts, of the stylesheet.
    expect(second.scriptSrc + second.styleSrc).not.toContain("nonce");
    const scripts = [...second.html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const inserted = scriptsInsertedAfterPaint(second.html);
    expect(scripts.length).toBeGreaterThan(2);
    expect(inserted).toHaveLength(1);
    for (const script of [...scripts, ...inserted]) expect(second.scriptSrc).toContain(sha256(script));
    const [style] = [...second.html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(second.styleSrc).toBe(`style-src 'self' ${sha256(style!)}`);
  });

  it("renders a page for a visitor with a cart: their count, never the shared page's", async () => {
    const shared = await get("/products");
    await get("/products");
    expect(shared.html).toMatch(/aria-label="Panier, 0 article/);
    const added = await fetch(`${shop.origin}/shopping-cart`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "add", productInventoryId: await firstShopItemId(shop), quantity: "1" }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: shop.origin,
        "Sec-Fetch-Site": "same-origin",
        Cookie: visitor,
      },
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
