/**
 * Graceful shutdown (issue 6 §6). On SIGTERM or SIGINT the server stops accepting connections,
 * lets the requests in flight finish (at most `graceMs`, then their connections are cut), closes
 * what it holds (the periodic jobs, then the database: PGlite flushed, the PostgreSQL pool ended)
 * and exits 0; 1 if closing failed. A second signal while shutting down is ignored.
 */
import type { Server } from "node:http";

export const SHUTDOWN_GRACE_MS = 10_000;

export function shutDownGracefullyOnSignals(
  server: Server,
  closeResources: () => Promise<void>,
  graceMs = SHUTDOWN_GRACE_MS,
): void {
  let shuttingDown = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`${signal}: no new connections; finishing the requests in flight (at most ${graceMs / 1000} s)…`);
    const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
    cutOff.unref();
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
