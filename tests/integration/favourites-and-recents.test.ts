/**
 * Favourites and recently viewed products against a real database
 * (docs/decisions/041-favourites-and-recently-viewed.md): a customer adds, lists and removes
 * favourites through `/account/favorites` (a guest is sent to log in, a bad product changes
 * nothing); an upcoming favourite that becomes available gets one e-mail in the outbox, even with
 * two sweeps at once, none for a favourite added while available, and another after it went back to
 * upcoming; the product page records views for a visitor with a session only (never a crawler, a
 * prefetch or a visitor without a session, and never a cookie), keeps 12, lists the others latest
 * first, and logging in merges the guest's views into the customer's. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (where Promise.all runs on separate connections).
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { favorites, outboxMessages, productInventories, products, recentlyViewed } from "~/db/schema";
import { notifyAvailableFavorites } from "~/favorites/favorites.server";
import { RECENTLY_VIEWED_MAX, sweepRecentlyViewed } from "~/recently-viewed/recently-viewed.server";
import { action as favoritesAction, loader as favoritesLoader } from "~/routes/account.favorites";
import { action as loginAction } from "~/routes/login";
import { loader as productLoader } from "~/routes/product";
import { ensureGuestId } from "~/session.server";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { readUser } from "~/users/users.server";
import { findCatalogueItem } from "../support/catalogue-items";
import { routeArgs } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("favourites-and-recents"));

const ORIGIN = "https://cuvee.example";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const customer = DEMO_ACCOUNTS.find((a) => a.email.startsWith("client.qc"))!;

let testDb: TestDatabase;
let db: TestDatabase["db"];
/** Slugs and ids of a few demo products. */
let catalogue: { id: number; slug: string }[];

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});

/** The first cookie pair of each Set-Cookie of a response. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

/** Logs the demo customer in (from `guestCookie`'s session when given); returns the session cookie. */
async function logIn(guestCookie?: string): Promise<string> {
  try {
    await loginAction(await routeArgs(db, "/login", { init: form({ email: customer.email, password: customer.password }, guestCookie) }));
  } catch (thrown) {
    if (thrown instanceof Response) return cookiesOf(thrown);
    throw thrown;
  }
  throw new Error("the login did not redirect");
}

/** A guest session cookie, as the first cart change sets it. */
async function guestCookie(): Promise<{ cookie: string; guestId: string }> {
  const { guestId, setCookie } = await ensureGuestId(new Request(`${ORIGIN}/`));
  return { cookie: setCookie.split(";")[0]!, guestId };
}

/** Opens a product page as a browser with `headers` (a cookie, a User-Agent, a prefetch header). */
async function viewProduct(slug: string, headers: Record<string, string> = {}) {
  return (await productLoader(
    await routeArgs(db, `/products/${slug}`, { params: { slug }, init: { headers: { "User-Agent": BROWSER, ...headers } } }),
  )) as unknown as { recents: { slug: string }[]; favorite: boolean | null; trail: { label: string; href: string }[] };
}

/** Posts the favourite form; returns the redirect (status, Location) or the 400's data. */
async function postFavorite(fields: Record<string, string>, cookie?: string) {
  try {
    const result = (await favoritesAction(await routeArgs(db, "/account/favorites", { init: form(fields, cookie) }))) as unknown;
    const value = result as { type?: string; init?: { status?: number }; data?: unknown };
    if (value?.type === "DataWithResponseInit") return { status: value.init?.status ?? 200, location: null, data: value.data };
    return { status: 200, location: null, data: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const value = thrown as { type?: string; init?: { status?: number }; data?: unknown };
    if (value?.type === "DataWithResponseInit") return { status: value.init?.status ?? 200, location: null, data: value.data };
    throw thrown;
  }
}

const listed = async (cookie: string) =>
  (
    (await favoritesLoader(await routeArgs(db, "/account/favorites", { init: { headers: { Cookie: cookie } } }))) as unknown as {
      favorites: { slug: string; availability: string }[];
    }
  ).favorites.map((f) => f.slug);

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  await seedDemoAccounts(db, "development");
  catalogue = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .orderBy(products.id)
    .limit(RECENTLY_VIEWED_MAX + 3);
});
afterAll(async () => {
  await testDb?.close();
});

describe("favourites", () => {
  it("are added from the product page, listed on /account/favorites and removed from there", async () => {
    const cookie = await logIn();
    const [first, second] = catalogue;
    expect((await viewProduct(first!.slug, { Cookie: cookie })).favorite).toBe(false);

    const added = await postFavorite({ intent: "add", productId: String(first!.id), redirectTo: `/products/${first!.slug}` }, cookie);
    expect(added).toMatchObject({ status: 303, location: `/products/${first!.slug}` });
    // The fetcher's form stays on the page and gets the new state.
    expect(await postFavorite({ intent: "add", productId: String(second!.id), stay: "1" }, cookie)).toMatchObject({
      status: 200,
      data: { favorite: true },
    });
    // Adding twice changes nothing.
    await postFavorite({ intent: "add", productId: String(first!.id) }, cookie);
    expect((await viewProduct(first!.slug, { Cookie: cookie })).favorite).toBe(true);
    expect(await listed(cookie)).toEqual([second!.slug, first!.slug]);

    const removed = await postFavorite({ intent: "remove", productId: String(second!.id) }, cookie);
    expect(removed).toMatchObject({ status: 303, location: "/account/favorites" });
    expect(await listed(cookie)).toEqual([first!.slug]);
    await postFavorite({ intent: "remove", productId: String(first!.id) }, cookie);
    expect(await listed(cookie)).toEqual([]);
  });

  it("refuse an unknown product with a 400 and change nothing; a guest is sent to log in; a foreign redirect is not followed", async () => {
    const cookie = await logIn();
    expect(await postFavorite({ intent: "add", productId: "999999999" }, cookie)).toMatchObject({
      status: 400,
      data: { error: "favorites.errors.invalid" },
    });
    expect(await postFavorite({ intent: "steal", productId: "1" }, cookie)).toMatchObject({ status: 400 });
    expect(await listed(cookie)).toEqual([]);
    const guest = await postFavorite({ intent: "add", productId: String(catalogue[0]!.id) });
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/login\?redirect=/);
    expect(await postFavorite({ intent: "add", productId: String(catalogue[0]!.id), redirectTo: "//evil.example/" }, cookie)).toMatchObject(
      {
        location: "/account/favorites",
      },
    );
    await postFavorite({ intent: "remove", productId: String(catalogue[0]!.id) }, cookie);
    const guestView = await viewProduct(catalogue[0]!.slug);
    expect(guestView.favorite).toBeNull();
  });

  it("e-mail once when an upcoming favourite becomes available, even with two sweeps at once, and again after it went back", async () => {
    const cookie = await logIn();
    const user = (await readUser(db, new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } })))!;
    const upcoming = await findCatalogueItem(db, "IP", "UPCOMING");
    const [inventory] = await db
      .select({ productId: productInventories.productId })
      .from(productInventories)
      .where(eq(productInventories.id, upcoming.id));
    const productId = inventory!.productId;
    // Only the one channel decides: the product's other QC channels are made upcoming too.
    await db
      .update(productInventories)
      .set({ availabilityStatus: "UPCOMING" })
      .where(and(eq(productInventories.productId, productId)));
    const available = await findCatalogueItem(db, "IP", "AVAILABLE");
    const [availableRow] = await db
      .select({ productId: productInventories.productId })
      .from(productInventories)
      .where(eq(productInventories.id, available.id));

    await postFavorite({ intent: "add", productId: String(productId) }, cookie);
    // A favourite added while available: the customer just saw it, no e-mail is owed.
    await postFavorite({ intent: "add", productId: String(availableRow!.productId) }, cookie);
    const mails = () =>
      db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `favorite-${user.id}-%`));

    expect(await notifyAvailableFavorites(db, ORIGIN)).toBe(0);
    expect(await mails()).toHaveLength(0);

    await db.update(productInventories).set({ availabilityStatus: "AVAILABLE" }).where(eq(productInventories.id, upcoming.id));
    const day1 = new Date("2026-12-01T10:00:00Z");
    const [a, b] = await Promise.all([notifyAvailableFavorites(db, ORIGIN, day1), notifyAvailableFavorites(db, ORIGIN, day1)]);
    expect(a + b).toBe(1);
    expect(await notifyAvailableFavorites(db, ORIGIN, day1)).toBe(0);
    const written = await mails();
    expect(written).toHaveLength(1);
    const job = written[0]!.job as { kind: "email"; mail: { to: string; subject: string; text: string } };
    expect(job.mail.to).toBe(customer.email);
    expect(job.mail.subject).toContain("est maintenant disponible");
    const [slugRow] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, productId));
    expect(job.mail.text).toContain(`${ORIGIN}/products/${slugRow!.slug}`);
    const [favorite] = await db
      .select()
      .from(favorites)
      .where(and(eq(favorites.userId, user.id), eq(favorites.productId, productId)));
    expect(favorite!.notifiedAvailableAt).toEqual(day1);

    // Back to upcoming, then available again a day later: one more e-mail.
    await db.update(productInventories).set({ availabilityStatus: "UPCOMING" }).where(eq(productInventories.id, upcoming.id));
    expect(await notifyAvailableFavorites(db, ORIGIN, new Date("2026-12-02T10:00:00Z"))).toBe(0);
    await db.update(productInventories).set({ availabilityStatus: "AVAILABLE" }).where(eq(productInventories.id, upcoming.id));
    expect(await notifyAvailableFavorites(db, ORIGIN, new Date("2026-12-03T10:00:00Z"))).toBe(1);
    expect(await mails()).toHaveLength(2);

    await postFavorite({ intent: "remove", productId: String(productId) }, cookie);
    await postFavorite({ intent: "remove", productId: String(availableRow!.productId) }, cookie);
  });
});

describe("recently viewed products", () => {
  const viewsOf = (viewerKey: string) =>
    db.select({ productId: recentlyViewed.productId }).from(recentlyViewed).where(eq(recentlyViewed.viewerKey, viewerKey));

  it("are kept only for a visitor with a session: never a crawler, a prefetch or a visitor without one", async () => {
    const before = await db.select().from(recentlyViewed);
    await viewProduct(catalogue[0]!.slug);
    const guest = await guestCookie();
    await viewProduct(catalogue[0]!.slug, { Cookie: guest.cookie, "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await viewProduct(catalogue[0]!.slug, { Cookie: guest.cookie, "Sec-Purpose": "prefetch" });
    expect(await db.select().from(recentlyViewed)).toHaveLength(before.length);

    await viewProduct(catalogue[0]!.slug, { Cookie: guest.cookie });
    const page = await viewProduct(catalogue[1]!.slug, { Cookie: guest.cookie });
    // The page lists the others, not itself.
    expect(page.recents.map((r) => r.slug)).toEqual([catalogue[0]!.slug]);
    expect(await viewsOf(`guest:${guest.guestId}`)).toHaveLength(2);
  });

  it("keep the latest 12, latest first, and join the customer's at login", async () => {
    const guest = await guestCookie();
    const viewed = catalogue.slice(0, RECENTLY_VIEWED_MAX + 2);
    for (const product of viewed) await viewProduct(product.slug, { Cookie: guest.cookie });
    expect(await viewsOf(`guest:${guest.guestId}`)).toHaveLength(RECENTLY_VIEWED_MAX);
    const last = catalogue[RECENTLY_VIEWED_MAX + 2]!;
    const page = await viewProduct(last.slug, { Cookie: guest.cookie });
    expect(page.recents.map((r) => r.slug)).toEqual(
      viewed
        .slice(-8)
        .reverse()
        .map((p) => p.slug),
    );

    // The customer saw another product before; the guest's views join it at login.
    const customerCookie = await logIn();
    const user = (await readUser(db, new Request(`${ORIGIN}/`, { headers: { Cookie: customerCookie } })))!;
    await db.delete(recentlyViewed).where(eq(recentlyViewed.viewerKey, `user:${user.id}`));
    await db
      .insert(recentlyViewed)
      .values({ viewerKey: `user:${user.id}`, productId: catalogue[0]!.id, viewedAt: new Date("2020-01-01T00:00:00Z") });
    const loggedIn = await logIn(guest.cookie);
    expect(await viewsOf(`guest:${guest.guestId}`)).toHaveLength(0);
    const merged = await viewsOf(`user:${user.id}`);
    expect(merged).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(merged.map((r) => r.productId)).toContain(last.id);
    // The old view of the customer's was the oldest: trimmed.
    expect(merged.map((r) => r.productId)).not.toContain(catalogue[0]!.id);
    const after = await viewProduct(catalogue[0]!.slug, { Cookie: loggedIn });
    expect(after.recents[0]!.slug).toBe(last.slug);
  });

  it("are swept: guests' after a day, customers' after 90 days", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000);
    await db.insert(recentlyViewed).values([
      { viewerKey: "guest:00000000-0000-4000-8000-000000000001", productId: catalogue[0]!.id, viewedAt: old },
      { viewerKey: "user:999999", productId: catalogue[0]!.id, viewedAt: old },
      { viewerKey: "user:999998", productId: catalogue[0]!.id, viewedAt: new Date(now.getTime() - 91 * 24 * 60 * 60 * 1000) },
    ]);
    const [a, b] = await Promise.all([sweepRecentlyViewed(db, now), sweepRecentlyViewed(db, now)]);
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(2);
    expect(await viewsOf("guest:00000000-0000-4000-8000-000000000001")).toHaveLength(0);
    expect(await viewsOf("user:999999")).toHaveLength(1);
    expect(await viewsOf("user:999998")).toHaveLength(0);
  });
});
