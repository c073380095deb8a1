/**
 * A link on another site logs no one out (decision 028), against the built server: the demo
 * Quebec customer, with a cart, follows a cross-site link to `/on` (a top-level GET, which carries
 * the SameSite=Lax cookies); the shop answers the confirmation page and changes nothing. The
 * confirmation's POST from another site is refused by the same-origin guard; from the shop's own
 * page it logs out and empties the cart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, cartCount, cookiesOf, firstShopItemId, startBuiltServer } from "../support/built-server";

let shop: BuiltServer;
let productInventoryId: string;

beforeAll(async () => {
  shop = await startBuiltServer();
  productInventoryId = await firstShopItemId(shop);
}, 120_000);

afterAll(async () => {
  await shop?.dispose();
});

/** The browser's cookie jar for the shop: `name=value` pairs, later ones replacing earlier ones. */
function withCookies(jar: string, response: Response): string {
  const cookies = new Map(jar ? jar.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const) : []);
  for (const pair of cookiesOf(response)) cookies.set(pair.split("=")[0]!, pair);
  return [...cookies.values()].join("; ");
}

const fromOurPages = () => ({ "Content-Type": "application/x-www-form-urlencoded", Origin: shop.origin, "Sec-Fetch-Site": "same-origin" });

function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(shop.origin + path, { method: "POST", body: new URLSearchParams(fields), headers, redirect: "manual" });
}

/** Whether these cookies are logged in: /account answers the page, not a redirect to /login. */
async function accountStatus(cookie: string): Promise<number> {
  return (await fetch(`${shop.origin}/account`, { headers: { Cookie: cookie }, redirect: "manual" })).status;
}

describe("a link on another site to the other province", () => {
  it("shows a Quebec customer the confirmation and keeps the session and cart; only a same-origin POST switches", async () => {
    const login = await post("/login", { email: "client.qc@demo.cuvee.test", password: "cuvee-demo-qc" }, fromOurPages());
    expect(login.status).toBe(303);
    let jar = withCookies("", login);
    const added = await post("/shopping-cart", { intent: "add", productInventoryId, quantity: "1" }, { ...fromOurPages(), Cookie: jar });
    expect(added.status).toBe(303);
    jar = withCookies(jar, added);
    const units = await cartCount(shop, jar);
    expect(units).toBeGreaterThan(0);

    // `location.href = "<shop>/on"` on another site: a top-level navigation.
    const crossSiteLink = { Cookie: jar, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" };
    const followed = await fetch(`${shop.origin}/on`, { headers: crossSiteLink, redirect: "manual" });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("Location")).toBe("/province?province=on&to=%2Fon");
    expect(followed.headers.getSetCookie()).toEqual([]);
    expect(await accountStatus(jar)).toBe(200);
    expect(await cartCount(shop, jar)).toBe(units);

    const page = await fetch(shop.origin + followed.headers.get("Location"), { headers: { Cookie: jar } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Passer à la boutique de l’Ontario ?");
    expect(html).toMatch(/<form [^>]*action="\/province\?[^"]*" method="post">/);
    expect(html).toContain('href="/qc"');

    // The confirmation's form posted from another site: the guard's 403, nothing changed.
    const forged = await post(
      "/province",
      { province: "ON", to: "/on" },
      {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://evil.example",
        "Sec-Fetch-Site": "cross-site",
        Cookie: jar,
      },
    );
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie()).toEqual([]);
    expect(await accountStatus(jar)).toBe(200);
    expect(await cartCount(shop, jar)).toBe(units);

    // From the shop's own page: logged out, cart emptied, in Ontario.
    const confirmed = await post("/province", { province: "ON", to: "/on" }, { ...fromOurPages(), Cookie: jar });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/login");
    const after = withCookies(jar, confirmed);
    expect(await accountStatus(after)).toBe(302);
    // The old cookie logs no one in any more either.
    expect(await accountStatus(jar)).toBe(302);
  }, 60_000);
});
