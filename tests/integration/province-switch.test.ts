/**
 * Province switches are writes (decision 028), against a real database: a logged-in Quebec
 * customer reaching `/on`, the Toronto store or the header's "ON" by a GET (a link on another
 * site, the province notice) keeps the session and the cart and is shown the confirmation; only
 * its POST logs out, clears the cart and switches. Guests and staff switch as before. The root
 * middleware's step is `provinceSwitchGate`; the built server's whole path, cross-site POST
 * included: tests/server/province-switch.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provinceSwitchGate } from "~/accounts/province-switch.server";
import { addToCart, countItems } from "~/cart/cart.server";
import { users, userSessions } from "~/db/schema";
import { readPreferences } from "~/preferences/preferences.server";
import { action as preferencesAction } from "~/routes/preferences";
import { action as provinceAction, loader as provinceLoader } from "~/routes/province";
import { readSession } from "~/session.server";
import { readUser, startUserSession } from "~/users/users.server";
import { type CatalogueItem, findCatalogueItem } from "../support/catalogue-items";
import { BASE_URL, routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { insertTestCustomer } from "../support/test-users";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("province-switch"));

let testDb: TestDatabase;
let db: TestDatabase["db"];
let shopFood: CatalogueItem;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  shopFood = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 20, typeCode: "FOODS" });
});
afterAll(async () => {
  await testDb?.close();
});

const get = (path: string, cookie = "") => new Request(BASE_URL + path, { headers: cookie ? { Cookie: cookie } : {} });

/** A logged-in Quebec customer (or staff) with `units` in the cart; returns the session cookie. */
async function loggedIn(options: { units?: number; role?: "customer" | "staff" } = {}) {
  const userId = await insertTestCustomer(db);
  if (options.role === "staff") await db.update(users).set({ role: "staff" }).where(eq(users.id, userId));
  const cookie = (await startUserSession(db, get("/"), userId)).split(";")[0]!;
  if (options.units)
    await addToCart(db, { customerId: userId }, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: options.units });
  return { userId, cookie };
}

/** Runs the confirmation's loader: its data, or the redirect it throws. */
async function confirmationPage(path: string, cookie: string) {
  try {
    return {
      page: (await provinceLoader(await routeArgs(db, path, { init: { headers: { Cookie: cookie } } }))) as Record<string, unknown>,
    };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

/** Runs an action that answers a redirect or data; returns status, Location and cookies set. */
async function post(action: (args: never) => Promise<unknown>, path: string, fields: Record<string, string>, cookie: string) {
  const init = {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  };
  let result: unknown;
  try {
    result = await action(await routeArgs(db, path, { init }));
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const cookies = result.headers.getSetCookie().map((c) => c.split(";")[0]!);
    return { status: result.status, location: result.headers.get("Location"), cookie: cookies.join("; "), cookies };
  }
  const data = result as { type?: string; init?: { status?: number } };
  return { status: data?.init?.status ?? 200, location: null, cookie: "", cookies: [] as string[] };
}

async function stillLoggedIn(cookie: string, userId: number, units: number) {
  expect((await readUser(db, get("/", cookie)))?.id).toBe(userId);
  expect(await countItems(db, { customerId: userId }, "QC")).toBe(units);
}

describe("a logged-in Quebec customer opening /on by a GET", () => {
  it("keeps the session and the cart and is shown what switching does", async () => {
    const { userId, cookie } = await loggedIn({ units: 3 });

    const gate = await provinceSwitchGate(db, get("/on", cookie), "/on", "ON");
    expect(gate?.status).toBe(302);
    expect(gate?.headers.get("Location")).toBe("/province?province=on&to=%2Fon");
    expect(gate?.headers.getSetCookie()).toEqual([]);
    await stillLoggedIn(cookie, userId, 3);

    const shown = await confirmationPage(gate!.headers.get("Location")!, cookie);
    expect(shown.page).toMatchObject({
      title: "Passer à la boutique de l’Ontario ?",
      province: "ON",
      own: "QC",
      to: "/on",
      stay: "/qc",
      cartCount: 3,
    });
    await stillLoggedIn(cookie, userId, 3);
  });

  it("a client navigation (`/on.data`) and a link in English lead to the same page, in its language", async () => {
    const { cookie } = await loggedIn();
    const data = await provinceSwitchGate(db, get("/on.data?_routes=root%2Croutes%2Fhome", cookie), "/on", "ON");
    expect(data?.headers.get("Location")).toBe("/province?province=on&to=%2Fon");
    const english = await provinceSwitchGate(db, get("/on?lng=en-US", cookie), "/on", "ON");
    expect(english?.headers.get("Location")).toBe("/province?province=on&to=%2Fon%3Flng%3Den-US&lng=en-US");
  });

  it("the confirmation's POST logs out, empties the cart, starts a new guest and puts the shop in Ontario", async () => {
    const { userId, cookie } = await loggedIn({ units: 2 });
    const sessionBefore = await readSession(get("/", cookie));

    const switched = await post(provinceAction, "/province?province=on&to=%2Fon", { province: "ON", to: "/on" }, cookie);
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/login");
    expect(await readUser(db, get("/", switched.cookie))).toBeNull();
    expect((await readPreferences(get("/", switched.cookie))).province).toBe("ON");
    expect((await readSession(get("/", switched.cookie)))?.guestId).not.toBe(sessionBefore?.guestId);
    expect(await db.select().from(userSessions).where(eq(userSessions.id, sessionBefore!.id))).toHaveLength(0);
    expect(await countItems(db, { customerId: userId }, "QC")).toBe(0);
  });

  it("a refused confirmation form (no province) answers 400 and changes nothing", async () => {
    const { userId, cookie } = await loggedIn({ units: 1 });
    const refused = await post(provinceAction, "/province", { province: "BC", to: "/on" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.cookies).toEqual([]);
    await stillLoggedIn(cookie, userId, 1);
  });
});

describe("the other ways to the other province", () => {
  it("the Toronto store's page leads to the confirmation; staying goes to the stores' list", async () => {
    const { userId, cookie } = await loggedIn({ units: 1 });
    const gate = await provinceSwitchGate(db, get("/boutiques/toronto", cookie), "/boutiques/toronto", "ON");
    const shown = await confirmationPage(gate!.headers.get("Location")!, cookie);
    expect(shown.page).toMatchObject({ province: "ON", to: "/boutiques/toronto", stay: "/boutiques", cartCount: 1 });
    await stillLoggedIn(cookie, userId, 1);
  });

  it("the header's switch (a POST without a word about logging out) leads to the confirmation too", async () => {
    const { userId, cookie } = await loggedIn({ units: 2 });
    const switched = await post(preferencesAction, "/preferences", { province: "ON", redirectTo: "/products?type=VIN" }, cookie);
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/province?province=on&to=%2Fproducts%3Ftype%3DVIN");
    expect(switched.cookies).toEqual([]);
    await stillLoggedIn(cookie, userId, 2);
    const shown = await confirmationPage(switched.location!, cookie);
    expect(shown.page).toMatchObject({ to: "/products?type=VIN", stay: "/products?type=VIN" });
  });

  it("a `to` that is not ours, or a page of the province being left, becomes the new province's home", async () => {
    const { cookie } = await loggedIn();
    for (const to of ["//evil.example", "https://evil.example/", "/qc", "/boutiques/montreal"]) {
      const shown = await confirmationPage(`/province?${new URLSearchParams({ province: "on", to })}`, cookie);
      expect(shown.page, to).toMatchObject({ to: "/on", stay: "/qc" });
    }
  });

  it("an unknown province is not found", async () => {
    const { cookie } = await loggedIn();
    const args = await routeArgs(db, "/province?province=bc&to=%2Fbc", { init: { headers: { Cookie: cookie } } });
    expect(await thrownResponse(async () => provinceLoader(args))).toEqual({ status: 404, location: null });
  });
});

describe("visitors with nothing to confirm", () => {
  it("a guest's GET of /on switches as before: no confirmation", async () => {
    expect(await provinceSwitchGate(db, get("/on"), "/on", "ON")).toBeNull();
    // A guest sent to the confirmation (e.g. logged out in another tab) goes on to the page.
    expect(await confirmationPage("/province?province=on&to=%2Fboutiques%2Ftoronto", "")).toEqual({
      status: 302,
      location: "/boutiques/toronto",
    });
  });

  it("staff are not bound to a province: /on switches them and keeps them logged in", async () => {
    const { userId, cookie } = await loggedIn({ role: "staff" });
    expect(await provinceSwitchGate(db, get("/on", cookie), "/on", "ON")).toBeNull();
    const switched = await post(preferencesAction, "/preferences", { province: "ON", redirectTo: "/products" }, cookie);
    expect(switched.location).toBe("/products");
    expect((await readPreferences(get("/", switched.cookie))).province).toBe("ON");
    expect((await readUser(db, get("/", cookie)))?.id).toBe(userId);
  });

  it("a customer already in that province opens it without a question", async () => {
    const { cookie } = await loggedIn();
    expect(await provinceSwitchGate(db, get("/qc", cookie), "/qc", "QC")).toBeNull();
    expect(await provinceSwitchGate(db, get("/boutiques/montreal", cookie), "/boutiques/montreal", "QC")).toBeNull();
  });
});
