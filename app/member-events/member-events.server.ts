/**
 * The members' private events (docs/decisions/050-member-events.md): staff create, edit and cancel
 * an event (a 5 à 7 with a winemaker, a tasting of new arrivals, an exclusive event) for one
 * province; members of that province register and cancel from /account/events; staff see the
 * registrations and export them as CSV.
 *
 * Seats: every registration is one seat, and an event never holds more registrations than its
 * capacity, whatever the number of app processes: a registration locks the event's row
 * (`SELECT … FOR UPDATE`), then counts its seats and inserts in the same transaction, so two
 * registrations for the last seat run one after the other and the second sees the event full.
 * A staff edit takes the same lock, so a capacity is never lowered below the seats taken.
 *
 * Staff changes raise the event's `version` (an edit made on an older version is refused as stale,
 * nothing written) and are audited in their transaction (`memberEvent.created`,
 * `memberEvent.edited`; a cancellation is an edit of `cancelledAt`).
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { type LastChange, lastChangeOf, recordStaffChange } from "~/agency/audit.server";
import type { Database } from "~/db/client.server";
import { memberEventRegistrations, memberEvents, users } from "~/db/schema";
import { instantToShopLocal, shopLocalToInstant } from "~/i18n/shop-time";
import { paginate, type Pagination } from "~/lib/pagination";
import { hasActiveMembership } from "~/users/membership.server";
import type { MemberEventKind, Province } from "~/vocabulary";
import type { MemberEventEditForm } from "./member-event-forms";

/** Who makes a staff change. */
export interface MemberEventActor {
  id: number | null;
  email: string;
}

/** Events per page of the staff's list. */
export const STAFF_EVENTS_PAGE_SIZE = 25;

/** What staff write of an event; `startsAt` on the shop's clock (`YYYY-MM-DDTHH:mm`). */
export interface MemberEventValues {
  kind: MemberEventKind;
  province: Province;
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
  place: string;
  startsAt: string;
  capacity: number;
}

/** The fields of {@link MemberEventValues} compared and shown by a stale edit (409). */
export const MEMBER_EVENT_VALUE_FIELDS = [
  "kind",
  "province",
  "titleFr",
  "titleEn",
  "descriptionFr",
  "descriptionEn",
  "place",
  "startsAt",
  "capacity",
] as const satisfies readonly (keyof MemberEventValues)[];

/** The values of a valid editor form. */
export function memberEventValuesOf(form: MemberEventEditForm): MemberEventValues {
  return {
    kind: form.kind,
    province: form.province,
    titleFr: form.titleFr,
    titleEn: form.titleEn,
    descriptionFr: form.descriptionFr,
    descriptionEn: form.descriptionEn,
    place: form.place,
    startsAt: form.startsAt,
    capacity: form.capacity,
  };
}

/** A refused value: the field and its i18n message key. */
export type MemberEventFieldErrors = Partial<Record<keyof MemberEventValues, string>>;

/** The outcome of a create or an edit. */
export type MemberEventSaveOutcome =
  | { kind: "saved"; id: number; version: number }
  | { kind: "invalid"; fieldErrors: MemberEventFieldErrors; registered?: number }
  | { kind: "stale"; current: { version: number; values: MemberEventValues; lastChange: LastChange | null } }
  | { kind: "notFound" };

/** The outcome of a staff cancellation. */
export type MemberEventCancelOutcome =
  | { kind: "cancelled"; version: number }
  | { kind: "alreadyCancelled" }
  | { kind: "stale"; current: { version: number; lastChange: LastChange | null } }
  | { kind: "notFound" };

type EventRow = typeof memberEvents.$inferSelect;

function valuesOfRow(row: EventRow): MemberEventValues {
  return {
    kind: row.kind,
    province: row.province,
    titleFr: row.titleFr,
    titleEn: row.titleEn,
    descriptionFr: row.descriptionFr,
    descriptionEn: row.descriptionEn,
    place: row.place,
    startsAt: instantToShopLocal(row.startsAt),
    capacity: row.capacity,
  };
}

/** The columns of a row from values (the date read on the shop's clock). */
function columnsOf(values: MemberEventValues) {
  const { startsAt, ...rest } = values;
  return { ...rest, startsAt: shopLocalToInstant(startsAt)! };
}

/** Seats taken at an event, read in `tx`. */
async function seatsTaken(tx: Database, eventId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(memberEventRegistrations).where(eq(memberEventRegistrations.eventId, eventId));
  return Number(row?.n ?? 0);
}

/**
 * Creates an event (open to registrations at once); records `memberEvent.created`.
 * @returns `saved` with its id and version 1; `invalid` when its date has passed (nothing written)
 */
export async function createMemberEvent(
  db: Database,
  actor: MemberEventActor,
  values: MemberEventValues,
  now = new Date(),
): Promise<MemberEventSaveOutcome> {
  const columns = columnsOf(values);
  if (columns.startsAt <= now) return { kind: "invalid", fieldErrors: { startsAt: "memberEvents.errors.past" } };
  return db.transaction(async (tx): Promise<MemberEventSaveOutcome> => {
    const [row] = await tx
      .insert(memberEvents)
      .values({ ...columns, version: 1, createdAt: now, updatedAt: now })
      .returning({ id: memberEvents.id, version: memberEvents.version });
    await recordStaffChange(tx, {
      actor,
      action: "memberEvent.created",
      entity: "memberEvent",
      entityId: row!.id,
      before: null,
      after: { ...values, startsAt: columns.startsAt, version: 1 },
      now,
    });
    return { kind: "saved", id: row!.id, version: row!.version };
  });
}

/**
 * Saves an event's values if it is still at `version` (nothing changed: nothing written); records
 * `memberEvent.edited` with the changed fields. Locks the event's row, as registrations do, so the
 * seat count it checks stays true until the commit.
 * @returns `saved` with the new version; `stale` with the current values (nothing written);
 *   `invalid` when a changed date has passed, the capacity is below the seats taken (`registered`
 *   says how many), or the province changes once someone registered; `notFound`
 */
export async function saveMemberEvent(
  db: Database,
  actor: MemberEventActor,
  eventId: number,
  version: number,
  values: MemberEventValues,
  now = new Date(),
): Promise<MemberEventSaveOutcome> {
  return db.transaction(async (tx): Promise<MemberEventSaveOutcome> => {
    const [row] = await tx.select().from(memberEvents).where(eq(memberEvents.id, eventId)).for("update");
    if (!row) return { kind: "notFound" };
    const current = valuesOfRow(row);
    if (row.version !== version) {
      return {
        kind: "stale",
        current: { version: row.version, values: current, lastChange: await lastChangeOf(tx, "memberEvent", eventId) },
      };
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of MEMBER_EVENT_VALUE_FIELDS) {
      if (current[field] !== values[field]) {
        before[field] = current[field];
        after[field] = values[field];
      }
    }
    if (Object.keys(after).length === 0) return { kind: "saved", id: eventId, version };
    const columns = columnsOf(values);
    const fieldErrors: MemberEventFieldErrors = {};
    if (after.startsAt !== undefined && columns.startsAt <= now) fieldErrors.startsAt = "memberEvents.errors.past";
    const registered = await seatsTaken(tx, eventId);
    if (values.capacity < registered) fieldErrors.capacity = "memberEvents.errors.belowRegistered";
    if (after.province !== undefined && registered > 0) fieldErrors.province = "memberEvents.errors.provinceLocked";
    if (Object.keys(fieldErrors).length > 0) return { kind: "invalid", fieldErrors, registered };
    const [updated] = await tx
      .update(memberEvents)
      .set({ ...columns, version: sql`${memberEvents.version} + 1`, updatedAt: now })
      .where(eq(memberEvents.id, eventId))
      .returning({ version: memberEvents.version });
    await recordStaffChange(tx, {
      actor,
      action: "memberEvent.edited",
      entity: "memberEvent",
      entityId: eventId,
      before: { ...before, version },
      after: { ...after, version: updated!.version },
      now,
    });
    return { kind: "saved", id: eventId, version: updated!.version };
  });
}

/**
 * Cancels an event if it is still at `version`: it stays listed, marked cancelled, and takes no
 * more registrations; the registrations are kept (staff can still export who to tell). Audited as
 * `memberEvent.edited` of `cancelledAt`.
 */
export async function cancelMemberEvent(
  db: Database,
  actor: MemberEventActor,
  eventId: number,
  version: number,
  now = new Date(),
): Promise<MemberEventCancelOutcome> {
  return db.transaction(async (tx): Promise<MemberEventCancelOutcome> => {
    const [row] = await tx
      .select({ version: memberEvents.version, cancelledAt: memberEvents.cancelledAt })
      .from(memberEvents)
      .where(eq(memberEvents.id, eventId))
      .for("update");
    if (!row) return { kind: "notFound" };
    if (row.version !== version)
      return { kind: "stale", current: { version: row.version, lastChange: await lastChangeOf(tx, "memberEvent", eventId) } };
    if (row.cancelledAt !== null) return { kind: "alreadyCancelled" };
    const [updated] = await tx
      .update(memberEvents)
      .set({ cancelledAt: now, version: sql`${memberEvents.version} + 1`, updatedAt: now })
      .where(eq(memberEvents.id, eventId))
      .returning({ version: memberEvents.version });
    await recordStaffChange(tx, {
      actor,
      action: "memberEvent.edited",
      entity: "memberEvent",
      entityId: eventId,
      before: { cancelledAt: null, version },
      after: { cancelledAt: now, version: updated!.version },
      now,
    });
    return { kind: "cancelled", version: updated!.version };
  });
}

/** One event in the staff's list. */
export interface StaffMemberEventRow {
  id: number;
  kind: MemberEventKind;
  province: Province;
  titleFr: string;
  titleEn: string;
  place: string;
  /** ISO 8601 instants. */
  startsAt: string;
  cancelledAt: string | null;
  capacity: number;
  registered: number;
}

/** A page of the staff's event list: every event, the latest date first. */
export async function listStaffMemberEvents(
  db: Database,
  page: number,
  pageSize = STAFF_EVENTS_PAGE_SIZE,
): Promise<{ rows: StaffMemberEventRow[]; pagination: Pagination }> {
  const [total] = await db.select({ n: count() }).from(memberEvents);
  const pagination = paginate(Number(total?.n ?? 0), page, pageSize);
  const rows = await db
    .select({
      id: memberEvents.id,
      kind: memberEvents.kind,
      province: memberEvents.province,
      titleFr: memberEvents.titleFr,
      titleEn: memberEvents.titleEn,
      place: memberEvents.place,
      startsAt: memberEvents.startsAt,
      cancelledAt: memberEvents.cancelledAt,
      capacity: memberEvents.capacity,
      registered: sql<number>`(select count(*) from ${memberEventRegistrations} where ${memberEventRegistrations.eventId} = ${memberEvents.id})`,
    })
    .from(memberEvents)
    .orderBy(desc(memberEvents.startsAt), desc(memberEvents.id))
    .limit(pagination.size)
    .offset(pagination.offset);
  return {
    rows: rows.map((r) => ({
      ...r,
      registered: Number(r.registered),
      startsAt: r.startsAt.toISOString(),
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
    })),
    pagination,
  };
}

/** A member registered at an event, as staff see and export it. */
export interface MemberEventRegistrant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** ISO 8601 instant. */
  registeredAt: string;
}

/** The registrations of an event, first registered first. */
export async function listRegistrants(db: Database, eventId: number): Promise<MemberEventRegistrant[]> {
  const rows = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      registeredAt: memberEventRegistrations.createdAt,
    })
    .from(memberEventRegistrations)
    .innerJoin(users, eq(users.id, memberEventRegistrations.userId))
    .where(eq(memberEventRegistrations.eventId, eventId))
    .orderBy(asc(memberEventRegistrations.createdAt), asc(users.id));
  return rows.map((r) => ({ ...r, registeredAt: r.registeredAt.toISOString() }));
}

/** An event as its staff page shows it. */
export interface StaffMemberEvent {
  id: number;
  version: number;
  values: MemberEventValues;
  /** ISO 8601 instants. */
  startsAt: string;
  cancelledAt: string | null;
  registrants: MemberEventRegistrant[];
  lastChange: LastChange | null;
}

/** An event as its staff page shows it, by id; null when there is none. */
export async function readStaffMemberEvent(db: Database, eventId: number): Promise<StaffMemberEvent | null> {
  const [row] = await db.select().from(memberEvents).where(eq(memberEvents.id, eventId)).limit(1);
  if (!row) return null;
  const [registrants, lastChange] = await Promise.all([listRegistrants(db, eventId), lastChangeOf(db, "memberEvent", eventId)]);
  return {
    id: row.id,
    version: row.version,
    values: valuesOfRow(row),
    startsAt: row.startsAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    registrants,
    lastChange,
  };
}

/** An event as a member sees it on /account/events. */
export interface MemberEventView {
  id: number;
  kind: MemberEventKind;
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
  place: string;
  /** ISO 8601 instants. */
  startsAt: string;
  cancelledAt: string | null;
  capacity: number;
  seatsLeft: number;
  /** Whether this member holds a seat. */
  registered: boolean;
}

/**
 * The events a customer of `province` sees: those still to come, soonest first — open ones, and
 * cancelled ones the customer had registered to (so they learn it). Another province's events are
 * never listed.
 */
export async function listUpcomingMemberEvents(
  db: Database,
  user: { id: number; province: Province },
  now = new Date(),
): Promise<MemberEventView[]> {
  const mine = sql<boolean>`exists (select 1 from ${memberEventRegistrations} where ${memberEventRegistrations.eventId} = ${memberEvents.id} and ${memberEventRegistrations.userId} = ${user.id})`;
  const rows = await db
    .select({
      id: memberEvents.id,
      kind: memberEvents.kind,
      titleFr: memberEvents.titleFr,
      titleEn: memberEvents.titleEn,
      descriptionFr: memberEvents.descriptionFr,
      descriptionEn: memberEvents.descriptionEn,
      place: memberEvents.place,
      startsAt: memberEvents.startsAt,
      cancelledAt: memberEvents.cancelledAt,
      capacity: memberEvents.capacity,
      registered: mine,
    })
    .from(memberEvents)
    .where(and(eq(memberEvents.province, user.province), gt(memberEvents.startsAt, now), or(isNull(memberEvents.cancelledAt), mine)))
    .orderBy(asc(memberEvents.startsAt), asc(memberEvents.id));
  const ids = rows.map((r) => r.id);
  const taken =
    ids.length === 0
      ? []
      : await db
          .select({ eventId: memberEventRegistrations.eventId, n: count() })
          .from(memberEventRegistrations)
          .where(inArray(memberEventRegistrations.eventId, ids))
          .groupBy(memberEventRegistrations.eventId);
  const takenOf = new Map(taken.map((t) => [t.eventId, Number(t.n)]));
  return rows.map((r) => ({
    ...r,
    registered: Boolean(r.registered),
    startsAt: r.startsAt.toISOString(),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    seatsLeft: Math.max(0, r.capacity - (takenOf.get(r.id) ?? 0)),
  }));
}

/** Why a registration or its cancellation was refused. */
export type RegistrationRefusal = "notMember" | "full" | "cancelled" | "past" | "notFound";

/** The outcome of a member's registration or cancellation. */
export type RegistrationOutcome = { ok: true; changed: boolean } | { ok: false; reason: RegistrationRefusal };

/**
 * Registers a member at an event: one seat, never beyond the capacity. Locks the event's row, then
 * checks and counts in the same transaction (see the module's comment). Registering twice is
 * harmless: the second answers `ok` with `changed: false` and takes no second seat.
 * @returns `notFound` for an unknown event or another province's; `notMember` without an active
 *   membership (docs/decisions/050-member-events.md); `cancelled`, `past` (it has begun), `full`
 */
export async function registerForMemberEvent(
  db: Database,
  user: { id: number; province: Province },
  eventId: number,
  now = new Date(),
): Promise<RegistrationOutcome> {
  return db.transaction(async (tx): Promise<RegistrationOutcome> => {
    const [event] = await tx
      .select({
        province: memberEvents.province,
        startsAt: memberEvents.startsAt,
        cancelledAt: memberEvents.cancelledAt,
        capacity: memberEvents.capacity,
      })
      .from(memberEvents)
      .where(eq(memberEvents.id, eventId))
      .for("update");
    if (!event || event.province !== user.province) return { ok: false, reason: "notFound" };
    const [held] = await tx
      .select({ userId: memberEventRegistrations.userId })
      .from(memberEventRegistrations)
      .where(and(eq(memberEventRegistrations.eventId, eventId), eq(memberEventRegistrations.userId, user.id)))
      .limit(1);
    if (held) return { ok: true, changed: false };
    if (event.cancelledAt !== null) return { ok: false, reason: "cancelled" };
    if (event.startsAt <= now) return { ok: false, reason: "past" };
    if (!(await hasActiveMembership(tx, user.id, now))) return { ok: false, reason: "notMember" };
    if ((await seatsTaken(tx, eventId)) >= event.capacity) return { ok: false, reason: "full" };
    await tx.insert(memberEventRegistrations).values({ eventId, userId: user.id, createdAt: now });
    return { ok: true, changed: true };
  });
}

/**
 * Cancels a member's registration: the seat is free again at once. Not registered: `ok` with
 * `changed: false`. A membership that ended since does not stop a cancellation.
 * @returns `notFound` for an unknown event or another province's; `past` once it has begun
 */
export async function cancelMemberEventRegistration(
  db: Database,
  user: { id: number; province: Province },
  eventId: number,
  now = new Date(),
): Promise<RegistrationOutcome> {
  return db.transaction(async (tx): Promise<RegistrationOutcome> => {
    const [event] = await tx
      .select({ province: memberEvents.province, startsAt: memberEvents.startsAt })
      .from(memberEvents)
      .where(eq(memberEvents.id, eventId))
      .for("update");
    if (!event || event.province !== user.province) return { ok: false, reason: "notFound" };
    if (event.startsAt <= now) return { ok: false, reason: "past" };
    const deleted = await tx
      .delete(memberEventRegistrations)
      .where(and(eq(memberEventRegistrations.eventId, eventId), eq(memberEventRegistrations.userId, user.id)))
      .returning({ userId: memberEventRegistrations.userId });
    return { ok: true, changed: deleted.length > 0 };
  });
}
