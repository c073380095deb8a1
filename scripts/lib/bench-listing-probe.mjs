// Loaded into the bench's app server with `node --import` (scripts/lib/bench-listing.ts): the
// server's event-loop delay (perf_hooks.monitorEventLoopDelay) and memory, written to the file
// named by BENCH_LISTING_PROBE_FILE on each SIGUSR2, then reset. Inert in any other process.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_LISTING_PROBE_FILE;
if (file && /serve\.mjs$/.test(process.argv[1] ?? "")) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const write = () =>
    writeFileSync(
      file,
      JSON.stringify({
        pid: process.pid,
        rss: process.memoryUsage.rss(),
        maxDelayMs: delay.max / 1e6,
        p99DelayMs: delay.percentile(99) / 1e6,
      }),
    );
  write();
  process.on("SIGUSR2", () => {
    write();
    delay.reset();
  });
}
