/**
 * Periodic jobs of a server process, at start-up and then every 5 minutes: the guest cart sweep,
 * the expiry of unpaid orders, whose stock returns, of abandoned
 * subscription purchases, and of sent messages of the outbox (decision 027); old recently viewed
 * products, and the e-mails of favourites that became available (decision 041). Scheduled articles
 * are published by their own, more frequent turn (every minute by default: decision 045). Each job is
 * idempotent and takes its own database lock, so any number of processes may run this schedule
 * against one PostgreSQL.
 */
import { publishDueBlogs } from "~/blogs/blog-desk.server";
import { sweepExpiredGuestCarts } from "~/cart/guest-carts.server";
import type { Database } from "~/db/client.server";
import { notifyAvailableFavorites } from "~/favorites/favorites.server";
import { shopOriginWithoutRequest } from "~/http/shop-origin.server";
import { expirePendingOrders } from "~/orders/orders.server";
import { purgeSentOutbox } from "~/outbox/outbox.server";
import { sweepRecentlyViewed } from "~/recently-viewed/recently-viewed.server";
import { writeReservationExpiredMail } from "~/reservations/reservation-mail.server";
import { expireAbandonedSubscriptions } from "~/subscriptions/subscriptions.server";

/** An unpaid order keeps its stock at most this long past its payment window. */
export const MAINTENANCE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Starts the schedule.
 * @returns `stop()`, which cancels the next runs and resolves once a run in progress has ended.
 */
export function startMaintenance(
  db: Database,
  intervalMs = MAINTENANCE_INTERVAL_MS,
  /** How often scheduled articles are looked for (`PUBLICATION_SWEEP_SECONDS`, a minute by default). */
  publicationIntervalMs = 60 * 1000,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let publishing: Promise<void> = Promise.resolve();
  let stopped = false;
  const publish = () => {
    if (stopped) return;
    publishing = publishDueBlogs(db)
      .then((published) => {
        if (published) console.log(`Publication sweep: ${published} scheduled article(s) published.`);
      })
      .catch((error: unknown) => console.error(`Publication sweep failed: ${(error as Error).message}`));
  };
  const run = () => {
    if (stopped) return;
    running = Promise.all([
      sweepExpiredGuestCarts(db)
        .then((deleted) => {
          if (deleted) console.log(`Guest cart sweep: ${deleted} expired cart(s) deleted.`);
        })
        .catch((error: unknown) => console.error(`Guest cart sweep failed: ${(error as Error).message}`)),
      expirePendingOrders(db, new Date(), undefined, writeReservationExpiredMail)
        .then((expired) => {
          if (expired) console.log(`Order sweep: ${expired} unpaid order(s) expired, stock returned.`);
        })
        .catch((error: unknown) => console.error(`Order sweep failed: ${(error as Error).message}`)),
      expireAbandonedSubscriptions(db)
        .then((closed) => {
          if (closed) console.log(`Subscription sweep: ${closed} abandoned or ended subscription(s) closed.`);
        })
        .catch((error: unknown) => console.error(`Subscription sweep failed: ${(error as Error).message}`)),
      purgeSentOutbox(db)
        .then((deleted) => {
          if (deleted) console.log(`Outbox sweep: ${deleted} sent message(s) past their keeping time deleted.`);
        })
        .catch((error: unknown) => console.error(`Outbox sweep failed: ${(error as Error).message}`)),
      sweepRecentlyViewed(db)
        .then((deleted) => {
          if (deleted) console.log(`Recently viewed sweep: ${deleted} old view(s) deleted.`);
        })
        .catch((error: unknown) => console.error(`Recently viewed sweep failed: ${(error as Error).message}`)),
      notifyAvailableFavorites(db, shopOriginWithoutRequest())
        .then((written) => {
          if (written) console.log(`Favourites sweep: ${written} "now available" e-mail(s) written.`);
        })
        .catch((error: unknown) => console.error(`Favourites sweep failed: ${(error as Error).message}`)),
    ]).then(() => undefined);
  };
  run();
  publish();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const publicationTimer = setInterval(publish, publicationIntervalMs);
  publicationTimer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(publicationTimer);
      await Promise.all([running, publishing]);
    },
  };
}
