/**
 * The integration project's global setup: prepares each seed level of `createTestDatabase` once per
 * run, so a test file copies a ready database instead of migrating and seeding its own (on PGlite a
 * fresh cluster is an initdb, the migrations and the demo seed: seconds per file).
 *
 * - On PGlite (no `TEST_DATABASE_URL`): one database is migrated, then seeded level by level, and
 *   dumped after each (`none`, `reference`, `demo`) into files of a temp folder.
 * - On PostgreSQL: three template databases, each created from the one below and seeded further;
 *   a test file's database is `CREATE DATABASE … TEMPLATE` the one of its level.
 *
 * The files or templates are removed when the run ends.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { adminQuery, databaseUrl, migrateAndSeed, seedLevel, type TestSeed } from "./test-database";

const LEVELS = ["none", "reference", "demo"] as const satisfies readonly TestSeed[];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? prepareTemplates(project, adminUrl) : prepareDumps(project);
}

async function prepareDumps(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), "cuvee-test-dumps-"));
  const dumps = {} as Record<TestSeed, string>;
  const handle = await openDatabase({});
  try {
    await migrateAndSeed(handle, "none");
    for (const level of LEVELS) {
      if (level !== "none") await seedLevel(handle.db, level);
      dumps[level] = path.join(folder, `${level}.tar`);
      await writeFile(dumps[level], Buffer.from(await (await handle.dump!()).arrayBuffer()));
    }
  } finally {
    await handle.close();
  }
  project.provide("preparedDatabases", dumps);
  return () => rm(folder, { recursive: true, force: true });
}

async function prepareTemplates(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString("hex");
  const templates = {} as Record<TestSeed, string>;
  const drop = async () => {
    for (const name of Object.values(templates)) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  };
  try {
    let below: string | undefined;
    for (const level of LEVELS) {
      const name = `cuvee_template_${run}_${level}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${name}${below ? ` TEMPLATE ${below}` : ""}`);
      templates[level] = name;
      const handle = await openDatabase({ url: databaseUrl(adminUrl, name) });
      try {
        if (level === "none") await migrateAndSeed(handle, "none");
        else await seedLevel(handle.db, level);
      } finally {
        await handle.close();
      }
      below = name;
    }
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide("preparedDatabases", templates);
  return drop;
}
