/**
 * Goal 4 with the shared page cache (docs/decisions/026-shared-page-cache.md): a change of the
 * catalogue committed by anyone (here straight in the database, as another process or an import
 * would) reaches the shared `/products` of every app process. Each process's page is first served
 * from its cache (it answers with `Age`), then the first product's name gets a marker, and each
 * process is asked again every 20 ms until its page shows the marker.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** What one process showed. */
export interface SharedPageFollow {
  base: string;
  /** Whether `/products` came from the process's shared cache before the change. */
  sharedBefore: boolean;
  /** Milliseconds from the commit to the first page showing the change; null: not within the limit. */
  msAfterCommit: number | null;
}

export interface SharedPagesFigures {
  processes: SharedPageFollow[];
  ok: boolean;
}

const LIMIT_MS = 5_000;

/**
 * Runs the check.
 * @param productSlug the slug of a product `/products` lists (its first)
 * @param headers the visitor's request headers (cookies of answered dialogs, no session)
 */
export async function checkSharedPagesFollowChanges(
  bases: string[],
  databaseUrl: string,
  headers: Record<string, string>,
  productSlug: string,
): Promise<SharedPagesFigures> {
  const page = async (base: string) => {
    const response = await fetch(`${base}/products`, { headers, signal: AbortSignal.timeout(30_000) });
    return { shared: response.headers.has("Age"), html: await response.text() };
  };
  const sharedBefore: boolean[] = [];
  for (const base of bases) {
    await page(base);
    sharedBefore.push((await page(base)).shared);
  }
  const marker = `BENCH${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      "update products set name_fr = name_fr || ' ' || $1, name_en = name_en || ' ' || $1 where slug = $2",
      [marker, productSlug],
    );
    if (result.rowCount !== 1) throw new Error(`no product with slug ${productSlug}`);
  } finally {
    await client.end();
  }
  const committed = performance.now();
  const processes = await Promise.all(
    bases.map(async (base, i): Promise<SharedPageFollow> => {
      while (performance.now() - committed < LIMIT_MS) {
        if ((await page(base)).html.includes(marker))
          return { base, sharedBefore: sharedBefore[i]!, msAfterCommit: performance.now() - committed };
        await new Promise((r) => setTimeout(r, 20));
      }
      return { base, sharedBefore: sharedBefore[i]!, msAfterCommit: null };
    }),
  );
  return { processes, ok: processes.every((p) => p.sharedBefore && p.msAfterCommit !== null) };
}
