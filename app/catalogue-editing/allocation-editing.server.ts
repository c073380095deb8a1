/**
 * The staff's allocation of a product to members (docs/decisions/049-member-tastings-and-allocations.md):
 * from one day to another of the shop's calendar, both included, only members may add it to a
 * cart. Saved like the product's texts (docs/decisions/037-staff-catalogue-editing.md): the form
 * carries the version it was loaded with, the change holds the product's row, raises its version
 * and writes its audit row (`product.allocationChanged`, the days before and after); someone who
 * saved first makes it stale (409, nothing written).
 */
import { and, eq, sql } from "drizzle-orm";
import { lastChangeOf, recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import { clearDatabaseCaches } from "~/cache.server";
import type { Allocation } from "~/catalogue/allocation";
import type { AllocationForm } from "~/catalogue-editing/editing-forms";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { changedFields, type SaveOutcome } from "./product-editing.server";

/** The allocation's fields, in the form's order. */
export const ALLOCATION_FIELDS: readonly (keyof Allocation)[] = ["membersOnlyFrom", "membersOnlyUntil"];

/** The allocation a valid form saves: both days, or both null. */
export function allocationOf(form: AllocationForm): Allocation {
  return { membersOnlyFrom: form.membersOnlyFrom ?? null, membersOnlyUntil: form.membersOnlyUntil ?? null };
}

/** A product's allocation, or null when there is no such product. */
export async function readProductAllocation(db: Database, productId: number): Promise<Allocation | null> {
  const [row] = await db
    .select({ membersOnlyFrom: products.membersOnlyFrom, membersOnlyUntil: products.membersOnlyUntil })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/**
 * Saves a product's allocation if the product is still at `version`. The same days again: nothing
 * written, the version stays.
 * @param values both days `YYYY-MM-DD` (first ≤ last, checked by the form), or both null to end it.
 * @returns `saved` with the new version; `stale` with the current days when someone saved first
 *   (nothing written); `notFound`.
 */
export async function saveProductAllocation(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  productId: number,
  version: number,
  values: Allocation,
  now = new Date(),
): Promise<SaveOutcome<Allocation>> {
  const outcome = await db.transaction(async (tx): Promise<SaveOutcome<Allocation>> => {
    const [current] = await tx
      .select({ version: products.version, membersOnlyFrom: products.membersOnlyFrom, membersOnlyUntil: products.membersOnlyUntil })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!current) return { kind: "notFound" };
    const { version: currentVersion, ...currentValues } = current;
    if (currentVersion !== version) {
      return {
        kind: "stale",
        current: { version: currentVersion, values: currentValues, lastChange: await lastChangeOf(tx, "product", productId) },
      };
    }
    const { before, after } = changedFields(currentValues, values, ALLOCATION_FIELDS);
    if (Object.keys(after).length === 0) return { kind: "saved", version };
    const [updated] = await tx
      .update(products)
      .set({ ...values, version: sql`${products.version} + 1` })
      .where(and(eq(products.id, productId), eq(products.version, version)))
      .returning({ version: products.version });
    if (!updated) throw new Error("product row changed under its lock");
    await recordStaffChange(tx, {
      actor: staff,
      action: "product.allocationChanged",
      entity: "product",
      entityId: productId,
      before: { ...before, version },
      after: { ...after, version: updated.version },
      now,
    });
    return { kind: "saved", version: updated.version };
  });
  if (outcome.kind === "saved") clearDatabaseCaches(db);
  return outcome;
}
