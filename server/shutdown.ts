/**
 * Graceful shutdown. On SIGTERM or SIGINT the server stops accepting connections,
 * lets the requests in flight finish (at most `graceMs`, then their connections are cut), closes
 * what it holds (the periodic jobs, then the database: PGlite flushed, the PostgreSQL pool ended)
 * and exits 0. It exits 1 if closing fails, if closing has not ended `CLOSE_DEADLINE_MS` after the
 * cut (a handler stuck on a lock keeps its database client), or at a second signal (an operator's
 * second Ctrl-C).
 */
import type { Server } from "node:http";

export const SHUTDOWN_GRACE_MS = 10_000;
/** How long closing the resources may take after the grace period before the process gives up. */
const CLOSE_DEADLINE_MS = 5_000;

export function shutDownGracefullyOnSignals(server: Server, closeResources: () => Promise<void>, graceMs = SHUTDOWN_GRACE_MS): void {
  let shuttingDown = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    shuttingDown = true;
    console.log(`${signal}: no new connections; finishing the requests in flight (at most ${graceMs / 1000} s)…`);
    const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
    cutOff.unref();
    const giveUp = setTimeout(() => {
      console.error("Shutdown: still closing after the deadline; exiting.");
      process.exit(1);
    }, graceMs + CLOSE_DEADLINE_MS);
    giveUp.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(cutOff);
    try {
      await closeResources();
    } catch (error) {
      console.error(`Shutdown: could not close cleanly: ${(error as Error).message}`);
      process.exit(1);
    }
    console.log("Shutdown complete.");
    process.exit(0);
  };
  process.on("SIGTERM", (signal) => void shutDown(signal));
  process.on("SIGINT", (signal) => void shutDown(signal));
}
