/**
 * Periodic jobs of a server process (issue 6 §5): the guest cart sweep, at start-up and then
 * every quarter of an hour. Each job is idempotent and takes its own database lock, so any
 * number of processes may run this schedule against one PostgreSQL.
 */
import { sweepExpiredGuestCarts } from "~/cart/guest-carts.server";
import type { Database } from "~/db/client.server";

export const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Starts the schedule.
 * @returns `stop()`, which cancels the next runs and resolves once a run in progress has ended.
 */
export function startMaintenance(db: Database, intervalMs = MAINTENANCE_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = sweepExpiredGuestCarts(db)
      .then((deleted) => {
        if (deleted) console.log(`Guest cart sweep: ${deleted} expired cart(s) deleted.`);
      })
      .catch((error: unknown) => console.error(`Guest cart sweep failed: ${(error as Error).message}`));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
