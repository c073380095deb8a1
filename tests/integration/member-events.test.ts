/**
 * The members' private events (docs/decisions/050-member-events.md), through the staff pages'
 * loaders and actions and /account/events as a browser without JavaScript posts them: an event
 * created in Montréal time and audited, a refused form (400, values kept), a stale edit (409 with
 * the current values, nothing written), a capacity never exceeded by registrations made at once,
 * registering twice taking one seat, a cancellation freeing the seat, a non-member, a cancelled or
 * begun event refused with its message, another province's customers not seeing it, the CSV of
 * the registrations, and the staff pages closed to customers and guests.
 *
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. The concurrency test only proves the
 * lock on PostgreSQL: PGlite is one connection, so its transactions already run one at a time.
 */
import { parse } from "csv-parse/sync";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database } from "~/db/client.server";
import { auditLog, memberEventRegistrations, memberEvents, subscriptions, users } from "~/db/schema";
import { instantToShopLocal } from "~/i18n/shop-time";
import { registerForMemberEvent } from "~/member-events/member-events.server";
import { action as accountEventsAction, loader as accountEventsLoader } from "~/routes/account.events";
import { action as eventAction, loader as eventLoader } from "~/routes/agence.evenement";
import { loader as csvLoader } from "~/routes/agence.evenement-inscriptions";
import { action as newEventAction, loader as newEventLoader } from "~/routes/agence.evenement-nouveau";
import { loader as eventsLoader } from "~/routes/agence.evenements";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { startUserSession, verifyCredentials } from "~/users/users.server";
import type { Province } from "~/vocabulary";
import { BASE_URL, routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("member-events"));

let testDb: TestDatabase;
let db: Database;
let staffCookie: string;
/** The demo Quebec customer: a member. */
let memberCookie: string;
/** The demo Ontario customer: not a member. */
let ontarioCookie: string;

const DAY = 24 * 60 * 60 * 1000;
/** A date and time on the shop's clock, `days` from now. */
const inDays = (days: number) => instantToShopLocal(new Date(Date.now() + days * DAY));

let created = 0;
/** A new customer of `province`, a member or not, and their session cookie. */
async function newCustomer(province: Province, member: boolean): Promise<{ id: number; cookie: string }> {
  created += 1;
  const [row] = await db
    .insert(users)
    .values({
      province,
      locale: "fr-CA",
      firstName: `Membre${created}`,
      lastName: `Essai${created}`,
      email: `event-${created}-${crypto.randomUUID()}@example.com`,
      passwordHash: "none",
    })
    .returning({ id: users.id });
  if (member) {
    await db.insert(subscriptions).values({
      userId: row!.id,
      planCode: "MEMBERSHIP",
      status: "ACTIVE",
      paymentProvider: "simulated",
      currentPeriodEnd: new Date(Date.now() + 365 * DAY),
    });
  }
  const cookie = (await startUserSession(db, new Request(`${BASE_URL}/`), row!.id)).split(";")[0]!;
  return { id: row!.id, cookie };
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "reference" });
  db = testDb.db;
  await seedDemoAccounts(db, "development");
  const login = async (email: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
    const user = (await verifyCredentials(db, account.email, account.password))!;
    return (await startUserSession(db, new Request(`${BASE_URL}/`), user.id)).split(";")[0]!;
  };
  staffCookie = await login("agence@demo.cuvee.test");
  memberCookie = await login("client.qc@demo.cuvee.test");
  ontarioCookie = await login("client.on@demo.cuvee.test");
}, 120_000);

afterAll(async () => {
  await testDb?.close();
});

type Answer = { status: number; location: string | null; body: Record<string, unknown> | null };

/** A page's action as a browser without JavaScript posts it. */
async function post(
  action: (args: never) => Promise<unknown>,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string>,
  cookie: string | null,
): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const args = await routeArgs(db, path, { params, init: { method: "POST", body, headers } });
  try {
    const answer = (await action(args)) as { type?: string; init?: { status?: number }; data?: unknown };
    if (answer?.type === "DataWithResponseInit") return { status: answer.init?.status ?? 200, location: null, body: answer.data as never };
    return { status: 200, location: null, body: answer };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    const data = thrown as { type?: string; init?: { status?: number } };
    if (data?.type === "DataWithResponseInit") return { status: data.init?.status ?? 200, location: null, body: null };
    throw thrown;
  }
}

/** The editor's fields of an event. */
function eventFields(title: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    kind: "WINEMAKER",
    province: "QC",
    titleFr: `${title} (fr)`,
    titleEn: `${title} (en)`,
    descriptionFr: "Un 5 à 7 avec le vigneron.",
    descriptionEn: "An evening with the winemaker.",
    place: "Boutique Montréal",
    startsAt: inDays(30),
    capacity: "20",
    ...overrides,
  };
}

/** Creates an event through the new-event page; returns its id. */
async function createEvent(title: string, overrides: Record<string, string> = {}): Promise<number> {
  const answer = await post(newEventAction, "/agence/evenements/nouveau", {}, eventFields(title, overrides), staffCookie);
  expect(answer.status).toBe(303);
  const id = /\/agence\/evenements\/(\d+)\?done=created$/.exec(answer.location ?? "")?.[1];
  expect(id).toBeDefined();
  return Number(id);
}

async function staffPage(id: number, cookie: string | null = staffCookie) {
  return eventLoader(
    await routeArgs(db, `/agence/evenements/${id}`, { params: { id: String(id) }, init: { headers: cookie ? { Cookie: cookie } : {} } }),
  );
}

async function accountPage(cookie: string) {
  return accountEventsLoader(await routeArgs(db, "/account/events", { init: { headers: { Cookie: cookie } } }));
}

/** A member's register or cancel button. */
async function registration(cookie: string, intent: "register" | "unregister", eventId: number): Promise<Answer> {
  return post(accountEventsAction, "/account/events", {}, { intent, eventId: String(eventId) }, cookie);
}

async function seats(eventId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberEventRegistrations).where(eq(memberEventRegistrations.eventId, eventId));
  return Number(row!.n);
}

describe("staff's events", () => {
  it("creates an event at a Montréal date and time, audited, listed with its seats", async () => {
    const id = await createEvent("Soirée Pépière", { startsAt: "2030-07-01T17:30", capacity: "12" });
    const [row] = await db.select().from(memberEvents).where(eq(memberEvents.id, id));
    // 17:30 in Montréal in July (daylight time, UTC−4) is 21:30 UTC.
    expect(row!.startsAt.toISOString()).toBe("2030-07-01T21:30:00.000Z");
    expect(row).toMatchObject({ kind: "WINEMAKER", province: "QC", capacity: 12, version: 1, cancelledAt: null });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "memberEvent.created"), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ actorEmail: "agence@demo.cuvee.test", entity: "memberEvent" });
    expect(audit!.after).toMatchObject({ titleFr: "Soirée Pépière (fr)", capacity: 12, startsAt: "2030-07-01T21:30:00.000Z" });

    const page = await staffPage(id);
    expect(page.event.values).toMatchObject({ startsAt: "2030-07-01T17:30", capacity: "12", titleEn: "Soirée Pépière (en)" });
    const list = await eventsLoader(await routeArgs(db, "/agence/evenements", { init: { headers: { Cookie: staffCookie } } }));
    expect(list.rows.find((r) => r.id === id)).toMatchObject({ registered: 0, capacity: 12 });
  });

  it("refuses an invalid form with its field errors, values kept, nothing written", async () => {
    const [before] = await db.select({ n: count() }).from(memberEvents);
    const answer = await post(
      newEventAction,
      "/agence/evenements/nouveau",
      {},
      eventFields("Refusé", { capacity: "0", titleEn: "", startsAt: "2030-02-30T17:00" }),
      staffCookie,
    );
    expect(answer.status).toBe(400);
    const result = answer.body!.result as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(result.error.capacity).toEqual(["memberEvents.errors.capacity"]);
    expect(result.error.titleEn).toEqual(["memberEvents.errors.required"]);
    expect(result.error.startsAt).toEqual(["memberEvents.errors.startsAt"]);
    expect(result.initialValue.titleFr).toBe("Refusé (fr)");

    const past = await post(newEventAction, "/agence/evenements/nouveau", {}, eventFields("Passé", { startsAt: inDays(-1) }), staffCookie);
    expect(past.status).toBe(400);
    expect((past.body!.result as { error: Record<string, string[]> }).error.startsAt).toEqual(["memberEvents.errors.past"]);
    const [after] = await db.select({ n: count() }).from(memberEvents);
    expect(after!.n).toBe(before!.n);
  });

  it("answers a stale edit with 409 and the current values, writing nothing", async () => {
    const id = await createEvent("Arrivages");
    const loaded = (await staffPage(id)).event.version!;
    const first = await post(
      eventAction,
      `/agence/evenements/${id}`,
      { id: String(id) },
      { ...eventFields("Arrivages d’automne", { kind: "NEW_ARRIVALS" }), version: String(loaded) },
      staffCookie,
    );
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/agence/evenements/${id}?done=saved`);

    const stale = await post(
      eventAction,
      `/agence/evenements/${id}`,
      { id: String(id) },
      { ...eventFields("Mon titre"), version: String(loaded) },
      staffCookie,
    );
    expect(stale.status).toBe(409);
    const conflict = stale.body!.conflict as { version: number; differences: { field: string; current: string; yours: string }[] };
    expect(conflict.version).toBe(loaded + 1);
    expect(conflict.differences).toContainEqual({ field: "titleFr", current: "Arrivages d’automne (fr)", yours: "Mon titre (fr)" });
    expect(conflict.differences).toContainEqual({ field: "kind", current: "NEW_ARRIVALS", yours: "WINEMAKER" });
    const [row] = await db.select().from(memberEvents).where(eq(memberEvents.id, id));
    expect(row).toMatchObject({ titleFr: "Arrivages d’automne (fr)", version: loaded + 1 });
    const edits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "memberEvent.edited"), eq(auditLog.entityId, String(id))));
    expect(edits).toHaveLength(1);
    expect(edits[0]!.before).toMatchObject({ kind: "WINEMAKER", titleFr: "Arrivages (fr)", version: 1 });
    expect(edits[0]!.after).toMatchObject({ kind: "NEW_ARRIVALS", titleFr: "Arrivages d’automne (fr)", version: 2 });
  });

  it("never lowers the capacity below the seats taken", async () => {
    const id = await createEvent("Petit comité", { capacity: "5" });
    for (let i = 0; i < 2; i++) expect((await registration((await newCustomer("QC", true)).cookie, "register", id)).status).toBe(303);
    const version = (await staffPage(id)).event.version!;
    const answer = await post(
      eventAction,
      `/agence/evenements/${id}`,
      { id: String(id) },
      { ...eventFields("Petit comité", { capacity: "1" }), version: String(version) },
      staffCookie,
    );
    expect(answer.status).toBe(400);
    expect((answer.body!.result as { error: Record<string, string[]> }).error.capacity).toEqual(["memberEvents.errors.belowRegistered"]);
    expect(answer.body!.registered).toBe(2);
    const [row] = await db.select({ capacity: memberEvents.capacity }).from(memberEvents).where(eq(memberEvents.id, id));
    expect(row!.capacity).toBe(5);
  });

  it("cancels an event: audited, registrations closed, shown cancelled to those registered", async () => {
    const id = await createEvent("Exclusif", { kind: "EXCLUSIVE" });
    const registered = await newCustomer("QC", true);
    expect((await registration(registered.cookie, "register", id)).status).toBe(303);
    const version = (await staffPage(id)).event.version!;
    const cancelled = await post(
      eventAction,
      `/agence/evenements/${id}`,
      { id: String(id) },
      { intent: "cancel-event", version: String(version) },
      staffCookie,
    );
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`/agence/evenements/${id}?done=cancelled`);
    const again = await post(
      eventAction,
      `/agence/evenements/${id}`,
      { id: String(id) },
      { intent: "cancel-event", version: String(version) },
      staffCookie,
    );
    expect(again.status).toBe(409);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "memberEvent.edited"), eq(auditLog.entityId, String(id))));
    expect(audit!.before).toMatchObject({ cancelledAt: null });
    expect((audit!.after as { cancelledAt: string }).cancelledAt).toMatch(/^\d{4}-/);

    const other = await newCustomer("QC", true);
    const refused = await registration(other.cookie, "register", id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ eventId: id, message: "memberEvents.refusals.cancelled" });
    // The registered member still sees it, marked cancelled; another member no longer does.
    expect((await accountPage(registered.cookie)).events.find((e) => e.id === id)).toMatchObject({ registered: true });
    expect((await accountPage(registered.cookie)).events.find((e) => e.id === id)!.cancelledAt).not.toBeNull();
    expect((await accountPage(other.cookie)).events.some((e) => e.id === id)).toBe(false);
  });
});

describe("members' registrations", () => {
  it("a member registers (303 with a notice), twice takes one seat, and cancelling frees it", async () => {
    const id = await createEvent("5 à 7 Cos", { capacity: "1" });
    const page = await accountPage(memberCookie);
    expect(page.isMember).toBe(true);
    expect(page.events.find((e) => e.id === id)).toMatchObject({ seatsLeft: 1, registered: false, titleFr: "5 à 7 Cos (fr)" });

    const first = await registration(memberCookie, "register", id);
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/account/events?done=registered&event=${id}#event-${id}`);
    const twice = await registration(memberCookie, "register", id);
    expect(twice.status).toBe(303);
    expect(await seats(id)).toBe(1);
    const after = await accountEventsLoader(
      await routeArgs(db, `/account/events?done=registered&event=${id}`, { init: { headers: { Cookie: memberCookie } } }),
    );
    expect(after.done).toEqual({ kind: "registered", eventId: id });
    expect(after.events.find((e) => e.id === id)).toMatchObject({ seatsLeft: 0, registered: true });

    // Full: another member is refused with the message.
    const other = await newCustomer("QC", true);
    const full = await registration(other.cookie, "register", id);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ eventId: id, message: "memberEvents.refusals.full" });

    // Cancelling frees the seat for the other member.
    const cancel = await registration(memberCookie, "unregister", id);
    expect(cancel.status).toBe(303);
    expect(cancel.location).toBe(`/account/events?done=unregistered&event=${id}#event-${id}`);
    expect(await seats(id)).toBe(0);
    expect((await registration(other.cookie, "register", id)).status).toBe(303);
    expect(await seats(id)).toBe(1);
  });

  it("never registers beyond the capacity when members register at once", async () => {
    const id = await createEvent("Dernières places", { capacity: "3" });
    const members = await Promise.all(Array.from({ length: 10 }, () => newCustomer("QC", true)));
    const outcomes = await Promise.all(members.map((m) => registerForMemberEvent(db, { id: m.id, province: "QC" }, id)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok && o.reason === "full")).toHaveLength(7);
    expect(await seats(id)).toBe(3);
  });

  it("refuses a non-member with a clear message, and shows them no button", async () => {
    const id = await createEvent("Pour membres");
    const customer = await newCustomer("QC", false);
    const page = await accountPage(customer.cookie);
    expect(page.isMember).toBe(false);
    expect(page.events.some((e) => e.id === id)).toBe(true);
    const refused = await registration(customer.cookie, "register", id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ eventId: id, message: "memberEvents.refusals.notMember" });
    expect(await seats(id)).toBe(0);
  });

  it("refuses an event that has begun", async () => {
    const id = await createEvent("Commencé");
    await db
      .update(memberEvents)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(memberEvents.id, id));
    const refused = await registration(memberCookie, "register", id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ eventId: id, message: "memberEvents.refusals.past" });
    expect((await accountPage(memberCookie)).events.some((e) => e.id === id)).toBe(false);
  });

  it("keeps each province's events to its customers", async () => {
    const id = await createEvent("Toronto tasting", { province: "ON", place: "Toronto shop" });
    expect((await accountPage(memberCookie)).events.some((e) => e.id === id)).toBe(false);
    expect((await accountPage(ontarioCookie)).events.some((e) => e.id === id)).toBe(true);
    const refused = await registration(memberCookie, "register", id);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ eventId: id, message: "memberEvents.refusals.notFound" });
  });

  it("sends a guest to the login page", async () => {
    const page = await thrownResponse(async () => accountEventsLoader(await routeArgs(db, "/account/events")));
    expect(page.status).toBe(302);
    expect(page.location).toBe("/login?redirect=%2Faccount%2Fevents");
  });
});

describe("the registrations' CSV", () => {
  it("lists the members registered, quoted by the library, formulas neutralised", async () => {
    const id = await createEvent("Liste");
    const tricky = await newCustomer("QC", true);
    await db
      .update(users)
      .set({ firstName: '=HYPERLINK("http://x")', lastName: 'Côté, "Jr"', phone: "+15145550199" })
      .where(eq(users.id, tricky.id));
    expect((await registration(tricky.cookie, "register", id)).status).toBe(303);
    expect((await registration(memberCookie, "register", id)).status).toBe(303);

    const response = await csvLoader(
      await routeArgs(db, `/agence/evenements/${id}/inscriptions.csv`, {
        params: { id: String(id) },
        init: { headers: { Cookie: staffCookie } },
      }),
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="evenement-${id}-inscriptions.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("\r\n");
    const records: string[][] = parse(text, { bom: true });
    expect(records[0]).toEqual(["Nom", "Prénom", "Courriel", "Téléphone", "Inscrit le (heure de Montréal)"]);
    expect(records).toHaveLength(3);
    expect(records[1]!.slice(0, 2)).toEqual(['Côté, "Jr"', '\'=HYPERLINK("http://x")']);
    expect(records[1]![3]).toBe("(514) 555-0199");
    expect(records[1]![4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(records[2]!.slice(0, 3)).toEqual(["Tremblay", "Camille", "client.qc@demo.cuvee.test"]);

    const page = await staffPage(id);
    expect(page.event.registrants.map((r) => r.email)).toEqual([records[1]![2], "client.qc@demo.cuvee.test"]);
  });
});

describe("the staff's pages", () => {
  it("are not found for a customer and a guest, pages and actions alike", async () => {
    const id = await createEvent("Fermé");
    for (const cookie of [memberCookie, null]) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const list = await thrownResponse(async () => eventsLoader(await routeArgs(db, "/agence/evenements", { init: { headers } })));
      expect(list.status).toBe(404);
      const fresh = await thrownResponse(async () =>
        newEventLoader(await routeArgs(db, "/agence/evenements/nouveau", { init: { headers } })),
      );
      expect(fresh.status).toBe(404);
      expect((await thrownResponse(() => staffPage(id, cookie))).status).toBe(404);
      const csv = await thrownResponse(async () =>
        csvLoader(await routeArgs(db, `/agence/evenements/${id}/inscriptions.csv`, { params: { id: String(id) }, init: { headers } })),
      );
      expect(csv.status).toBe(404);
      expect((await post(newEventAction, "/agence/evenements/nouveau", {}, eventFields("Intrus"), cookie)).status).toBe(404);
      expect(
        (await post(eventAction, `/agence/evenements/${id}`, { id: String(id) }, { intent: "cancel-event", version: "1" }, cookie)).status,
      ).toBe(404);
    }
    const [row] = await db.select({ cancelledAt: memberEvents.cancelledAt }).from(memberEvents).where(eq(memberEvents.id, id));
    expect(row!.cancelledAt).toBeNull();
  });

  it("answers 404 for an unknown event", async () => {
    expect((await thrownResponse(() => staffPage(2_000_000_000))).status).toBe(404);
    expect(
      (
        await thrownResponse(async () =>
          eventLoader(await routeArgs(db, "/agence/evenements/abc", { params: { id: "abc" }, init: { headers: { Cookie: staffCookie } } })),
        )
      ).status,
    ).toBe(404);
  });
});
