/**
 * Members' in-store tastings and allocations to members
 * (docs/decisions/049-member-tastings-and-allocations.md), through the staff pages' loaders and
 * actions as a browser without JavaScript posts them, and the cart and checkout functions:
 * - the staff pages answer not-found to guests and customers;
 * - a 5th tasting in a membership year is refused with its message and nothing written; a removal
 *   frees one; each record and removal is audited; the member's /account says what is left;
 * - the membership year's first and last days count in it, the renewal day starts the next one;
 * - concurrent records never pass 4 (on PostgreSQL only: PGlite has one connection, so its
 *   transactions never overlap and the race cannot happen there);
 * - an allocation saved on the product's staff page (version, 409, audit); a non-member's add
 *   refused, a member's accepted; a line added before the allocation keeps the cart from checkout.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditTrail } from "~/agency/audit.server";
import { addToCart, getCart, updateLineQuantity } from "~/cart/cart.server";
import { checkoutBlockers } from "~/cart/cart-rules";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { type Database, openDatabase } from "~/db/client.server";
import { branches, memberTastings, productInventories, products, subscriptions } from "~/db/schema";
import { shopDateOf } from "~/i18n/shop-time";
import { readMemberTastings, recordTasting } from "~/member-tastings/member-tastings.server";
import { loader as accountLoader } from "~/routes/account";
import { action as memberAction, loader as memberLoader } from "~/routes/agence.membre";
import { loader as membersLoader } from "~/routes/agence.membres";
import { action as productAction, loader as productStaffLoader } from "~/routes/agence.produit";
import { loader as productLoader } from "~/routes/product";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { startUserSession, verifyCredentials } from "~/users/users.server";
import { findCatalogueItem } from "../support/catalogue-items";
import { BASE_URL, routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { insertTestCustomer } from "../support/test-users";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("member-tastings"));

let testDb: TestDatabase;
let db: Database;
let staffCookie: string;
let memberCookie: string;
let staff: { id: number; email: string };
let memberId: number;

const [memberAccount, , staffAccount] = DEMO_ACCOUNTS;

async function sessionCookie(userId: number): Promise<string> {
  return (await startUserSession(db, new Request(`${BASE_URL}/`), userId)).split(";")[0]!;
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  await seedDemoAccounts(db, "development");
  const staffUser = await verifyCredentials(db, staffAccount!.email, staffAccount!.password);
  const member = await verifyCredentials(db, memberAccount!.email, memberAccount!.password);
  if (staffUser?.role !== "staff" || !member) throw new Error("demo logins missing");
  staff = staffUser;
  memberId = member.id;
  staffCookie = await sessionCookie(staffUser.id);
  memberCookie = await sessionCookie(member.id);
}, 120_000);
afterAll(async () => {
  await testDb?.close();
});

/** A loader's data, with a cookie (or none: a guest). */
async function get<T>(
  loader: (args: never) => Promise<T>,
  path: string,
  params: Record<string, string>,
  cookie: string | null,
): Promise<T> {
  return loader(await routeArgs(db, path, { params, init: { headers: cookie ? { Cookie: cookie } : {} } }));
}

type ActionBody = {
  form: string;
  result: { error?: Record<string, string[] | null> };
  values?: Record<string, string | number>;
  conflict?: { version: number; differences: { field: string; current: string; yours: string }[] };
} | null;

/** An action's answer: a redirect's status and Location, or the data's status and body. */
async function post(
  action: (args: never) => Promise<unknown>,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string>,
  cookie: string | null = staffCookie,
): Promise<{ status: number; location: string | null; body: ActionBody }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const args = await routeArgs(db, path, { params, init: { method: "POST", body, headers: cookie ? { Cookie: cookie } : {} } });
  try {
    const answer = (await action(args)) as { type?: string; init?: { status?: number }; data?: unknown };
    if (answer?.type === "DataWithResponseInit")
      return { status: answer.init?.status ?? 200, location: null, body: answer.data as ActionBody };
    return { status: 200, location: null, body: answer as ActionBody };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    const data = thrown as { type?: string; init?: { status?: number } };
    if (data?.type === "DataWithResponseInit") return { status: data.init?.status ?? 200, location: null, body: null };
    throw thrown;
  }
}

/** A new Quebec customer holding a membership whose paid period ends at `periodEnd`. */
async function newMember(periodEnd: Date): Promise<{ userId: number; subscriptionId: number }> {
  const userId = await insertTestCustomer(db);
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, planCode: "MEMBERSHIP", status: "ACTIVE", paymentProvider: "simulated", currentPeriodEnd: periodEnd })
    .returning({ id: subscriptions.id });
  return { userId, subscriptionId: row!.id };
}

const DAY = 86_400_000;
const today = () => shopDateOf(new Date());
const daysFromToday = (days: number) => shopDateOf(new Date(Date.now() + days * DAY));

describe("the staff's member pages", () => {
  it("answer not-found to a guest and to a customer, and for a user who is not a customer", async () => {
    const path = `/agence/membres/${memberId}`;
    for (const cookie of [null, memberCookie]) {
      expect((await thrownResponse(() => get(membersLoader, "/agence/membres", {}, cookie))).status).toBe(404);
      expect((await thrownResponse(() => get(memberLoader, path, { userId: String(memberId) }, cookie))).status).toBe(404);
      const posted = await post(
        memberAction,
        path,
        { userId: String(memberId) },
        { intent: "record", tastedOn: today(), storeCode: "STORE_MTL" },
        cookie,
      );
      expect(posted.status).toBe(404);
    }
    expect(
      (await thrownResponse(() => get(memberLoader, `/agence/membres/${staff.id}`, { userId: String(staff.id) }, staffCookie))).status,
    ).toBe(404);
    expect((await thrownResponse(() => get(memberLoader, "/agence/membres/abc", { userId: "abc" }, staffCookie))).status).toBe(404);
    expect(await db.select().from(memberTastings)).toEqual([]);
  });

  it("list the members found by name (accents ignored) or e-mail, not the other customers", async () => {
    const found = await get(membersLoader, "/agence/membres?q=TREMBLAY", {}, staffCookie);
    expect(found.members.map((m) => m.email)).toEqual([memberAccount!.email]);
    const nonMember = DEMO_ACCOUNTS[1]!;
    const none = await get(membersLoader, `/agence/membres?q=${encodeURIComponent(nonMember.email)}`, {}, staffCookie);
    expect(none.members).toEqual([]);
  });
});

describe("recording tastings", () => {
  it("records 4 in a membership year, refuses the 5th with its message, and a removal frees one; all audited", async () => {
    const { userId } = await newMember(new Date(Date.now() + 200 * DAY));
    const path = `/agence/membres/${userId}`;
    const params = { userId: String(userId) };
    for (const [i, store] of (["STORE_MTL", "STORE_QC", "STORE_TORONTO", "STORE_MTL"] as const).entries()) {
      const recorded = await post(memberAction, path, params, {
        intent: "record",
        tastedOn: daysFromToday(-i),
        storeCode: store,
        withGuest: "on",
      });
      expect(recorded).toMatchObject({ status: 303, location: `${path}?done=recorded` });
    }
    const fifth = await post(memberAction, path, params, { intent: "record", tastedOn: today(), storeCode: "STORE_MTL" });
    expect(fifth.status).toBe(400);
    expect(fifth.body?.result.error?.[""]).toEqual(["memberTastings.errors.limit"]);
    expect(fifth.body?.values).toEqual({ count: 4 });

    const page = await get(memberLoader, path, params, staffCookie);
    expect(page.tastings).toMatchObject({ allowed: 4, used: 4, left: 0 });
    expect(page.tastings!.tastings.map((t) => t.storeCode).sort()).toEqual(["STORE_MTL", "STORE_MTL", "STORE_QC", "STORE_TORONTO"]);
    expect(page.tastings!.tastings.every((t) => t.withGuest)).toBe(true);

    const removed = await post(memberAction, path, params, { intent: "remove", tastingId: String(page.tastings!.tastings[0]!.id) });
    expect(removed).toMatchObject({ status: 303, location: `${path}?done=removed` });
    const again = await post(memberAction, path, params, { intent: "remove", tastingId: String(page.tastings!.tastings[0]!.id) });
    expect(again.status).toBe(409);
    expect(again.body?.result.error?.[""]).toEqual(["memberTastings.errors.gone"]);
    expect((await get(memberLoader, path, params, staffCookie)).tastings).toMatchObject({ used: 3, left: 1 });

    const trail = await auditTrail(db, "member", userId);
    expect(trail.map((row) => row.action).sort()).toEqual([...Array(4).fill("member.tastingRecorded"), "member.tastingRemoved"].sort());
    expect(trail.every((row) => row.actorEmail === staff.email)).toBe(true);
  });

  it("shows the member on /account how many are left and the days used", async () => {
    const path = `/agence/membres/${memberId}`;
    const params = { userId: String(memberId) };
    expect((await get(accountLoader, "/account", {}, memberCookie)).tastings).toMatchObject({ allowed: 4, left: 4, tastings: [] });
    await post(memberAction, path, params, { intent: "record", tastedOn: today(), storeCode: "STORE_QC" });
    const account = await get(accountLoader, "/account", {}, memberCookie);
    expect(account.tastings).toMatchObject({
      allowed: 4,
      left: 3,
      tastings: [{ tastedOn: today(), storeCode: "STORE_QC", withGuest: false }],
    });
  });

  it("refuses an invalid form, a day after today, a day before the membership year and a customer who is not a member; nothing written", async () => {
    const { userId } = await newMember(new Date(Date.now() + 100 * DAY));
    const path = `/agence/membres/${userId}`;
    const params = { userId: String(userId) };
    const missing = await post(memberAction, path, params, { intent: "record", tastedOn: "2026-02-30", storeCode: "SAQ" });
    expect(missing.status).toBe(400);
    expect(missing.body?.result.error).toMatchObject({
      tastedOn: ["memberTastings.errors.day"],
      storeCode: ["memberTastings.errors.store"],
    });
    const future = await post(memberAction, path, params, { intent: "record", tastedOn: daysFromToday(2), storeCode: "STORE_MTL" });
    expect(future.body?.result.error?.[""]).toEqual(["memberTastings.errors.future"]);
    // The year started 265 days ago.
    const before = await post(memberAction, path, params, { intent: "record", tastedOn: daysFromToday(-300), storeCode: "STORE_MTL" });
    expect(before.status).toBe(400);
    expect(before.body?.result.error?.[""]).toEqual(["memberTastings.errors.outsideYear"]);
    expect(before.body?.values).toHaveProperty("from");

    const customer = await insertTestCustomer(db);
    const refused = await post(
      memberAction,
      `/agence/membres/${customer}`,
      { userId: String(customer) },
      { intent: "record", tastedOn: today(), storeCode: "STORE_MTL" },
    );
    expect(refused.body?.result.error?.[""]).toEqual(["memberTastings.errors.notMember"]);
    expect((await get(memberLoader, `/agence/membres/${customer}`, { userId: String(customer) }, staffCookie)).tastings).toBeNull();
    expect((await get(accountLoader, "/account", {}, await sessionCookie(customer))).tastings).toBeNull();
    expect((await readMemberTastings(db, userId))?.used).toBe(0);
  });

  it("counts the membership year's first and last days in it; the renewal day ends the year, the next day starts one with 4 again", async () => {
    // Paid until 2027-03-15 at 11:00 in Montréal: the year runs from 2026-03-16 to 2027-03-15.
    const { userId, subscriptionId } = await newMember(new Date("2027-03-15T15:00:00Z"));
    const on = (day: string) => new Date(`${day}T18:00:00Z`);
    const record = (day: string, now = on(day)) =>
      recordTasting(db, staff, userId, { tastedOn: day, storeCode: "STORE_MTL", withGuest: false }, now);
    expect(await record("2026-03-15", on("2026-06-01"))).toEqual({
      kind: "outsideYear",
      year: { firstDay: "2026-03-16", lastDay: "2027-03-15" },
    });
    expect(await record("2026-03-16")).toMatchObject({ kind: "recorded", left: 3 });
    expect(await record("2026-09-01")).toMatchObject({ kind: "recorded", left: 2 });
    expect(await record("2026-12-31")).toMatchObject({ kind: "recorded", left: 1 });
    // The period end's day, in the morning, before its end: still the year's.
    const morning = new Date("2027-03-15T13:00:00Z");
    expect(await record("2027-03-15", morning)).toMatchObject({ kind: "recorded", left: 0 });
    expect(await record("2027-03-15", morning)).toEqual({ kind: "limit", allowed: 4 });

    // Renewed: Stripe moves the period end one year on. The rest of the renewal day still ends the
    // old year; the next day starts the new one.
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date("2028-03-15T15:00:00Z") })
      .where(eq(subscriptions.id, subscriptionId));
    expect((await readMemberTastings(db, userId, on("2027-03-15")))?.left).toBe(0);
    expect((await readMemberTastings(db, userId, on("2027-03-16")))?.left).toBe(4);
    expect(await record("2027-03-16")).toMatchObject({ kind: "recorded", left: 3 });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "never records a 5th when staff record at once from several processes (PostgreSQL: concurrent transactions)",
    async () => {
      const { userId } = await newMember(new Date(Date.now() + 100 * DAY));
      const record = (handle: Database) =>
        recordTasting(handle, staff, userId, { tastedOn: today(), storeCode: "STORE_QC", withGuest: true });
      await record(db);
      await record(db);
      const other = await openDatabase({ url: testDb.url! });
      const blocker = await openDatabase({ url: testDb.url! });
      try {
        // Another session holds the audit table, so every record that gets past its count waits
        // at its audit row with its tasting inserted: without the subscription's lock, all six
        // would count 2 and insert; with it, one waits there and the five others at the lock.
        let locked!: () => void;
        let release!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const released = new Promise<void>((resolve) => (release = resolve));
        const holding = blocker.db.transaction(async (tx) => {
          await tx.execute(sql`lock table audit_log in exclusive mode`);
          locked();
          await released;
        });
        await isLocked;
        // Six at once for the 3rd and 4th places, half from another process's pool.
        const outcomes = Promise.all(Array.from({ length: 6 }, (_, i) => record(i % 2 ? other.db : db)));
        await expect
          .poll(
            async () => {
              const waiting = (await db.execute(
                sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
              )) as { rows: { n: number }[] };
              return waiting.rows[0]!.n;
            },
            { timeout: 10_000 },
          )
          .toBe(6);
        release();
        await holding;
        const results = await outcomes;
        expect(results.filter((o) => o.kind === "recorded")).toHaveLength(2);
        expect(results.filter((o) => o.kind === "limit")).toHaveLength(4);
        expect((await readMemberTastings(db, userId))?.used).toBe(4);
        expect((await auditTrail(db, "member", userId)).filter((r) => r.action === "member.tastingRecorded")).toHaveLength(4);
      } finally {
        await other.close();
        await blocker.close();
      }
    },
  );
});

describe("allocations to members", () => {
  it("saves the period on the product's staff page with its version, refuses a bad or stale form, and audits the change", async () => {
    const [product] = await db.select().from(products).orderBy(products.id).limit(1);
    const path = `/agence/produits/${product!.puid}`;
    const params = { puid: product!.puid };
    const form = (fields: Record<string, string>) => ({ intent: "allocation", version: String(product!.version), ...fields });

    const oneDay = await post(productAction, path, params, form({ membersOnlyFrom: "2026-12-01" }));
    expect(oneDay.status).toBe(400);
    expect(oneDay.body?.result.error?.membersOnlyUntil).toEqual(["catalogueEditing.errors.allocationBothDays"]);
    const backwards = await post(productAction, path, params, form({ membersOnlyFrom: "2026-12-10", membersOnlyUntil: "2026-12-01" }));
    expect(backwards.body?.result.error?.membersOnlyUntil).toEqual(["catalogueEditing.errors.allocationOrder"]);

    const saved = await post(productAction, path, params, form({ membersOnlyFrom: "2026-12-01", membersOnlyUntil: "2026-12-24" }));
    expect(saved).toMatchObject({ status: 303, location: `${path}?done=allocationSaved` });
    const page = await get(productStaffLoader, path, params, staffCookie);
    expect(page.product.allocation).toEqual({ membersOnlyFrom: "2026-12-01", membersOnlyUntil: "2026-12-24" });
    expect(page.product.version).toBe(product!.version + 1);

    const stale = await post(productAction, path, params, form({ membersOnlyFrom: "", membersOnlyUntil: "" }));
    expect(stale.status).toBe(409);
    expect(stale.body?.conflict?.differences).toEqual([
      { field: "membersOnlyFrom", current: "2026-12-01", yours: "" },
      { field: "membersOnlyUntil", current: "2026-12-24", yours: "" },
    ]);
    const [after] = await db.select().from(products).where(eq(products.id, product!.id));
    expect(after).toMatchObject({ membersOnlyFrom: "2026-12-01", membersOnlyUntil: "2026-12-24" });

    const ended = await post(productAction, path, params, { intent: "allocation", version: String(product!.version + 1) });
    expect(ended.status).toBe(303);
    const trail = (await auditTrail(db, "product", product!.id)).filter((row) => row.action === "product.allocationChanged");
    expect(trail.map((row) => row.after)).toEqual([
      { membersOnlyFrom: null, membersOnlyUntil: null, version: product!.version + 2 },
      { membersOnlyFrom: "2026-12-01", membersOnlyUntil: "2026-12-24", version: product!.version + 1 },
    ]);
  });

  it("refuses a non-member's add (guest or customer) during the period and accepts a member's; the product page says so", async () => {
    const item = await findCatalogueItem(db, "IP", "AVAILABLE", { minCases: 5 });
    const [row] = await db
      .select({ productId: productInventories.productId })
      .from(productInventories)
      .where(eq(productInventories.id, item.id));
    await db
      .update(products)
      .set({ membersOnlyFrom: daysFromToday(-1), membersOnlyUntil: daysFromToday(10) })
      .where(eq(products.id, row!.productId));
    const add = (owner: { guestId: string } | { customerId: number }) =>
      addToCart(db, owner, "QC", "fr-CA", { productInventoryId: item.id, quantity: 1 });

    const guest = { guestId: crypto.randomUUID() };
    expect(await add(guest)).toMatchObject({ ok: false, error: "members-only" });
    const customer = { customerId: await insertTestCustomer(db) };
    expect(await add(customer)).toMatchObject({ ok: false, error: "members-only" });
    expect(await getCart(db, customer, "QC", "fr-CA")).toBeNull();
    const member = await add({ customerId: memberId });
    expect(member.ok).toBe(true);
    expect(member.cart?.lines.find((l) => l.productInventoryId === item.id)).toMatchObject({ quantity: 1, membersOnlyUntil: null });

    const [slug] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, row!.productId));
    const seenByGuest = await get(productLoader, `/products/${slug!.slug}`, { slug: slug!.slug }, null);
    expect(seenByGuest).toMatchObject({ isMember: false, membersOnlyUntil: daysFromToday(10) });
    const seenByMember = await get(productLoader, `/products/${slug!.slug}`, { slug: slug!.slug }, memberCookie);
    expect(seenByMember).toMatchObject({ isMember: true, membersOnlyUntil: daysFromToday(10) });

    // The day after the period, everyone adds it.
    await db
      .update(products)
      .set({ membersOnlyFrom: daysFromToday(-10), membersOnlyUntil: daysFromToday(-1) })
      .where(eq(products.id, row!.productId));
    expect((await add(guest)).ok).toBe(true);
    await db.update(products).set({ membersOnlyFrom: null, membersOnlyUntil: null }).where(eq(products.id, row!.productId));
  });

  it("keeps a line added before the period from checkout: the cart says why, a raise is refused, placing the order is refused", async () => {
    const item = await findCatalogueItem(db, "IP", "AVAILABLE", { minCases: 5 });
    const [row] = await db
      .select({ productId: productInventories.productId })
      .from(productInventories)
      .where(eq(productInventories.id, item.id));
    const owner = { customerId: await insertTestCustomer(db) };
    expect((await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: item.id, quantity: 2 })).ok).toBe(true);
    await db
      .update(products)
      .set({ membersOnlyFrom: today(), membersOnlyUntil: daysFromToday(5) })
      .where(eq(products.id, row!.productId));
    try {
      const cart = (await getCart(db, owner, "QC", "fr-CA"))!;
      expect(cart.lines[0]).toMatchObject({ productInventoryId: item.id, membersOnlyUntil: daysFromToday(5) });
      expect(checkoutBlockers(cart.lines)).toEqual(["members-only"]);

      const raise = await updateLineQuantity(db, owner, "QC", "fr-CA", {
        productInventoryId: item.id,
        quantity: 3,
        lockVersion: cart.lockVersion,
      });
      expect(raise).toMatchObject({ ok: false, error: "members-only" });
      const lower = await updateLineQuantity(db, owner, "QC", "fr-CA", {
        productInventoryId: item.id,
        quantity: 1,
        lockVersion: cart.lockVersion,
      });
      expect(lower.ok).toBe(true);

      const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC")).limit(1);
      await saveContact(db, cart.id, {
        intent: "contact",
        firstName: "Zoé",
        lastName: "Roy",
        email: "zoe.roy@example.com",
        phone: "514 555 0123",
      });
      expect(await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: branch!.id, boutiqueCode: null })).toBe(true);
      const version = (await getCart(db, owner, "QC", "fr-CA"))!.lockVersion;
      const placed = await placeOrder(db, { owner, province: "QC", locale: "fr-CA", lockVersion: version, paymentProvider: "simulated" });
      expect(placed).toEqual({ ok: false, error: "members-only" });
      const [stock] = await db
        .select({ quantity: productInventories.quantity })
        .from(productInventories)
        .where(and(eq(productInventories.id, item.id)));
      expect(stock!.quantity).toBe(item.stock);
    } finally {
      await db.update(products).set({ membersOnlyFrom: null, membersOnlyUntil: null }).where(eq(products.id, row!.productId));
    }
  });
});
