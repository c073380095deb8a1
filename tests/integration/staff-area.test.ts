/**
 * The agency's staff area (docs/product.md#staff-area roles; docs/product.md#staff-area "Staff screens live under
 * `/agence` and answer 404 to anyone else"): every page of the area — its loader and its action —
 * answers 404 to a guest and to a customer, the area's middleware refuses them before any page
 * runs, the users list is filtered by role and searched by name or e-mail, and the audit table
 * keeps who changed what. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditTrail, recordStaffChange } from "~/agency/audit.server";
import { agencyDashboard } from "~/agency/dashboard.server";
import { requireStaff, requireStaffChange, staffOnly, type StaffUser } from "~/agency/staff.server";
import { type ImportReport, LINE_OUTCOMES } from "~/db/import-report";
import { catalogueImports, outboxMessages, users } from "~/db/schema";
import { RATE_LIMITS } from "~/http/rate-limit.server";
import { enqueueMail, workOutbox } from "~/outbox/outbox.server";
import { action as outboxAction, loader as outboxLoader } from "~/routes/agence.envois";
import { loader as usersLoader } from "~/routes/agence.utilisateurs";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { registerCustomer, startUserSession, type User, verifyCredentials } from "~/users/users.server";
import { BASE_URL, routeArgs, shopRouterContext, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: this file's own data folder (session secret).
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cuvee-staff-area-test-"));
  process.env.OUTBOX_DIR = join(process.env.DATA_DIR, "outbox");
});

/** Every page module of the staff area, by file name. */
const STAFF_ROUTES = import.meta.glob<{ loader?: (args: never) => Promise<unknown>; action?: (args: never) => Promise<unknown> }>(
  "../../app/routes/agence*.tsx",
);

let testDb: TestDatabase;
let db: TestDatabase["db"];
type Visitor = { user: User | null; cookie: string | null };
let guest: Visitor;
let customer: Visitor;
let staff: Visitor & { user: StaffUser };

async function loggedIn(email: string, password: string): Promise<Visitor> {
  const user = await verifyCredentials(db, email, password);
  if (!user) throw new Error(`no demo login ${email}`);
  const setCookie = await startUserSession(db, new Request(`${BASE_URL}/`), user.id);
  return { user, cookie: setCookie.split(";")[0]! };
}

function requestOf(who: Visitor, path: string, init: RequestInit = {}): Request {
  return new Request(BASE_URL + path, { ...init, headers: { ...(who.cookie ? { Cookie: who.cookie } : {}), ...(init.headers ?? {}) } });
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "reference" });
  db = testDb.db;
  await seedDemoAccounts(db, "development");
  const [qc, , agency] = DEMO_ACCOUNTS;
  guest = { user: null, cookie: null };
  customer = await loggedIn(qc!.email, qc!.password);
  const staffLogin = await loggedIn(agency!.email, agency!.password);
  if (staffLogin.user?.role !== "staff") throw new Error("the demo staff login is not staff");
  staff = staffLogin as Visitor & { user: StaffUser };
});
afterAll(async () => {
  await testDb?.close();
});

describe("who may enter /agence", () => {
  it("requireStaff answers 404 (not 403, not a login redirect) to a guest and a customer, and the staff user to staff", async () => {
    expect(await thrownResponse(() => requireStaff(db, requestOf(guest, "/agence")))).toEqual({ status: 404, location: null });
    expect(await thrownResponse(() => requireStaff(db, requestOf(customer, "/agence")))).toEqual({ status: 404, location: null });
    expect((await requireStaff(db, requestOf(staff, "/agence"))).email).toBe(staff.user.email);
  });

  it("the area's middleware refuses before any page runs, and lets staff through", async () => {
    const next = vi.fn(async () => new Response("page"));
    for (const who of [guest, customer]) {
      const context = await shopRouterContext(db);
      const refused = await thrownResponse(async () => {
        await staffOnly({ request: requestOf(who, "/agence/commandes"), context, params: {} } as never, next);
      });
      expect(refused.status).toBe(404);
    }
    expect(next).not.toHaveBeenCalled();
    const context = await shopRouterContext(db);
    await staffOnly({ request: requestOf(staff, "/agence/commandes"), context, params: {} } as never, next);
    expect(next).toHaveBeenCalledOnce();
  });

  it("a staff change is limited per staff user, and a visitor who is not staff gets 404 before any 429", async () => {
    for (let i = 0; i <= RATE_LIMITS.staff.points; i += 1) {
      expect((await thrownResponse(() => requireStaffChange(db, requestOf(customer, "/agence/commandes/CUV-000001")))).status).toBe(404);
    }
    for (let i = 0; i < RATE_LIMITS.staff.points; i += 1) await requireStaffChange(db, requestOf(staff, "/agence/commandes/CUV-000001"));
    expect((await thrownResponse(() => requireStaffChange(db, requestOf(staff, "/agence/commandes/CUV-000001")))).status).toBe(429);
  });

  const files = Object.keys(STAFF_ROUTES).filter((file) => !file.endsWith("/agence.tsx"));
  it("finds the area's pages", () => {
    expect(files.map((f) => f.split("/").pop())).toEqual(
      expect.arrayContaining([
        "agence._index.tsx",
        "agence.reservations.tsx",
        "agence.commandes.tsx",
        "agence.commande.tsx",
        "agence.import.tsx",
        "agence.utilisateurs.tsx",
        "agence.envois.tsx",
      ]),
    );
  });

  it.each(files)("%s answers 404 to a guest and to a customer, on GET and on POST", async (file) => {
    const page = await STAFF_ROUTES[file]!();
    const params = { orderNumber: "CUV-000001" };
    for (const who of [guest, customer]) {
      if (page.loader) {
        const args = await routeArgs(db, "/agence/x", { params, init: { headers: who.cookie ? { Cookie: who.cookie } : {} } });
        expect((await thrownResponse(() => page.loader!(args))).status).toBe(404);
      }
      if (page.action) {
        const body = new FormData();
        body.set("intent", "x");
        const args = await routeArgs(db, "/agence/x", {
          params,
          init: { method: "POST", body, headers: who.cookie ? { Cookie: who.cookie } : {} },
        });
        expect((await thrownResponse(() => page.action!(args))).status).toBe(404);
      }
    }
  });
});

describe("the users list", () => {
  async function usersPage(query: string) {
    const args = await routeArgs(db, `/agence/utilisateurs${query}`, { init: { headers: { Cookie: staff.cookie! } } });
    return usersLoader(args);
  }

  it("shows customers and staff, filtered by role, searched in names or e-mail, never a password hash", async () => {
    const all = await usersPage("");
    expect(all.users.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    expect((await usersPage("?role=staff")).users.map((u) => u.role)).toEqual(["staff"]);
    expect((await usersPage("?role=customer")).users.map((u) => u.email)).toEqual([
      "abonne.on@demo.cuvee.test",
      "client.on@demo.cuvee.test",
      "client.qc@demo.cuvee.test",
    ]);
    expect((await usersPage("?q=tremblay")).users.map((u) => u.firstName)).toEqual(["Camille"]);
    expect((await usersPage("?q=CLIENT.ON")).users.map((u) => u.lastName)).toEqual(["Smith"]);
    // An unknown role is ignored rather than refused; a search with nothing found is an empty list.
    expect((await usersPage("?role=admin")).filter.role).toBeNull();
    expect((await usersPage("?q=personne")).users).toEqual([]);
    expect(Object.keys(all.users[0]!)).not.toContain("passwordHash");
  });
});

describe("the audit table", () => {
  it("keeps who changed what, before and after, dates as ISO strings, newest first", async () => {
    const at = new Date("2026-11-20T15:00:00Z");
    await recordStaffChange(db, {
      actor: staff.user,
      action: "order.pickedUp",
      entity: "order",
      entityId: 77,
      before: { fulfilmentStatus: "READY_FOR_PICKUP", pickedUpAt: null },
      after: { fulfilmentStatus: "PICKED_UP", pickedUpAt: at },
      now: at,
    });
    await recordStaffChange(db, {
      actor: staff.user,
      action: "order.refunded",
      entity: "order",
      entityId: 77,
      before: null,
      after: { status: "REFUNDED" },
      now: new Date(at.getTime() + 1000),
    });
    const trail = await auditTrail(db, "order", 77);
    expect(trail.map((r) => r.action)).toEqual(["order.refunded", "order.pickedUp"]);
    expect(trail[1]).toMatchObject({
      actorId: staff.user.id,
      actorEmail: staff.user.email,
      entityId: "77",
      before: { fulfilmentStatus: "READY_FOR_PICKUP", pickedUpAt: null },
      after: { fulfilmentStatus: "PICKED_UP", pickedUpAt: "2026-11-20T15:00:00.000Z" },
    });
    expect(await auditTrail(db, "order", 78)).toEqual([]);
  });
});

describe("the staff's home", () => {
  it("counts nothing on an empty shop, then shows the last applied catalogue import", async () => {
    const empty = await agencyDashboard(db);
    expect(empty).toEqual({
      reservationsRequested: 0,
      reservationsAvailable: 0,
      ordersToHandle: 0,
      followUpsOverdue: 0,
      outboxFailed: 0,
      outboxDead: 0,
      lastImportAt: null,
    });
    const appliedAt = new Date("2026-11-21T10:00:00Z");
    const report: ImportReport = {
      lines: 0,
      counts: Object.fromEntries(LINE_OUTCOMES.map((o) => [o, 0])) as ImportReport["counts"],
      newProducts: 0,
      fileErrors: [],
      shown: [],
      notShown: 0,
      fingerprint: "",
    };
    await db.insert(catalogueImports).values([
      { fileName: "a.csv", csv: "", status: "APPLIED", report, appliedAt },
      { fileName: "b.csv", csv: "", status: "CHECKED", report },
    ]);
    expect((await agencyDashboard(db)).lastImportAt).toBe(appliedAt.toISOString());
  });
});

describe("the messages the outbox could not send (/agence/envois, decision 027)", () => {
  it("counts them on the home, lists them with their last error, and resends one (303, audited); a sent one is a conflict (409)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // A staff user of its own: the one above spent its rate limit.
    const desk = await registerCustomer(db, {
      firstName: "Dana",
      lastName: "Desk",
      email: "desk@cuvee.test",
      password: "a long desk password",
      province: "QC",
      locale: "fr-CA",
    });
    if (desk === "email-taken") throw new Error("taken");
    await db.update(users).set({ role: "staff" }).where(eq(users.id, desk.id));
    const cookie = (await startUserSession(db, new Request(`${BASE_URL}/`), desk.id)).split(";")[0]!;

    const failing = (await enqueueMail(db, { to: "zoe@example.com", subject: "Votre commande", text: "…", tag: "order-X-confirmation" }))!;
    await workOutbox(db, {
      email: () => Promise.reject(Object.assign(new Error("refused"), { code: "ECONNECTION" })),
      "mailchimp-subscribe": async () => {},
    });
    await db.update(outboxMessages).set({ status: "DEAD" }).where(eq(outboxMessages.id, failing));
    expect(await agencyDashboard(db)).toMatchObject({ outboxFailed: 0, outboxDead: 1 });

    const page = await outboxLoader(await routeArgs(db, "/agence/envois", { init: { headers: { Cookie: cookie } } }));
    expect(page.counts).toEqual({ failed: 0, dead: 1 });
    expect(page.messages).toEqual([
      expect.objectContaining({
        id: failing,
        status: "DEAD",
        kind: "email",
        recipient: "zoe@example.com",
        subject: "Votre commande",
        attempts: 1,
        lastError: "Error ECONNECTION",
      }),
    ]);

    const resend = async (messageId: string) => {
      const body = new URLSearchParams({ intent: "resend", messageId });
      const init = { method: "POST", body, headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } };
      try {
        return (await outboxAction(await routeArgs(db, "/agence/envois", { init }))) as unknown as { init?: { status?: number } };
      } catch (thrown) {
        if (thrown instanceof Response) return { init: { status: thrown.status } };
        throw thrown;
      }
    };
    expect((await resend(String(failing))).init?.status).toBe(303);
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, failing));
    expect(row).toMatchObject({ status: "PENDING", attempts: 0 });
    const [audit] = await auditTrail(db, "outbox_message", failing);
    expect(audit).toMatchObject({
      action: "outbox.resent",
      actorEmail: "desk@cuvee.test",
      before: { status: "DEAD", attempts: 1, lastError: "Error ECONNECTION" },
    });
    expect((await resend(String(failing))).init?.status).toBe(409);
    expect((await resend("abc")).init?.status).toBe(400);
    expect((await resend("999999")).init?.status).toBe(404);
    expect(await auditTrail(db, "outbox_message", failing)).toHaveLength(1);
  });
});
