/**
 * Carousels (docs/decisions/047-carousels.md): the demo seed makes a home selection per province
 * through the editor's function (one card per product, sold in the province); reading drops, by
 * itself, an item outside its dates, a product out of stock or not sold in the visitor's province
 * and an article not published; the staff editor (its loader and action as a browser without
 * JavaScript posts them) adds, moves and removes items with a 303 and an audit row, refuses a
 * stale version with a 409 that writes nothing, refuses bad input with a 400 that keeps the values,
 * and is not found for a guest; GET /carousels answers JSON. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, asc, count, eq, gt, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditTrail } from "~/agency/audit.server";
import { seedDemoBlogs } from "~/blogs/seed/seed-demo-blogs.server";
import { editCarousel, readCarousel, readStaffCarousel } from "~/carousels/carousels.server";
import { seedDemoCarousels } from "~/carousels/seed-demo-carousels.server";
import { blogs, carousels, inventories, productInventories, productListing, products } from "~/db/schema";
import { action as carouselAction, loader as carouselLoader } from "~/routes/agence.carrousel";
import { loader as carouselsLoader } from "~/routes/agence.carrousels";
import { loader as carouselsJson } from "~/routes/carousels";
import { loader as homeLoader } from "~/routes/home";
import { loader as productsLoader } from "~/routes/products";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { startUserSession, verifyCredentials } from "~/users/users.server";
import { BASE_URL, routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("carousels"));

let testDb: TestDatabase;
let db: TestDatabase["db"];
let cookie: string;
let staff: { id: number; email: string };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  await seedDemoBlogs(db);
  await seedDemoAccounts(db, "development");
  const agency = DEMO_ACCOUNTS.find((a) => a.email.startsWith("agence")) ?? DEMO_ACCOUNTS[2]!;
  const user = await verifyCredentials(db, agency.email, agency.password);
  if (user?.role !== "staff") throw new Error("the demo staff login is not staff");
  staff = { id: user.id, email: user.email };
  cookie = (await startUserSession(db, new Request(`${BASE_URL}/`), user.id)).split(";")[0]!;
}, 120_000);
afterAll(async () => {
  await testDb?.close();
});

const QC = { province: "QC", locale: "fr-CA", taxMode: "IN" } as const;

/** Products with stock in a province's default list and none in the other's, and the reverse. */
async function productsSoldIn(province: "QC" | "ON", limit: number): Promise<number[]> {
  const other = province === "QC" ? "ON" : "QC";
  const rows = await db
    .selectDistinct({ id: productListing.productId })
    .from(productListing)
    .where(
      and(
        eq(productListing.province, province),
        eq(productListing.defaultListed, true),
        eq(productListing.availabilityStatus, "AVAILABLE"),
      ),
    )
    .orderBy(asc(productListing.productId));
  const elsewhere = new Set(
    (await db.selectDistinct({ id: productListing.productId }).from(productListing).where(eq(productListing.province, other))).map(
      (r) => r.id,
    ),
  );
  const ids: number[] = [];
  for (const { id } of rows) {
    if (elsewhere.has(id)) continue;
    const [stock] = await db
      .select({ n: count() })
      .from(productInventories)
      .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
      .where(
        and(
          eq(productInventories.productId, id),
          eq(inventories.province, province),
          eq(productInventories.availabilityStatus, "AVAILABLE"),
          gt(productInventories.quantity, 0),
        ),
      );
    if (Number(stock?.n) > 0) ids.push(id);
    if (ids.length === limit) break;
  }
  if (ids.length < limit) throw new Error(`not enough demo products sold only in ${province}`);
  return ids;
}

/** A page's loader as staff (or a guest: no cookie) calls it. */
async function get<T>(loader: (args: never) => Promise<T>, path: string, params: Record<string, string> = {}, asStaff = true): Promise<T> {
  return loader(await routeArgs(db, path, { params, init: { headers: asStaff ? { Cookie: cookie } : {} } }));
}

type ActionBody = {
  form: string;
  stale?: boolean;
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
} | null;

/** An action's answer: a redirect's status and Location, or the data's status and body. */
async function post(
  params: Record<string, string>,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; body: ActionBody }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const path = `/agence/carrousels/${params.group}/${params.province}`;
  const args = await routeArgs(db, path, { params, init: { method: "POST", body, headers: { Cookie: cookie } } });
  try {
    const answer = (await carouselAction(args)) as { type?: string; init?: { status?: number }; data?: unknown };
    if (answer?.type === "DataWithResponseInit")
      return { status: answer.init?.status ?? 200, location: null, body: answer.data as ActionBody };
    return { status: 200, location: null, body: answer as ActionBody };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    throw thrown;
  }
}

describe("before staff arrange the home", () => {
  it("the selection shows the province's first products, each once, as the product list orders them", async () => {
    expect(await db.select({ n: count() }).from(carousels)).toEqual([{ n: 0 }]);
    const home = await homeLoader(await routeArgs(db, "/"));
    const list = await productsLoader(await routeArgs(db, "/products"));
    const ids = home.selection.map((card) => (card.kind === "product" ? card.product.productId : 0));
    expect(ids).toEqual(list.items.slice(0, 6).map((item) => item.productId));
    expect(home.others).toEqual([]);
  });
});

describe("the demo seed", () => {
  it("makes a home selection per province of products sold there, one card per product, through the editor (audited)", async () => {
    expect(await seedDemoCarousels(db)).toBeGreaterThanOrEqual(3);
    for (const province of ["QC", "ON"] as const) {
      const home = await homeLoader(
        await routeArgs(db, province === "ON" ? "/on" : "/", {
          params: province === "ON" ? { region: "on" } : {},
          preferences: { province },
        }),
      );
      const ids = home.selection.map((card) => (card.kind === "product" ? card.product.productId : 0));
      expect(ids.length).toBeGreaterThanOrEqual(6);
      expect(ids.length).toBeLessThanOrEqual(8);
      expect(new Set(ids).size).toBe(ids.length);
      // Each product once on the whole page, whatever the carousels holding it.
      const everyProduct = [...home.selection, ...home.others.flatMap((carousel) => carousel.cards)].flatMap((card) =>
        card.kind === "product" ? [card.product.productId] : [],
      );
      expect(new Set(everyProduct).size).toBe(everyProduct.length);
      for (const card of home.selection) {
        if (card.kind !== "product") throw new Error("the demo selection holds products only");
        expect(card.product.channels.length).toBeGreaterThan(0);
        expect(card.product.channels.every((channel) => channel.province === province)).toBe(true);
      }
    }
    const [selection] = await db
      .select()
      .from(carousels)
      .where(and(eq(carousels.groupCode, "home-selection"), eq(carousels.province, "QC")));
    const trail = await auditTrail(db, "carousel", selection!.id);
    expect(trail.length).toBe(selection!.version);
    expect(trail.every((row) => row.action === "carousel.edited" && row.actorEmail === "demo-seed")).toBe(true);
    // A second run leaves the carousels as they are.
    expect(await seedDemoCarousels(db)).toBe(0);
  });
});

describe("reading a carousel", () => {
  it("drops a product out of stock or not sold in the province, an item outside its dates and an unpublished article", async () => {
    const [inStock, soldOut, dated] = await productsSoldIn("QC", 3);
    const [ontarioOnly] = await productsSoldIn("ON", 1);
    const [article] = await db.select().from(blogs).where(eq(blogs.status, "PUBLISHED")).orderBy(asc(blogs.id)).limit(1);
    const now = new Date("2026-11-20T15:00:00Z");
    const later = new Date("2026-12-02T15:00:00Z");
    const target = { group: "upcoming", province: "QC" } as const;
    const existing = await readStaffCarousel(db, "upcoming", "QC", "fr-CA");
    let version = existing.version;
    for (const item of existing.items) {
      const outcome = await editCarousel(db, staff, target, version, { op: "remove", itemId: item.id });
      if (outcome.kind !== "saved") throw new Error("remove failed");
      version = outcome.version;
    }
    const add = async (kind: "product" | "blog", targetId: number, startsAt: Date | null = null, endsAt: Date | null = null) => {
      const outcome = await editCarousel(db, staff, target, version, { op: "add", kind, targetId, startsAt, endsAt });
      if (outcome.kind !== "saved") throw new Error(`add refused: ${outcome.kind}`);
      version = outcome.version;
    };
    await add("product", inStock!);
    await add("product", soldOut!);
    await add("product", ontarioOnly!);
    await add("product", dated!, new Date("2026-12-01T05:00:00Z"), new Date("2026-12-31T05:00:00Z"));
    await add("blog", article!.id);

    const shown = async (at: Date) =>
      (await readCarousel(db, "upcoming", QC, at)).cards.map((card) =>
        card.kind === "product" ? card.product.productId : `blog:${card.kind === "blog" ? card.slug : ""}`,
      );
    expect(await shown(now)).toEqual([inStock, soldOut, `blog:${article!.slug}`]);
    // The dated item shows between its start and its end only.
    expect(await shown(later)).toEqual([inStock, soldOut, dated, `blog:${article!.slug}`]);
    expect(await shown(new Date("2027-01-15T15:00:00Z"))).toEqual([inStock, soldOut, `blog:${article!.slug}`]);

    // Out of stock in every channel of the province: gone, with no edit of the carousel.
    await db
      .update(productInventories)
      .set({ quantity: 0, availabilityStatus: "AVAILABLE" })
      .where(
        and(
          eq(productInventories.productId, soldOut!),
          inArray(
            productInventories.inventoryCode,
            db.select({ code: inventories.code }).from(inventories).where(eq(inventories.province, "QC")),
          ),
        ),
      );
    // An article taken down: gone too.
    await db.update(blogs).set({ status: "UNPUBLISHED" }).where(eq(blogs.id, article!.id));
    expect(await shown(now)).toEqual([inStock]);
    await db.update(blogs).set({ status: "PUBLISHED" }).where(eq(blogs.id, article!.id));
    // The staff editor still lists every item, with why one would not show.
    const page = await readStaffCarousel(db, "upcoming", "QC", "fr-CA", now);
    expect(page.items).toHaveLength(5);
    expect(page.items[3]!.note).toBe("notStarted");
  });

  it("answers GET /carousels?group= as JSON for the visitor's province, and 400 for an unknown group", async () => {
    const answer = await carouselsJson(await routeArgs(db, "/carousels?group=home-selection", { preferences: { province: "ON" } }));
    expect(answer.status).toBe(200);
    const json = (await answer.json()) as {
      group: string;
      province: string;
      cards: { kind: string; product?: { channels: { province: string }[] } }[];
    };
    expect(json.group).toBe("home-selection");
    expect(json.province).toBe("ON");
    expect(json.cards.length).toBeGreaterThan(0);
    expect(json.cards.every((card) => card.product?.channels.every((channel) => channel.province === "ON"))).toBe(true);
    const refused = await carouselsJson(await routeArgs(db, "/carousels?group=nope"));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain("home-selection");
  });
});

describe("the staff editor", () => {
  const params = { group: "home-selection", province: "qc" };

  it("moves an item down (303, audited, the home page follows) and refuses a stale version with a 409 that writes nothing", async () => {
    const page = await get(carouselLoader, "/agence/carrousels/home-selection/qc", params);
    const [first, second] = page.carousel.items;
    const moved = await post(params, {
      intent: "move",
      version: String(page.carousel.version),
      itemId: String(first!.id),
      direction: "down",
    });
    expect(moved).toMatchObject({ status: 303, location: "/agence/carrousels/home-selection/qc?done=moved" });
    const after = await get(carouselLoader, "/agence/carrousels/home-selection/qc", params);
    expect(after.carousel.version).toBe(page.carousel.version + 1);
    expect(after.carousel.items.slice(0, 2).map((item) => item.id)).toEqual([second!.id, first!.id]);
    expect(after.carousel.lastChange?.actorEmail).toBe(staff.email);
    const [row] = await db
      .select()
      .from(carousels)
      .where(and(eq(carousels.groupCode, "home-selection"), eq(carousels.province, "QC")));
    const [audit] = await auditTrail(db, "carousel", row!.id);
    expect(audit).toMatchObject({ action: "carousel.edited", actorEmail: staff.email });
    expect((audit!.after as { change: string }).change).toBe("move");
    expect((audit!.before as { items: unknown[] }).items).toHaveLength(page.carousel.items.length);
    // The home page shows the new order at once.
    const home = await homeLoader(await routeArgs(db, "/"));
    const firstProduct = home.selection[0];
    expect(firstProduct?.kind === "product" ? firstProduct.product.slug : null).toBe(second!.slug);

    // Another tab still holds the old version: refused, nothing written, the current state kept.
    const auditsBefore = (await auditTrail(db, "carousel", row!.id)).length;
    const stale = await post(params, { intent: "remove", version: String(page.carousel.version), itemId: String(second!.id) });
    expect(stale.status).toBe(409);
    expect(stale.body?.stale).toBe(true);
    expect(stale.body?.result.error?.[""]).toEqual(["carousels.errors.stale"]);
    const unchanged = await get(carouselLoader, "/agence/carrousels/home-selection/qc", params);
    expect(unchanged.carousel.items.map((item) => item.id)).toEqual(after.carousel.items.map((item) => item.id));
    expect(unchanged.carousel.version).toBe(after.carousel.version);
    expect((await auditTrail(db, "carousel", row!.id)).length).toBe(auditsBefore);
  });

  it("adds by slug, refuses unknown or duplicate targets and reversed dates with a 400 keeping the values, and removes", async () => {
    const page = await get(carouselLoader, "/agence/carrousels/home-selection/qc", params);
    const version = String(page.carousel.version);
    const unknown = await post(params, { intent: "add", version, kind: "product", target: "zz-no-such-wine" });
    expect(unknown.status).toBe(400);
    expect(unknown.body?.result.error?.target).toEqual(["carousels.errors.targetNotFound"]);
    expect(unknown.body?.result.initialValue?.target).toBe("zz-no-such-wine");
    const duplicate = await post(params, { intent: "add", version, kind: "product", target: page.carousel.items[0]!.slug });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body?.result.error?.target).toEqual(["carousels.errors.duplicate"]);
    const reversed = await post(params, {
      intent: "add",
      version,
      kind: "product",
      target: "x",
      startsAt: "2026-12-10T09:00",
      endsAt: "2026-12-01T09:00",
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body?.result.error?.endsAt).toEqual(["carousels.errors.datesOrder"]);
    expect((await get(carouselLoader, "/agence/carrousels/home-selection/qc", params)).carousel.version).toBe(page.carousel.version);

    const candidates = await db
      .select({ slug: products.slug })
      .from(products)
      .where(inArray(products.id, await productsSoldIn("QC", 12)));
    const product = candidates.find((c) => !page.carousel.items.some((item) => item.slug === c.slug));
    if (!product) throw new Error("every candidate is in the carousel already");
    const added = await post(params, { intent: "add", version, kind: "product", target: product.slug, startsAt: "2026-12-01T09:00" });
    expect(added).toMatchObject({ status: 303, location: "/agence/carrousels/home-selection/qc?done=added" });
    const now = await get(carouselLoader, "/agence/carrousels/home-selection/qc", params);
    const item = now.carousel.items.at(-1)!;
    expect(item.slug).toBe(product.slug);
    // 9:00 in Montreal on 1 December is 14:00 UTC (standard time).
    expect(item.startsAt).toBe("2026-12-01T14:00:00.000Z");
    const removed = await post(params, { intent: "remove", version: String(now.carousel.version), itemId: String(item.id) });
    expect(removed.status).toBe(303);
    expect((await get(carouselLoader, "/agence/carrousels/home-selection/qc", params)).carousel.items).toHaveLength(
      page.carousel.items.length,
    );
  });

  it("is not found for a guest, and lists every group per province for staff", async () => {
    expect((await thrownResponse(() => get(carouselsLoader, "/agence/carrousels", {}, false))).status).toBe(404);
    expect((await thrownResponse(() => get(carouselLoader, "/agence/carrousels/home-selection/qc", params, false))).status).toBe(404);
    expect((await thrownResponse(() => get(carouselLoader, "/agence/carrousels/nope/qc", { group: "nope", province: "qc" }))).status).toBe(
      404,
    );
    const list = await get(carouselsLoader, "/agence/carrousels");
    expect(list.rows).toHaveLength(9);
    expect(list.rows.find((row) => row.group === "home-selection" && row.province === "QC")?.itemCount).toBeGreaterThan(0);
  });
});
