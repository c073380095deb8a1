/**
 * Members' in-store tastings (docs/decisions/049-member-tastings-and-allocations.md): staff record
 * a member's tasting at a boutique, with or without one guest, at most
 * {@link MEMBER_TASTINGS_PER_YEAR} per membership year; the member sees what is left.
 *
 * - A tasting belongs to the member's running membership (ACTIVE, period end ahead: the rule of
 *   member prices) and counts in its membership year ({@link membershipYear}).
 * - Recording holds the subscription's row (`SELECT … FOR UPDATE`), then counts the year's
 *   tastings and inserts, in one transaction: two staff recording the 4th and the 5th at once
 *   are serialized by the lock, and the second one counts the first's tasting.
 * - Every record and removal writes its audit row in its transaction (`member.tastingRecorded`,
 *   `member.tastingRemoved`; entity `member`, the user's id).
 */
import { and, asc, desc, eq, gt, gte, lte, or, sql } from "drizzle-orm";
import { recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/db/like-pattern";
import { isRowId } from "~/db/row-id";
import { memberTastings, subscriptionPlans, subscriptions, users } from "~/db/schema";
import { shopDateOf } from "~/i18n/shop-time";
import { cleanText } from "~/lib/url-params";
import type { InventoryCode } from "~/vocabulary";
import { MEMBER_SEARCH_MAX } from "./tasting-forms";
import { currentMembershipYear, MEMBER_TASTINGS_PER_YEAR, type MembershipYear, tastingDayRefusal, tastingsLeft } from "./tasting-rules";

/** Longest members list shown (a search narrows it). */
export const MEMBERS_LIST_LIMIT = 200;

/** One recorded tasting. */
export interface TastingView {
  id: number;
  /** `YYYY-MM-DD`, the shop's day. */
  tastedOn: string;
  storeCode: InventoryCode;
  withGuest: boolean;
}

/** A member's tastings of the current membership year. */
export interface MemberTastingsView {
  subscriptionId: number;
  year: MembershipYear;
  allowed: number;
  used: number;
  left: number;
  /** Oldest first. */
  tastings: TastingView[];
}

/** Of a running membership (status ACTIVE, period end after `now`): the conditions of member prices. */
function runningMembership(now: Date) {
  return and(eq(subscriptionPlans.kind, "MEMBERSHIP"), eq(subscriptions.status, "ACTIVE"), gt(subscriptions.currentPeriodEnd, now));
}

/** The user's running membership (the one ending last), or null. */
async function runningMembershipOf(db: Database, userId: number, now: Date): Promise<{ id: number; currentPeriodEnd: Date } | null> {
  const [row] = await db
    .select({ id: subscriptions.id, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
    .where(and(eq(subscriptions.userId, userId), runningMembership(now)))
    .orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.id))
    .limit(1);
  return row?.currentPeriodEnd ? { id: row.id, currentPeriodEnd: row.currentPeriodEnd } : null;
}

/** The tastings of a subscription within a membership year, oldest first. */
function tastingsOfYear(db: Database, subscriptionId: number, year: MembershipYear): Promise<TastingView[]> {
  return db
    .select({
      id: memberTastings.id,
      tastedOn: memberTastings.tastedOn,
      storeCode: memberTastings.storeCode,
      withGuest: memberTastings.withGuest,
    })
    .from(memberTastings)
    .where(
      and(
        eq(memberTastings.subscriptionId, subscriptionId),
        gte(memberTastings.tastedOn, year.firstDay),
        lte(memberTastings.tastedOn, year.lastDay),
      ),
    )
    .orderBy(asc(memberTastings.tastedOn), asc(memberTastings.id));
}

/**
 * A member's tastings of the current membership year, with how many are left.
 * @returns null when the user holds no running membership.
 */
export async function readMemberTastings(db: Database, userId: number, now = new Date()): Promise<MemberTastingsView | null> {
  const membership = await runningMembershipOf(db, userId, now);
  if (!membership) return null;
  const year = currentMembershipYear(shopDateOf(membership.currentPeriodEnd), shopDateOf(now));
  const tastings = await tastingsOfYear(db, membership.id, year);
  return {
    subscriptionId: membership.id,
    year,
    allowed: MEMBER_TASTINGS_PER_YEAR,
    used: tastings.length,
    left: tastingsLeft(tastings.length),
    tastings,
  };
}

/** One row of the staff's members list. */
export interface MemberRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** When the running membership's paid period ends. */
  periodEnd: Date;
}

/**
 * Customers holding a running membership, by last then first name, optionally those whose names
 * or e-mail contain the search (accents and case ignored). At most {@link MEMBERS_LIST_LIMIT}.
 */
export async function listMembers(db: Database, search: string, now = new Date()): Promise<MemberRow[]> {
  const text = cleanText(search).slice(0, MEMBER_SEARCH_MAX);
  const pattern = containsPattern(text);
  const rows = await db
    .selectDistinctOn([users.lastName, users.firstName, users.id], {
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      periodEnd: subscriptions.currentPeriodEnd,
    })
    .from(users)
    .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
    .where(
      and(
        runningMembership(now),
        text
          ? or(
              sql`cuvee_unaccent(${users.firstName} || ' ' || ${users.lastName}) ilike cuvee_unaccent(${pattern})`,
              sql`${users.email} ilike ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id), desc(subscriptions.currentPeriodEnd))
    .limit(MEMBERS_LIST_LIMIT);
  return rows.map((row) => ({ ...row, periodEnd: row.periodEnd! }));
}

/** A customer as their staff page shows them, or null (no such user, or a staff user). */
export async function readMemberIdentity(
  db: Database,
  userId: number,
): Promise<{ id: number; firstName: string; lastName: string; email: string } | null> {
  if (!isRowId(userId)) return null;
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, "customer")))
    .limit(1);
  return row ?? null;
}

/** What staff record: the day, the boutique, whether a non-member guest came. */
export interface TastingInput {
  tastedOn: string;
  storeCode: InventoryCode;
  withGuest: boolean;
}

/** The outcome of recording a tasting. */
export type RecordTastingOutcome =
  | { kind: "recorded"; tastingId: number; left: number }
  /** The user holds no running membership. */
  | { kind: "notMember" }
  /** The year's tastings are all used: nothing written. */
  | { kind: "limit"; allowed: number }
  | { kind: "future" }
  | { kind: "outsideYear"; year: MembershipYear };

/**
 * Records a member's tasting, unless the membership year's {@link MEMBER_TASTINGS_PER_YEAR} are
 * used. The subscription's row is held while the year's tastings are counted and the new one is
 * inserted, so concurrent records never pass the limit. Audited as `member.tastingRecorded`.
 * @returns `recorded` with what is left; or the refusal, nothing written: `notMember`, `limit`,
 *   `future` (a day after today), `outsideYear` (a day before the membership year).
 */
export async function recordTasting(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  userId: number,
  input: TastingInput,
  now = new Date(),
): Promise<RecordTastingOutcome> {
  const found = await runningMembershipOf(db, userId, now);
  if (!found) return { kind: "notMember" };
  return db.transaction(async (tx): Promise<RecordTastingOutcome> => {
    // The lock that serializes every record of this membership, then its state under the lock.
    const [membership] = await tx
      .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(eq(subscriptions.id, found.id))
      .for("update");
    if (!membership?.currentPeriodEnd || membership.status !== "ACTIVE" || membership.currentPeriodEnd <= now) return { kind: "notMember" };
    const year = currentMembershipYear(shopDateOf(membership.currentPeriodEnd), shopDateOf(now));
    const refusal = tastingDayRefusal(input.tastedOn, year, shopDateOf(now));
    if (refusal === "future") return { kind: "future" };
    if (refusal === "outsideYear") return { kind: "outsideYear", year };
    const used = (await tastingsOfYear(tx, found.id, year)).length;
    if (used >= MEMBER_TASTINGS_PER_YEAR) return { kind: "limit", allowed: MEMBER_TASTINGS_PER_YEAR };
    const [tasting] = await tx
      .insert(memberTastings)
      .values({ subscriptionId: found.id, ...input, recordedBy: staff.id, createdAt: now })
      .returning({ id: memberTastings.id });
    await recordStaffChange(tx, {
      actor: staff,
      action: "member.tastingRecorded",
      entity: "member",
      entityId: userId,
      before: null,
      after: { tastingId: tasting!.id, subscriptionId: found.id, ...input },
      now,
    });
    return { kind: "recorded", tastingId: tasting!.id, left: tastingsLeft(used + 1) };
  });
}

/**
 * Removes a tasting recorded by mistake: one of this user's, whatever its year (the subscription's
 * row held, as a record holds it). Audited as `member.tastingRemoved` with the tasting removed.
 * @returns false when the user has no such tasting (already removed, or another member's): nothing written.
 */
export async function removeTasting(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  userId: number,
  tastingId: number,
  now = new Date(),
): Promise<boolean> {
  if (!isRowId(tastingId)) return false;
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ subscriptionId: memberTastings.subscriptionId })
      .from(memberTastings)
      .innerJoin(subscriptions, eq(subscriptions.id, memberTastings.subscriptionId))
      .where(and(eq(memberTastings.id, tastingId), eq(subscriptions.userId, userId)));
    if (!owned) return false;
    await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, owned.subscriptionId)).for("update");
    const [removed] = await tx.delete(memberTastings).where(eq(memberTastings.id, tastingId)).returning();
    if (!removed) return false;
    await recordStaffChange(tx, {
      actor: staff,
      action: "member.tastingRemoved",
      entity: "member",
      entityId: userId,
      before: {
        tastingId,
        subscriptionId: removed.subscriptionId,
        tastedOn: removed.tastedOn,
        storeCode: removed.storeCode,
        withGuest: removed.withGuest,
      },
      after: null,
      now,
    });
    return true;
  });
}
