/**
 * The bare React Router 7 app of `npm run bench`: the framework's own floor.
 * Same framework settings as the shop (react-router.config.ts): server rendering, middleware.
 * Built by scripts/lib/bench-bare.ts into the bench's temp folder (BENCH_BARE_BUILD_DIR).
 */
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.BENCH_BARE_BUILD_DIR ?? "build",
  future: {
    v8_middleware: true,
  },
} satisfies Config;
