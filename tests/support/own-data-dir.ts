/**
 * A test file's own data folder and outbox folder, set in the environment before any app module
 * reads it: `getEnv()` caches the configuration on its first call. Imports nothing of the app, so
 * it can run inside `vi.hoisted`, before the file's imports:
 *
 *   const { outboxDir } = await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("orders"));
 *
 * Mail goes to the outbox folder (no SMTP). `env` adds variables of the file's own.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function useOwnDataDir(name: string, env: Record<string, string> = {}): { dataDir: string; outboxDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), `cuvee-${name}-test-`));
  const outboxDir = join(dataDir, "outbox");
  Object.assign(process.env, { DATA_DIR: dataDir, OUTBOX_DIR: outboxDir, SMTP_URL: "", ...env });
  return { dataDir, outboxDir };
}
