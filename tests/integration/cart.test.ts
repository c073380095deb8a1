/**
 * The server-side cart against a real database: lock versions, stock limits,
 * sections, refusals that change nothing, and the cart action as a browser posts it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, countItems, getCart, removeLine, updateLineQuantity } from "~/cart/cart.server";
import { inventories, productInventories, products } from "~/db/schema";
import type { InventoryCode } from "~/vocabulary";
import { findCatalogueItem } from "../support/catalogue-items";
import { routeArgs } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { insertTestCustomer } from "../support/test-users";

process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "cuvee-cart-test-"));
const { action: cartAction, loader: cartLoader } = await import("~/routes/shopping-cart");

let testDb: TestDatabase;
let privateImport: { id: number; uvc: number; stock: number };
let shopItem: { id: number; stock: number };
let upcoming: { id: number };
let liquorBoard: { id: number };
let ontarioItem: { id: number };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  privateImport = await findCatalogueItem(testDb.db, "IP", "AVAILABLE", { minCases: 2 });
  shopItem = await findCatalogueItem(testDb.db, "MERCH_MTL", "AVAILABLE", { minCases: 3 });
  upcoming = await findCatalogueItem(testDb.db, "IP", "UPCOMING");
  liquorBoard = await findCatalogueItem(testDb.db, "SAQ", "AVAILABLE");
  ontarioItem = await findCatalogueItem(testDb.db, "PI", "AVAILABLE", { minCases: 1 });
});
afterAll(() => testDb?.close());

let guestCounter = 0;
const newGuest = () => ({ guestId: `00000000-0000-4000-8000-${String(++guestCounter).padStart(12, "0")}` });
const add = (owner: { guestId: string }, productInventoryId: number | null, quantity: number | null) =>
  addToCart(testDb.db, owner, "QC", "fr-CA", { productInventoryId, quantity });

describe("lock version", () => {
  it("is 1 when the cart is created with its first line and rises by 1 on every change", async () => {
    const owner = newGuest();
    expect(await getCart(testDb.db, owner, "QC", "fr-CA")).toBeNull();
    const first = await add(owner, privateImport.id, 1);
    expect(first.ok && first.cart.lockVersion).toBe(1);
    const second = await add(owner, shopItem.id, 1);
    expect(second.ok && second.cart.lockVersion).toBe(2);
    const updated = await updateLineQuantity(testDb.db, owner, "QC", "fr-CA", {
      productInventoryId: shopItem.id,
      quantity: 2,
      lockVersion: 2,
    });
    expect(updated.ok && updated.cart.lockVersion).toBe(3);
  });

  it("refuses an update carrying a stale version and keeps the other tab's change", async () => {
    const owner = newGuest();
    await add(owner, shopItem.id, 1);
    const seenByBothTabs = (await getCart(testDb.db, owner, "QC", "fr-CA"))!.lockVersion;
    const tabA = await updateLineQuantity(testDb.db, owner, "QC", "fr-CA", {
      productInventoryId: shopItem.id,
      quantity: 3,
      lockVersion: seenByBothTabs,
    });
    expect(tabA.ok).toBe(true);
    const tabB = await updateLineQuantity(testDb.db, owner, "QC", "fr-CA", {
      productInventoryId: shopItem.id,
      quantity: 1,
      lockVersion: seenByBothTabs,
    });
    expect(tabB).toMatchObject({ ok: false, error: "conflict" });
    expect(tabB.cart?.lines[0]?.quantity).toBe(3);
    const removal = await removeLine(testDb.db, owner, "QC", "fr-CA", { productInventoryId: shopItem.id, lockVersion: seenByBothTabs });
    expect(removal).toMatchObject({ ok: false, error: "conflict" });
    expect((await getCart(testDb.db, owner, "QC", "fr-CA"))!.lines).toHaveLength(1);
  });
});

describe("adding", () => {
  it("adds private import by the case to the agency section and shop items by the unit", async () => {
    const owner = newGuest();
    await add(owner, privateImport.id, 1);
    await add(owner, privateImport.id, 1);
    const result = await add(owner, shopItem.id, 2);
    expect(result.ok).toBe(true);
    const lines = result.ok ? result.cart.lines : [];
    expect(lines.map((l) => [l.productInventoryId, l.section, l.quantity])).toEqual([
      [privateImport.id, "AGENCY", 2],
      [shopItem.id, "SHOP", 2],
    ]);
    expect(await countItems(testDb.db, owner, "QC")).toBe(4);
  });

  it("puts an upcoming product in the reserved section", async () => {
    const owner = newGuest();
    const result = await add(owner, upcoming.id, 1);
    expect(result.ok && result.cart.lines[0]!.section).toBe("RESERVED");
  });

  it("refuses more cases than the stock holds and leaves the cart as it was", async () => {
    const owner = newGuest();
    await add(owner, privateImport.id, 1);
    const tooMany = Math.floor(privateImport.stock / privateImport.uvc) + 1;
    const result = await add(owner, privateImport.id, tooMany);
    expect(result).toMatchObject({ ok: false, error: "stock" });
    expect(result.cart?.lines[0]?.quantity).toBe(1);
    expect(result.cart?.lockVersion).toBe(1);
  });

  it("refuses liquor-board-only products, other-province products, unknown ids and bad quantities", async () => {
    const owner = newGuest();
    expect(await add(owner, liquorBoard.id, 1)).toMatchObject({ ok: false, error: "not-purchasable" });
    expect(await add(owner, ontarioItem.id, 1)).toMatchObject({ ok: false, error: "other-province" });
    expect(await add(owner, 99_999_999, 1)).toMatchObject({ ok: false, error: "unknown-product" });
    expect(await add(owner, shopItem.id, null)).toMatchObject({ ok: false, error: "invalid-quantity" });
    expect(await getCart(testDb.db, owner, "QC", "fr-CA")).toBeNull();
  });

  it("keeps a customer's cart apart from guests' carts (ready for the accounts issue)", async () => {
    const customer = { customerId: await insertTestCustomer(testDb.db) };
    const result = await addToCart(testDb.db, customer, "QC", "fr-CA", { productInventoryId: shopItem.id, quantity: 2 });
    expect(result.ok && result.cart.lines.map((l) => l.quantity)).toEqual([2]);
    expect(await countItems(testDb.db, customer, "QC")).toBe(2);
    expect(await getCart(testDb.db, newGuest(), "QC", "fr-CA")).toBeNull();
  });

  it("keeps one cart per province for a guest", async () => {
    const owner = newGuest();
    await add(owner, shopItem.id, 1);
    const ontario = await addToCart(testDb.db, owner, "ON", "fr-CA", { productInventoryId: ontarioItem.id, quantity: 1 });
    expect(ontario.ok && ontario.cart.lines.map((l) => l.productInventoryId)).toEqual([ontarioItem.id]);
    expect((await getCart(testDb.db, owner, "QC", "fr-CA"))!.lines.map((l) => l.productInventoryId)).toEqual([shopItem.id]);
  });
});

describe("the cart action as a browser posts it", () => {
  const post = async (body: Record<string, string>, cookie = "") =>
    cartAction(
      await routeArgs(testDb.db, "/shopping-cart", {
        init: {
          method: "POST",
          body: new URLSearchParams(body),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        },
      }),
    );

  async function expectRedirect(run: Promise<unknown>): Promise<Response> {
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Response);
    return error as Response;
  }

  it("answers 303 back to the page with a guest cookie, and the cart page shows the line", async () => {
    const response = await expectRedirect(
      post({ intent: "add", productInventoryId: String(shopItem.id), quantity: "1", redirectTo: "/products/x?id=1" }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products/x?id=1");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = (await cartLoader(await routeArgs(testDb.db, "/shopping-cart", { init: { headers: { Cookie: cookie } } }))) as {
      empty: boolean;
      sections: { lines: unknown[] }[];
    };
    expect(page.empty).toBe(false);
    expect(page.sections.flatMap((s) => s.lines)).toHaveLength(1);
  });

  it("lands a plain form back on the card with a flash message the next page reads once (decision 039)", async () => {
    const response = await expectRedirect(
      post({ intent: "add", productInventoryId: String(shopItem.id), quantity: "1", redirectTo: "/products?page=2#add-7" }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products?page=2#add-7");
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toMatch(/^session=/);
    const flash = cookies.find((c) => c.startsWith("flash="))!.split(";")[0]!;
    const { readFlash } = await import("~/http/flash.server");
    const read = await readFlash(new Request("http://shop.test/products", { headers: { Cookie: flash } }));
    expect(read.flash).toEqual({ key: "feedback.flash.cartAdded", productInventoryId: shopItem.id });
  });

  it("refuses another site as the place to land back on, and still adds", async () => {
    for (const redirectTo of ["https://evil.example/x", "//evil.example/x", "/\\evil.example"]) {
      const response = await expectRedirect(post({ intent: "add", productInventoryId: String(shopItem.id), quantity: "1", redirectTo }));
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  it("answers a form kept on the page (enhanced=1) with what was added, no redirect and no flash", async () => {
    const result = (await post({ intent: "add", productInventoryId: String(upcoming.id), quantity: "1", enhanced: "1" })) as {
      data: { added: number; reserved: boolean };
      init: { status?: number; headers: Record<string, string> };
    };
    expect(result.init.status ?? 200).toBe(200);
    expect(result.data).toEqual({ added: upcoming.id, reserved: true });
    expect(JSON.stringify(result.init.headers)).not.toMatch(/flash=/);
  });

  it.each([
    ["a negative quantity", "-1"],
    ["zero", "0"],
    ["a fraction", "1.5"],
    ["a huge number", "1000000"],
    ["text", "abc"],
  ])("refuses %s with a 400 and a message key, never a 500", async (_label, quantity) => {
    const result = (await post({ intent: "add", productInventoryId: String(shopItem.id), quantity })) as {
      data: { error: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.error).toBe("invalid-quantity");
  });

  it("treats a tampered session cookie as a new guest", async () => {
    const response = await expectRedirect(
      post({ intent: "add", productInventoryId: String(shopItem.id), quantity: "1" }, "session=forged.value"),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Set-Cookie")).toMatch(/^session=/);
  });

  it("answers 409 to a stale update", async () => {
    const first = await expectRedirect(post({ intent: "add", productInventoryId: String(shopItem.id), quantity: "1" }));
    const cookie = first.headers.get("Set-Cookie")!.split(";")[0]!;
    await post({ intent: "add", productInventoryId: String(shopItem.id), quantity: "1" }, cookie).catch(() => null);
    const result = (await post({ intent: "update", productInventoryId: String(shopItem.id), quantity: "2", lockVersion: "1" }, cookie)) as {
      data: { error: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(409);
    expect(result.data.error).toBe("conflict");
  });

  it("refuses an unknown intent", async () => {
    const result = (await post({ intent: "empty-everything" })) as { init: { status: number } };
    expect(result.init.status).toBe(400);
  });
});

it("keeps inventories as data: liquor boards are not purchasable", async () => {
  const rows = await testDb.db.select().from(inventories).where(eq(inventories.channelKind, "LIQUOR_BOARD"));
  expect(rows.map((r) => [r.code, r.purchasable])).toEqual(
    expect.arrayContaining([
      ["SAQ", false],
      ["LCBO", false],
    ]),
  );
});

describe("the cart page's summary, to the cent", () => {
  async function channelId(slug: string, code: InventoryCode): Promise<number> {
    const [row] = await testDb.db
      .select({ id: productInventories.id })
      .from(productInventories)
      .innerJoin(products, eq(products.id, productInventories.productId))
      .where(and(eq(products.slug, slug), eq(productInventories.inventoryCode, code)));
    if (!row) throw new Error(`no ${code} channel for ${slug}`);
    return row.id;
  }

  async function summaryOf(province: "QC" | "ON", lines: [string, InventoryCode, number][], taxMode: "IN" | "OUT" = "OUT") {
    const { ensureGuestId } = await import("~/session.server");
    const { guestId, setCookie } = await ensureGuestId(new Request("http://shop.test/"));
    for (const [slug, code, quantity] of lines) {
      const result = await addToCart(testDb.db, { guestId }, province, "fr-CA", {
        productInventoryId: await channelId(slug, code),
        quantity,
      });
      expect(result.ok).toBe(true);
    }
    const page = (await cartLoader(
      await routeArgs(testDb.db, "/shopping-cart", {
        preferences: { province, taxMode },
        init: { headers: { Cookie: setCookie.split(";")[0]! } },
      }),
    )) as unknown as { summary: Record<string, unknown>; blockers: string[] };
    return page;
  }

  // Hand-computed from the demo catalogue's prices (integer cents, half up, once per part).
  it("Quebec: GST and QST per part, the zero-rated food untaxed", async () => {
    // Clos des Briords 2022 IP 2975 (fee 601) × 12; Pithos Rosso 5000 × 2; rillettes 850 zero-rated.
    // Pay now taxable 7212 + 10000 = 17212 → GST 860.60 → 861, QST 1716.897 → 1717.
    // SAQ part 28488 → GST 1424.40 → 1424, QST 2841.678 → 2842.
    const page = await summaryOf("QC", [
      ["domaine-de-la-pepiere-muscadet-clos-des-briords-2022", "IP", 1],
      ["cos-pithos-rosso-2021", "MERCH_MTL", 2],
      ["la-belle-iloise-rillettes-de-sardines-60-g", "MERCH_MTL", 1],
    ]);
    expect(page.summary).toMatchObject({
      agencyFees: 7212,
      liquorBoardFees: 28488,
      boutique: 10850,
      gst: 2285,
      qst: 4559,
      hst: 0,
      payNow: 20640,
      payAtLiquorBoard: 32754,
      total: 53394,
      liquorBoardName: "SAQ",
    });
    expect(page.blockers).toEqual([]);
  });

  it("Ontario: HST per part, and shop alcohol without food is blocked", async () => {
    // Clos des Briords 2022 PI 3025 (fee 891) × 12 → agency 10692, LCBO part 2134 × 12 = 25608.
    // Saperavi 3300 × 2 + chips 550 (taxed: not a basic grocery) = 7150.
    // Pay now taxable 10692 + 7150 = 17842 → HST 2319.46 → 2319; LCBO part → HST 3329.04 → 3329.
    const page = await summaryOf("ON", [
      ["domaine-de-la-pepiere-muscadet-clos-des-briords-2022", "PI", 1],
      ["pheasant-s-tears-saperavi-2020", "MERCH_TORONTO", 2],
      ["covered-bridge-croustilles-au-sel-de-mer-170-g", "MERCH_TORONTO", 1],
    ]);
    expect(page.summary).toMatchObject({
      agencyFees: 10692,
      liquorBoardFees: 25608,
      boutique: 7150,
      gst: 0,
      qst: 0,
      hst: 5648,
      payNow: 20161,
      payAtLiquorBoard: 28937,
      total: 49098,
      liquorBoardName: "LCBO",
    });
    expect(page.blockers).toEqual([]);
    const alone = await summaryOf("ON", [["pheasant-s-tears-saperavi-2020", "MERCH_TORONTO", 1]]);
    expect(alone.blockers).toEqual(["alcohol-needs-food"]);
  });
});
