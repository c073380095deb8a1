/**
 * The audit table of the staff's changes: who, when, what, and the fields of the
 * changed row before and after. Written inside the transaction of the change it records, so a
 * change is never without its row and a rolled-back change leaves none.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { AuditAction } from "~/vocabulary";
import type { StaffUser } from "./staff.server";

export type AuditRow = typeof auditLog.$inferSelect;

/** A JSON object of a row's fields (dates become ISO strings when stored). */
type Fields = Record<string, unknown>;

/**
 * Records one staff change.
 * @param db the transaction the change is made in.
 * @param change.entity what was changed (`reservation`, `order`, `catalogue_import`, …) and
 *   `entityId` its id; `before` / `after` the changed fields (null when there was none).
 */
export async function recordStaffChange(
  db: Database,
  change: {
    /** A staff user, or a job of the shop's own (`id` null: the publication sweep, the demo seed). */
    actor: Pick<StaffUser, "email"> & { id: number | null };
    action: AuditAction;
    entity: string;
    entityId: string | number;
    before: Fields | null;
    after: Fields | null;
    now?: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: change.actor.id,
    actorEmail: change.actor.email,
    action: change.action,
    entity: change.entity,
    entityId: String(change.entityId),
    before: change.before === null ? null : jsonFields(change.before),
    after: change.after === null ? null : jsonFields(change.after),
    createdAt: change.now ?? new Date(),
  });
}

/** The audit rows of one thing, newest first (the detail pages show them). */
export async function auditTrail(db: Database, entity: string, entityId: string | number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

/** Dates as ISO strings, so what is stored is what is read back. */
function jsonFields(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** Who saved an entity last and when (ISO 8601): what a stale edit's 409 and an editor's page show. */
export interface LastChange {
  at: string;
  actorEmail: string;
}

/**
 * The newest audit row of an entity (a product, a producer, an article, a carousel, an event…):
 * who changed it last and when.
 * @returns null when it was never changed through the staff area
 */
export async function lastChangeOf(db: Database, entity: string, entityId: string | number): Promise<LastChange | null> {
  const [row] = await db
    .select({ at: auditLog.createdAt, actorEmail: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row ? { at: row.at.toISOString(), actorEmail: row.actorEmail } : null;
}
