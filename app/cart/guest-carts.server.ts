/**
 * The lifetime of guest carts (docs/product.md#guests: guest cookie lifetime 1 day). A guest cart
 * lives as long as its owner's session: every cart change and every renewal of the session
 * touches it, and a sweep deletes the guest carts untouched for longer than the session lifetime
 * (their owner's cookie has expired, so nobody can reach them any more).
 *
 * The sweep is idempotent and safe with several app processes on one PostgreSQL: one process at a
 * time sweeps (a transaction-level advisory lock; the others skip their turn), in batches whose
 * rows are taken with `FOR UPDATE SKIP LOCKED`, so a cart being changed right now is never waited
 * for nor deleted under the change.
 */
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { carts } from "~/db/schema";
import { GUEST_SESSION_LIFETIME_SECONDS, renewSession } from "~/session.server";

/** Advisory lock key of the guest cart sweep (any constant unique to this job). */
const SWEEP_LOCK_KEY = 6_001;
const SWEEP_BATCH_SIZE = 500;

/** Marks the guest's carts (one per province) as seen now. */
export async function touchGuestCarts(db: Database, guestId: string, now = new Date()): Promise<void> {
  await db.update(carts).set({ touchedAt: now }).where(eq(carts.guestId, guestId));
}

/**
 * Renews the visitor's session when it is due (at most once an hour) and touches the guest's
 * carts with it, so they live as long as the session.
 * @returns the Set-Cookie header of the renewed session, or null when nothing was due.
 */
export async function renewGuestSession(db: Database, request: Request): Promise<string | null> {
  const renewal = await renewSession(request);
  if (!renewal) return null;
  await touchGuestCarts(db, renewal.session.guestId);
  return renewal.setCookie;
}

/**
 * Deletes guest carts (and their lines) untouched for longer than `lifetimeSeconds`.
 * @param options.now the current time (tests pass a clock)
 * @param options.lifetimeSeconds defaults to the guest session lifetime (1 day)
 * @returns how many carts were deleted, or null when another process was sweeping already.
 */
export async function sweepExpiredGuestCarts(db: Database, options: { now?: Date; lifetimeSeconds?: number } = {}): Promise<number | null> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.lifetimeSeconds ?? GUEST_SESSION_LIFETIME_SECONDS) * 1000);
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [lock] = await tx.select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY})` }).from(sql`(values (1)) as one`);
      if (!lock?.locked) return null;
      const expired = tx
        .select({ id: carts.id })
        .from(carts)
        .where(and(isNotNull(carts.guestId), lt(carts.touchedAt, cutoff)))
        .orderBy(carts.id)
        .limit(SWEEP_BATCH_SIZE)
        .for("update", { skipLocked: true });
      const rows = await tx
        .delete(carts)
        .where(sql`${carts.id} in ${expired}`)
        .returning({ id: carts.id });
      return rows.length;
    });
    if (batch === null) return deleted > 0 ? deleted : null;
    deleted += batch;
    if (batch < SWEEP_BATCH_SIZE) return deleted;
  }
}

/** Deletes a guest's carts (every province), e.g. when the guest identity is replaced (docs/product.md#guests). */
export async function deleteGuestCarts(db: Database, guestId: string): Promise<void> {
  await db.delete(carts).where(eq(carts.guestId, guestId));
}
