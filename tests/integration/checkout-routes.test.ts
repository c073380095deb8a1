/**
 * The checkout page's loader and action as a browser uses them (docs/product.md#checkout): steps
 * that cannot be skipped, step 1 validation with conform replies (i18n keys, values kept, the
 * password never echoed), the phone stored as E.164, step 2's branch rules and the branch search.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "~/cart/cart.server";
import { branches, checkouts, productInventories, products } from "~/db/schema";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { ensureGuestId } from "~/session.server";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: this file's own data folder (session secret).
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cuvee-checkout-routes-test-"));
  process.env.OUTBOX_DIR = join(process.env.DATA_DIR, "outbox");
});

let testDb: TestDatabase;
let db: TestDatabase["db"];
let privateImportId: number;
let qcBranchId: number;
let onBranchId: number;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  const [channel] = await db
    .select({ id: productInventories.id })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .where(
      and(
        eq(productInventories.inventoryCode, "IP"),
        eq(productInventories.availabilityStatus, "AVAILABLE"),
        gte(productInventories.quantity, sql`5 * ${products.uvc}`),
      ),
    )
    .limit(1);
  if (!channel) throw new Error("demo catalogue has no available private-import item with 5 cases");
  privateImportId = channel.id;
  const [qc] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC")).limit(1);
  const [on] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "ON")).limit(1);
  qcBranchId = qc!.id;
  onBranchId = on!.id;
});
afterAll(() => testDb?.close());

type Reply = {
  status?: string;
  initialValue?: Record<string, unknown>;
  error?: Record<string, string[] | null> | null;
};
type ActionData = {
  type?: string;
  data: { intent: string | null; result?: Reply; error?: string };
  init?: { status?: number; headers?: unknown } | null;
};

/** A guest with a session cookie and a private-import case in the QC cart. */
async function guestWithCart(): Promise<{ guestId: string; cookie: string; cartId: number }> {
  const { guestId, setCookie } = await ensureGuestId(new Request("http://shop.test/"));
  const added = await addToCart(db, { guestId }, "QC", "fr-CA", { productInventoryId: privateImportId, quantity: 1 });
  if (!added.ok) throw new Error(`addToCart refused: ${added.error}`);
  return { guestId, cookie: setCookie.split(";")[0]!, cartId: added.cart.id };
}

const load = async (cookie: string, path: string) => checkoutLoader(await routeArgs(db, path, { init: { headers: { Cookie: cookie } } }));

const post = async (cookie: string, fields: Record<string, string>) =>
  checkoutAction(
    await routeArgs(db, "/checkout", {
      init: {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      },
    }),
  );

/** Runs an action expected to answer with data (not a redirect). */
async function postForData(cookie: string, fields: Record<string, string>): Promise<ActionData> {
  return (await post(cookie, fields)) as unknown as ActionData;
}

const validContact = {
  intent: "contact",
  firstName: "Zoé",
  lastName: "Roy",
  email: "Zoe.Roy@Example.com",
  phone: "514 555 0123",
};

async function answerContact(cookie: string) {
  const answer = await thrownResponse(() => post(cookie, validContact));
  expect(answer).toEqual({ status: 303, location: "/checkout?step=2" });
}

describe("the steps", () => {
  it("sends a shopper who opens step 2 or 3 before answering step 1 back to step 1", async () => {
    const { cookie } = await guestWithCart();
    expect(await thrownResponse(() => load(cookie, "/checkout?step=2"))).toEqual({ status: 302, location: "/checkout?step=1" });
    expect(await thrownResponse(() => load(cookie, "/checkout?step=3"))).toEqual({ status: 302, location: "/checkout?step=1" });
    const page = (await load(cookie, "/checkout?step=1")) as unknown as { step: number; lines: unknown[] };
    expect(page.step).toBe(1);
    expect(page.lines).toHaveLength(1);
  });

  it("sends a visitor without a cart to the empty-cart page", async () => {
    expect(await thrownResponse(() => load("", "/checkout"))).toEqual({ status: 302, location: "/shopping-cart-empty" });
  });

  it("opens step 3 only once step 2 is answered", async () => {
    const { cookie } = await guestWithCart();
    await answerContact(cookie);
    expect(await thrownResponse(() => load(cookie, "/checkout?step=3"))).toEqual({ status: 302, location: "/checkout?step=2" });
  });
});

describe("step 1, personal information", () => {
  it("answers 400 with a message key per empty field and saves nothing", async () => {
    const { cookie, cartId } = await guestWithCart();
    const answer = await postForData(cookie, { intent: "contact", firstName: "", lastName: "  ", email: "", phone: "" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.intent).toBe("contact");
    expect(answer.data.result?.error).toMatchObject({
      firstName: ["checkout.errors.firstNameRequired"],
      lastName: ["checkout.errors.lastNameRequired"],
      email: ["checkout.errors.emailRequired"],
      phone: ["checkout.errors.phoneRequired"],
    });
    expect(await db.select().from(checkouts).where(eq(checkouts.cartId, cartId))).toEqual([]);
    expect(await thrownResponse(() => load(cookie, "/checkout?step=2"))).toMatchObject({ location: "/checkout?step=1" });
  });

  it("refuses a phone number that is not a Canadian number and keeps what was typed", async () => {
    const { cookie, cartId } = await guestWithCart();
    const answer = await postForData(cookie, { ...validContact, phone: "123" });
    expect(answer.init?.status).toBe(400);
    const errors = Object.fromEntries(Object.entries(answer.data.result?.error ?? {}).filter(([, v]) => v && v.length > 0));
    expect(errors).toEqual({ phone: ["checkout.errors.phoneInvalid"] });
    expect(answer.data.result?.initialValue).toMatchObject({
      firstName: "Zoé",
      lastName: "Roy",
      email: "Zoe.Roy@Example.com",
      phone: "123",
    });
    expect(await db.select().from(checkouts).where(eq(checkouts.cartId, cartId))).toEqual([]);
  });

  it("never echoes the password back, even when the form is refused", async () => {
    const { cookie } = await guestWithCart();
    const answer = await postForData(cookie, { ...validContact, createAccount: "on", password: "short" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result?.error?.password).toEqual(["checkout.errors.passwordTooShort"]);
    expect(answer.data.result?.initialValue).toMatchObject({ firstName: "Zoé" });
    expect(answer.data.result?.initialValue).not.toHaveProperty("password");
    expect(JSON.stringify(answer.data)).not.toContain("short");
  });

  it("saves a valid contact, stores the phone as E.164 and opens step 2", async () => {
    const { cookie, cartId } = await guestWithCart();
    const response = await post(cookie, validContact).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(response).toBeInstanceOf(Response);
    expect(response!.status).toBe(303);
    expect(response!.headers.get("Location")).toBe("/checkout?step=2");
    expect(response!.headers.get("Set-Cookie")).toMatch(/session=/);

    const [row] = await db.select().from(checkouts).where(eq(checkouts.cartId, cartId));
    expect(row).toMatchObject({ step: 2, firstName: "Zoé", lastName: "Roy", email: "zoe.roy@example.com", phone: "+15145550123" });
    const page = (await load(cookie, "/checkout?step=2")) as unknown as { step: number; contact: { phone: string; email: string } };
    expect(page.step).toBe(2);
    // Shown back the way people write it.
    expect(page.contact).toMatchObject({ phone: "(514) 555-0123", email: "zoe.roy@example.com" });
  });
});

describe("step 2, delivery", () => {
  it("asks for a branch when the cart holds private import", async () => {
    const { cookie, guestId } = await guestWithCart();
    await answerContact(cookie);

    const missing = await postForData(cookie, { intent: "delivery" });
    expect(missing.init?.status).toBe(400);
    expect(missing.data.result?.error?.branchId).toEqual(["checkout.errors.branchRequired"]);

    const garbage = await postForData(cookie, { intent: "delivery", branchId: "abc" });
    expect(garbage.init?.status).toBe(400);
    expect(garbage.data.result?.error?.branchId).toEqual(["checkout.errors.branchRequired"]);

    // A branch of the other province is not a choice.
    const ontario = await postForData(cookie, { intent: "delivery", branchId: String(onBranchId) });
    expect(ontario.init?.status).toBe(400);
    expect(ontario.data.result?.error?.branchId).toEqual(["checkout.errors.branchNotFound"]);
    expect(await thrownResponse(() => load(cookie, "/checkout?step=3"))).toMatchObject({ location: "/checkout?step=2" });

    expect(await thrownResponse(() => post(cookie, { intent: "delivery", branchId: String(qcBranchId) }))).toEqual({
      status: 303,
      location: "/checkout?step=3",
    });
    const page = (await load(cookie, "/checkout?step=3")) as unknown as {
      step: number;
      branch: { id: number } | null;
      lockVersion: number;
    };
    expect(page.step).toBe(3);
    expect(page.branch?.id).toBe(qcBranchId);
    expect(page.lockVersion).toBe((await getCart(db, { guestId }, "QC", "fr-CA"))!.lockVersion);
  });

  it("refuses the delivery step before step 1 is answered", async () => {
    const { cookie, cartId } = await guestWithCart();
    expect(await thrownResponse(() => post(cookie, { intent: "delivery", branchId: String(qcBranchId) }))).toEqual({
      status: 303,
      location: "/checkout?step=1",
    });
    expect(await db.select().from(checkouts).where(eq(checkouts.cartId, cartId))).toEqual([]);
  });
});

describe("the branch search of step 2", () => {
  type Found = { id: number; name: string; city: string; postalCode: string };
  let cookie: string;

  beforeAll(async () => {
    ({ cookie } = await guestWithCart());
    await answerContact(cookie);
  });

  const search = async (q: string): Promise<Found[]> =>
    ((await load(cookie, `/checkout?step=2&q=${encodeURIComponent(q)}`)) as unknown as { branches: Found[] }).branches;

  it("finds the Montréal branches when the shopper types montreal, without the accent", async () => {
    const montreal = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.province, "QC"), eq(branches.city, "Montréal")));
    expect(montreal.length).toBeGreaterThan(1);
    const found = await search("montreal");
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((b) => b.city === "Montréal")).toBe(true);
    expect(found.map((b) => b.id).sort((a, b) => a - b)).toEqual(montreal.map((b) => b.id).sort((a, b) => a - b));
    expect(await search("MONTRÉAL")).toEqual(found);
  });

  it("finds a branch by postal code, with or without the space, in any case", async () => {
    const [known] = await db
      .select({ id: branches.id, postalCode: branches.postalCode })
      .from(branches)
      .where(and(eq(branches.province, "QC"), eq(branches.city, "Montréal")))
      .orderBy(branches.id)
      .limit(1);
    const code = known!.postalCode; // "A1A 1A1"
    const prefix = code.slice(0, 3);
    const byPrefix = await search(prefix);
    expect(byPrefix.map((b) => b.id)).toContain(known!.id);
    expect(byPrefix.every((b) => b.postalCode.startsWith(prefix))).toBe(true);
    for (const typed of [code, code.replace(" ", ""), code.toLowerCase().replace(" ", ""), ` ${code.toLowerCase()} `]) {
      expect(
        (await search(typed)).map((b) => b.id),
        typed,
      ).toEqual([known!.id]);
    }
  });

  it("finds nothing for text no branch holds, and no Ontario branch from Quebec", async () => {
    expect(await search("zzzz")).toEqual([]);
    expect(await search("Toronto")).toEqual([]);
  });

  it("lists every branch of the province when nothing is typed, and treats % and _ as text", async () => {
    const all = await search("");
    const quebec = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC"));
    expect(all).toHaveLength(quebec.length);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });
});
