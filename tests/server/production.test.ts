/**
 * The built server as an operator runs it behind a TLS proxy: NODE_ENV=production and
 * TRUST_PROXY=loopback (the proxy is on the same machine). HSTS, `__Host-` Secure cookies, and
 * the forwarded protocol believed, so a legitimate POST from the https:// page is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "../support/built-server";
import { PRODUCTION_SETTINGS } from "../support/production-env";

let shop: BuiltServer;

beforeAll(async () => {
  shop = await startBuiltServer({
    NODE_ENV: "production",
    TRUST_PROXY: "loopback",
    SEED_DEMO: "0",
    ...PRODUCTION_SETTINGS,
  });
}, 120_000);

afterAll(async () => {
  await shop?.dispose();
});

/** A POST from the shop's page as the browser sent it to the proxy, forwarded over loopback. */
function forwardedPost(path: string, fields: Record<string, string>, extra: Record<string, string> = {}) {
  const publicOrigin = `https://127.0.0.1:${shop.port}`;
  return fetch(shop.origin + path, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: publicOrigin,
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-Proto": "https",
      ...extra,
    },
  });
}

describe("in production behind a trusted proxy", () => {
  it("sends HSTS", async () => {
    const response = await fetch(`${shop.origin}/`);
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("accepts a POST from the https:// page and sets __Host- cookies, Secure", async () => {
    const response = await forwardedPost("/preferences", { locale: "en-US", redirectTo: "/products" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products");
    const [prefs] = response.headers.getSetCookie();
    expect(prefs).toMatch(/^__Host-prefs=/);
    expect(prefs).toMatch(/; Secure/);
    expect(prefs).toMatch(/; Path=\//);
    expect(prefs).not.toMatch(/Domain=/i);
  });

  it("still refuses the same POST from another site", async () => {
    const response = await forwardedPost("/preferences", { locale: "en-US" }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("counts rate limits per forwarded client address", async () => {
    const add = (client: string) =>
      forwardedPost("/shopping-cart", { intent: "add", productInventoryId: "999999", quantity: "1" }, { "X-Forwarded-For": client });
    let status = 0;
    for (let i = 0; i < 61 && status !== 429; i++) status = (await add("203.0.113.7")).status;
    expect(status).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await add("203.0.113.8")).status).toBe(400);
  });
});
