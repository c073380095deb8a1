/**
 * The staff area's home: what waits for the agency, counted in one query —
 * reservations to handle (requested, or available and waiting for payment), paid orders nobody
 * has handled yet, orders whose branch follow-up date has passed (docs/product.md#branch-follow-up agency order), the
 * messages the outbox could not send (decision 027), and the last catalogue import.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { SHOP_TIME_ZONE } from "~/i18n/format";

/** The counts of the staff's home; `lastImportAt` ISO 8601 or null. */
export interface AgencyDashboard {
  reservationsRequested: number;
  reservationsAvailable: number;
  ordersToHandle: number;
  followUpsOverdue: number;
  /** Outbox messages waiting for a retry, and given up (decision 027). */
  outboxFailed: number;
  outboxDead: number;
  lastImportAt: string | null;
}

/** Counts what waits for the agency, now (today in the shop's time zone for the follow-ups). */
export async function agencyDashboard(db: Database, now = new Date()): Promise<AgencyDashboard> {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date`;
  const [row] = await db
    .select({
      reservationsRequested: sql<number>`(select count(*)::int from reservations where status = 'REQUESTED')`,
      reservationsAvailable: sql<number>`(select count(*)::int from reservations where status = 'AVAILABLE')`,
      ordersToHandle: sql<number>`(select count(*)::int from orders where status in ('PAID', 'CONFIRMED') and fulfilment_status = 'NEW')`,
      followUpsOverdue: sql<number>`(select count(*)::int from orders
        where status in ('PAID', 'CONFIRMED') and fulfilment_status = 'READY_FOR_PICKUP' and follow_up_due_on < ${today})`,
      outboxFailed: sql<number>`(select count(*)::int from outbox_messages where status = 'FAILED')`,
      outboxDead: sql<number>`(select count(*)::int from outbox_messages where status = 'DEAD')`,
      lastImportAt: sql<string | null>`(select max(applied_at) from catalogue_imports where status = 'APPLIED')`,
    })
    .from(sql`(select 1) as one`);
  const last = row?.lastImportAt ?? null;
  return {
    reservationsRequested: Number(row?.reservationsRequested ?? 0),
    reservationsAvailable: Number(row?.reservationsAvailable ?? 0),
    ordersToHandle: Number(row?.ordersToHandle ?? 0),
    followUpsOverdue: Number(row?.followUpsOverdue ?? 0),
    outboxFailed: Number(row?.outboxFailed ?? 0),
    outboxDead: Number(row?.outboxDead ?? 0),
    lastImportAt: last === null ? null : new Date(last).toISOString(),
  };
}
