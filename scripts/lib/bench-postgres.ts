/**
 * The bench's PostgreSQL databases (the curve is measured on PostgreSQL): one
 * fresh database per catalogue size, created and dropped by the bench on one server — the one of
 * BENCH_DATABASE_URL (an admin URL: a role that may create databases and extensions), else the
 * throwaway cluster of `scripts/ensure-postgres.sh start` (127.0.0.1:54329, started when needed).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";

/** Prefix of every database the bench creates; a leftover one (a killed run) is safe to drop. */
export const BENCH_DATABASE_PREFIX = "cuvee_bench_";

/**
 * The admin URL of the server to use.
 * @param root the repository (for scripts/ensure-postgres.sh)
 * @throws Error when ensure-postgres.sh fails (no PostgreSQL and no way to install it)
 */
export function adminUrl(root: string): string {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    if (!/^postgres(ql)?:\/\//.test(given)) throw new Error("BENCH_DATABASE_URL must be a postgres:// admin URL");
    return given;
  }
  const out = execFileSync("bash", [path.join(root, "scripts/ensure-postgres.sh"), "start"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = out.trim().split("\n").at(-1) ?? "";
  if (!url.startsWith("postgres://")) throw new Error(`scripts/ensure-postgres.sh printed no URL: ${out}`);
  return url;
}

/** The same server and credentials, another database. */
export function databaseUrl(admin: string, database: string): string {
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** `PostgreSQL 15.8` (the server's version, for the report). */
export function serverVersion(admin: string): Promise<string> {
  return withClient(
    admin,
    async (c) => `PostgreSQL ${(await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v.split(" ")[0]}`,
  );
}

/**
 * Creates an empty database named `cuvee_bench_<label>_<pid>` and returns its name and URL.
 * @throws Error when the role may not create databases
 */
export async function createBenchDatabase(admin: string, label: string): Promise<{ name: string; url: string }> {
  const name = `${BENCH_DATABASE_PREFIX}${label}_${process.pid}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  await withClient(admin, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
  return { name, url: databaseUrl(admin, name) };
}

/** Drops a bench database, ending its connections (WITH (FORCE), PostgreSQL 13+). Never throws. */
export async function dropBenchDatabase(admin: string, name: string): Promise<void> {
  try {
    await withClient(admin, (c) => c.query(`drop database if exists "${name}" with (force)`));
  } catch (error) {
    console.warn(`  could not drop database ${name}: ${(error as Error).message}`);
  }
}

/**
 * `VACUUM ANALYZE` of the whole database, then a `CHECKPOINT`: the visibility map and the
 * planner's statistics a catalogue has once autovacuum has passed, rather than those of rows
 * inserted a second ago, and its pages already written out, so the checkpointer does not spread
 * the generation's writes over the first minutes of the measurements. Then `sync`: the checkpoint
 * hands its pages to the kernel, which would write them to disk ~30 s later
 * (`vm.dirty_expire_centisecs`), in the middle of the latency curve (126 MB dirty after the
 * 10,000-product catalogue, about ten times that at 100,000); they are written now instead. It
 * flushes this machine's disks only: a PostgreSQL elsewhere (BENCH_DATABASE_URL) is left as it is.
 * @returns the seconds it took
 */
export async function vacuumAnalyze(url: string): Promise<number> {
  const started = performance.now();
  await withClient(url, async (c) => {
    await c.query("vacuum analyze");
    // A role without pg_checkpoint (or superuser) measures without it, as before.
    await c.query("checkpoint").catch((error: Error) => console.warn(`  no CHECKPOINT: ${error.message}`));
  });
  execFileSync("sync");
  return (performance.now() - started) / 1000;
}
