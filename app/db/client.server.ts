/**
 * Database connection: embedded PGlite by default, PostgreSQL when a postgres:// URL is given.
 * Both run the same Drizzle schema and the same migrations (docs/product.md#how-the-shop-is-built).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database every feature module receives; the same API for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the migrations of app/db/migrations that are not applied yet. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotice` for every notification on `channel` (`LISTEN`), delivered when the notifying
   * transaction commits, whichever process or connection sent it. On PostgreSQL the listener has a
   * connection of its own (TCP keep-alive, and a query every 30 s to find one that died silently);
   * when that connection is lost, it reconnects (after 1 s, then up to 30 s apart) and calls
   * `onNotice` once more, for the notices it may have missed meanwhile.
   * @returns a function that stops listening
   */
  listen(channel: string, onNotice: () => void): Promise<() => Promise<void>>;
  /**
   * PGlite only: the whole database as a tarball, which `openDatabase({ pgliteDump })` opens again
   * as it was (the tests prepare each seed level once per run this way). Undefined on PostgreSQL.
   */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "app/db/migrations");

/** The advisory lock several app processes starting together take to migrate one at a time. */
const MIGRATION_LOCK = 7_020_011;

/**
 * Runs `migrate` while holding a session advisory lock on a connection of its own
 * (several processes on one PostgreSQL). Drizzle's migrator takes no lock, so two processes starting
 * together on a release with a new migration would both apply it; the second now waits, then finds
 * it applied.
 */
async function migrateUnderLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** How long opening a PostgreSQL connection may take before the query fails. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Waits before reconnecting a lost listener: 1 s, doubling up to 30 s. */
const RELISTEN_DELAYS_MS = { first: 1_000, most: 30_000 };
/**
 * How often a listener's connection is checked with a query. A connection that died without a
 * word (a failover, a NAT or load balancer dropping an idle flow) raises nothing until written to.
 */
const LISTENER_CHECK_MS = 30_000;

/**
 * `LISTEN channel` on a connection of its own (a pooled one goes back to the pool between
 * queries), reconnecting when the connection is lost; see {@link DatabaseHandle.listen}.
 * @throws when the first connection fails (start-up); later failures are logged and retried.
 */
async function listenOnPostgres(url: string, channel: string, onNotice: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const check = setInterval(() => {
    const current = client;
    // A failed check ends the connection, which reconnects (its "end" handler).
    current?.query("select 1").catch(() => void current.end().catch(() => undefined));
  }, LISTENER_CHECK_MS);
  check.unref();
  let delay = RELISTEN_DELAYS_MS.first;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotice();
    });
    // A lost connection (server restart, failover, terminated backend) errors, then ends.
    next.on("error", (error) => {
      console.error(`PostgreSQL listener (${channel}) lost its connection: ${error.message}`);
      void next.end().catch(() => undefined);
    });
    next.on("end", () => {
      if (client === next) relisten();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    // Stopped while connecting: nothing may stay open.
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };
  const relisten = () => {
    client = undefined;
    if (stopped) return;
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (stopped) return;
          delay = RELISTEN_DELAYS_MS.first;
          onNotice();
        },
        (error: Error) => {
          console.error(`PostgreSQL listener (${channel}) cannot reconnect: ${error.message}`);
          delay = Math.min(delay * 2, RELISTEN_DELAYS_MS.most);
          relisten();
        },
      );
    }, delay);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(check);
    await client?.end();
  };
}

/**
 * Opens a database.
 * @param target `{ url }` with a `postgres://` or `postgresql://` URL for PostgreSQL,
 *   `{ pgliteDir }` for a PGlite directory (created when missing), `{ pgliteDump }` for an in-memory
 *   PGlite loaded from a {@link DatabaseHandle.dump}, or `{}` for an empty in-memory PGlite.
 * @throws when the server cannot be reached or the directory cannot be created.
 */
export async function openDatabase(target: { url?: string; pgliteDir?: string; pgliteDump?: Blob }): Promise<DatabaseHandle> {
  if (target.url) {
    // A connection that cannot be made in 5 s fails (a 503, decision 029) instead of holding the
    // request until the operating system gives up on an unreachable server.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // An idle connection closed by the server (restart, failover, DROP DATABASE) must not crash
    // the process; the pool replaces it on the next query.
    pool.on("error", (error) => console.error(`PostgreSQL idle connection error: ${error.message}`));
    // Fail at start-up, not on the first request.
    await pool.query("select 1");
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: () => migrateUnderLock(pool, () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER })),
      listen: (channel, onNotice) => listenOnPostgres(target.url!, channel, onNotice),
      close: () => pool.end(),
    };
  }
  if (target.pgliteDir) mkdirSync(path.dirname(path.resolve(target.pgliteDir)), { recursive: true });
  const client = new PGlite({
    dataDir: target.pgliteDir,
    loadDataDir: target.pgliteDump,
    extensions: { unaccent, pg_trgm },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: async (channel, onNotice) => {
      const unlisten = await client.listen(channel, () => onNotice());
      return () => unlisten();
    },
    dump: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}
