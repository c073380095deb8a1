/**
 * Browser tests (DESIGN §5): every spec of tests/e2e runs twice, with JavaScript (`js`) and
 * without (`no-js`), in Debian's Chromium, against the BUILT app started by scripts/e2e-server.sh
 * on a fresh PGlite. Build first: `npx react-router build && npx playwright test`
 * (`npm test` does both). Never `npx playwright install`: the browser comes from apt.
 */
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** Where the e2e server writes its e-mails (.eml); specs read them back (tests/e2e/support/outbox.ts). */
export const E2E_OUTBOX = path.resolve(process.env.E2E_OUTBOX ?? ".test-results/e2e-outbox");
/** Everything the e2e server prints; the global teardown finds no e-mail in it (decision 030). */
const E2E_SERVER_LOG = path.resolve(process.env.E2E_SERVER_LOG ?? ".test-results/e2e-server.log");
process.env.E2E_SERVER_LOG = E2E_SERVER_LOG;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".test-results/e2e-artifacts",
  // Two Chromium workers and the server share a 2-core machine (a third made tests time out).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  globalTimeout: 24 * 60_000,
  reporter: [["list"], ["json", { outputFile: ".test-results/playwright.json" }]],
  globalTeardown: "./tests/e2e/support/log-check.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    {
      name: "no-js",
      use: { ...chromium, javaScriptEnabled: false },
      // axe-core runs inside the page and needs JavaScript; it checks the same server HTML in `js`.
      testIgnore: /accessibility\.spec\.ts$/,
    },
  ],
  webServer: {
    command: "bash scripts/e2e-server.sh",
    port,
    env: { E2E_PORT: String(port), E2E_OUTBOX: E2E_OUTBOX, E2E_SERVER_LOG },
    reuseExistingServer: false,
    // Start-up creates the PGlite database, migrates and seeds it; the first start on a machine
    // also draws the demo's photos (about 460 images, one to three minutes on two busy cores) into
    // data/demo-art, which later starts read back.
    timeout: 300_000,
    // SIGTERM lets e2e-server.sh stop the app and delete its temp data folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
