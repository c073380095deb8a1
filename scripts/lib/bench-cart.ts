/**
 * The cart load test of `npm run bench` ("two app processes behind one PostgreSQL
 * serve the bench with no error and no lost cart update"). Many virtual shoppers, each with its own
 * cookie jar (its own guest session) and its own client address, edit their carts through two app
 * processes at once, with the cart's real forms (POST /shopping-cart, intents add / update /
 * remove, the lock version of the page — docs/product.md#cart, app/cart/cart.server.ts):
 *
 * - each shopper's requests alternate between the processes, and every page read after a change
 *   goes to the other process than the change (as a load balancer may send them);
 * - every third shopper has "two tabs": each edit is sent twice at once, one per process, for the
 *   same line with the same lock version and different quantities. One must be accepted (303) and
 *   the other refused as stale (409); the refused tab re-reads the cart and sends its edit again.
 *
 * A lost update is any accepted change the final cart does not show. Accepted changes of one cart
 * are serialised by its lock version (a change sent with version v takes the cart to v + 1), so the
 * final cart must equal the replay of the accepted changes in version order, its version must be
 * 1 + the number of accepted changes after the first add, and no two accepted edits may have been
 * sent with the same version. Any answer other than 303, 409 or the cart page's 200 (a 400, 429,
 * 500, a network error) is an error.
 *
 * The shop identifies a client by its address (`req.ip`, rate limits per client): the app processes
 * run with TRUST_PROXY=loopback, as behind a load balancer on the same machine, and each shopper
 * sends its own X-Forwarded-For. {@link checkSharedRateLimit} proves the cart-write limit counts one
 * client's writes across both processes (PostgreSQL-backed counters, app/http/rate-limit.server.ts).
 */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";
import { inventories, productInventories, products } from "../../app/db/schema";
import { RATE_LIMITS } from "../../app/http/rate-limit.server";

/** The largest quantity a shopper sets; the items chosen have stock for it, by the case. */
const MAX_QUANTITY = 4;
/** Lines in each cart. */
const LINES = 3;
/** A refused (409) edit is re-read and sent again at most this many times. */
const MAX_RETRIES = 10;

/** What the load test found. */
export interface CartLoadFigures {
  processes: string[];
  shoppers: number;
  twoTabShoppers: number;
  editsPerShopper: number;
  seconds: number;
  /** POSTs sent (adds, updates, removes, retries included) and cart pages read. */
  writes: number;
  reads: number;
  /** Changes answered 303. */
  accepted: number;
  /** Edits answered 409 (stale lock version), each re-read and sent again. */
  conflicts: number;
  /** Two-tab rounds where exactly one tab won and the other got a 409, as it must. */
  twoTabRoundsOneWinner: number;
  /** Two-tab rounds where both tabs were accepted with the same version: lost updates. */
  twoTabRoundsBothAccepted: number;
  /** Answers other than 303 / 409 / 200, by status ("network" for a failed request). */
  errors: Record<string, number>;
  /** Pages read after a change, through the other process, that did not show it yet. */
  staleReads: number;
  lostUpdates: number;
  /** A few words per problem, for the report (at most 10). */
  problems: string[];
}

interface Item {
  id: number;
}

/**
 * Product inventories every shopper can put in a Quebec cart (the visitor's default province):
 * purchasable here, available, with stock for {@link MAX_QUANTITY} cases.
 * @throws Error when the catalogue has fewer than {@link LINES} of them
 */
export async function cartItems(databaseUrl: string, count = 60): Promise<Item[]> {
  const handle = await openDatabase({ url: databaseUrl });
  try {
    const rows = await handle.db
      .select({ id: productInventories.id })
      .from(productInventories)
      .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
      .innerJoin(products, eq(products.id, productInventories.productId))
      .where(
        and(
          eq(inventories.province, "QC"),
          eq(inventories.purchasable, true),
          eq(productInventories.availabilityStatus, "AVAILABLE"),
          gte(productInventories.quantity, sql`${MAX_QUANTITY} * greatest(${products.uvc}, 1)`),
        ),
      )
      .orderBy(asc(productInventories.id))
      .limit(count);
    if (rows.length < LINES) throw new Error(`the catalogue has only ${rows.length} product inventories a Quebec cart can take`);
    return rows;
  } finally {
    await handle.close();
  }
}

/** A cart as its page shows it. */
interface CartView {
  version: number | null;
  lines: Map<number, number>;
}

/** The lines and lock version in the cart page's update forms (app/cart/ui/cart-line.tsx). */
export function parseCartPage(html: string): CartView {
  const lines = new Map<number, number>();
  let version: number | null = null;
  for (const chunk of html.split('data-testid="cart-line"').slice(1)) {
    const id = /data-product-inventory-id="(\d+)"/.exec(chunk);
    const quantity = /name="currentQuantity" value="(\d+)"/.exec(chunk);
    const lock = /name="lockVersion" value="(\d+)"/.exec(chunk);
    if (!id || !quantity || !lock) throw new Error("a cart line without its update form's fields");
    lines.set(Number(id[1]), Number(quantity[1]));
    version = Number(lock[1]);
  }
  return { version, lines };
}

/** One shopper's browser: a cookie jar and a client address, talking to either process. */
class Shopper {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly processes: string[],
    private readonly address: string,
    visitorCookie: string,
    private readonly figures: CartLoadFigures,
  ) {
    for (const pair of visitorCookie.split(";")) {
      const at = pair.indexOf("=");
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  private headers(): Record<string, string> {
    return { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "), "x-forwarded-for": this.address };
  }

  private keep(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      if (/;\s*max-age=0/i.test(header)) this.jar.delete(name);
      else this.jar.set(name, pair.slice(at + 1).trim());
    }
  }

  private error(kind: string, detail: string): void {
    this.figures.errors[kind] = (this.figures.errors[kind] ?? 0) + 1;
    if (this.figures.problems.length < 10) this.figures.problems.push(detail);
  }

  /** Posts a cart form. @returns the status, or 0 for a network error (counted). */
  async post(process: number, fields: Record<string, string | number>): Promise<number> {
    this.figures.writes++;
    try {
      const response = await fetch(`${this.processes[process]}/shopping-cart`, {
        method: "POST",
        headers: { ...this.headers(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        redirect: "manual",
        signal: AbortSignal.timeout(60_000),
      });
      await response.arrayBuffer();
      this.keep(response);
      if (response.status !== 303 && response.status !== 409)
        this.error(String(response.status), `${fields.intent} via process ${process + 1}: ${response.status}`);
      return response.status;
    } catch (error) {
      this.error("network", `${fields.intent} via process ${process + 1}: ${(error as Error).message}`);
      return 0;
    }
  }

  /** Reads the cart page. @returns null after an error (counted). */
  async read(process: number): Promise<CartView | null> {
    this.figures.reads++;
    try {
      const response = await fetch(`${this.processes[process]}/shopping-cart`, {
        headers: this.headers(),
        redirect: "manual",
        signal: AbortSignal.timeout(60_000),
      });
      const html = await response.text();
      this.keep(response);
      if (response.status !== 200) {
        this.error(String(response.status), `cart page via process ${process + 1}: ${response.status}`);
        return null;
      }
      return parseCartPage(html);
    } catch (error) {
      this.error("network", `cart page via process ${process + 1}: ${(error as Error).message}`);
      return null;
    }
  }
}

/** An accepted change: the version it was sent with, the line, its new quantity (null: removed). */
interface Change {
  version: number;
  id: number;
  quantity: number | null;
}

function replay(initial: Map<number, number>, changes: Change[]): Map<number, number> {
  const lines = new Map(initial);
  for (const c of [...changes].sort((a, b) => a.version - b.version)) {
    if (c.quantity === null) lines.delete(c.id);
    else lines.set(c.id, c.quantity);
  }
  return lines;
}

function sameLines(a: Map<number, number>, b: Map<number, number>): boolean {
  return a.size === b.size && [...a].every(([id, q]) => b.get(id) === q);
}

function describe(lines: Map<number, number>): string {
  return [...lines].map(([id, q]) => `${id}×${q}`).join(" ") || "empty";
}

/** A quantity in 1…MAX_QUANTITY other than each of `avoid`. */
function otherQuantity(seed: number, avoid: (number | undefined)[]): number {
  for (let i = 0; i < MAX_QUANTITY; i++) {
    const q = ((seed + i) % MAX_QUANTITY) + 1;
    if (!avoid.includes(q)) return q;
  }
  return 1;
}

/**
 * Sends an edit until it is accepted: on a 409, re-reads the cart through the same process and
 * sends it again with the version read. @returns the accepted change, or null (an error, counted).
 */
async function editUntilAccepted(
  shopper: Shopper,
  figures: CartLoadFigures,
  process: number,
  edit: { id: number; quantity: number | null },
  version: number,
): Promise<Change | null> {
  let current = version;
  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
    const fields: Record<string, string | number> =
      edit.quantity === null
        ? { intent: "remove", productInventoryId: edit.id, lockVersion: current }
        : { intent: "update", productInventoryId: edit.id, quantity: edit.quantity, lockVersion: current };
    const status = await shopper.post(process, fields);
    if (status === 303) {
      figures.accepted++;
      return { version: current, ...edit };
    }
    if (status !== 409) return null;
    figures.conflicts++;
    const seen = await shopper.read(process);
    if (!seen || seen.version === null) return null;
    current = seen.version;
  }
  return null;
}

/** One shopper's session; adds to `figures`. */
async function shop(
  k: number,
  processes: string[],
  visitorCookie: string,
  items: Item[],
  edits: number,
  figures: CartLoadFigures,
): Promise<void> {
  const address = `10.77.${(k >> 8) & 255}.${k & 255}`;
  const shopper = new Shopper(processes, address, visitorCookie, figures);
  const twoTabs = k % 3 === 0;
  let turn = k % 2;
  const other = (p: number) => (p + 1) % processes.length;
  const mine = Array.from({ length: LINES }, (_, j) => items[(k * LINES + j) % items.length]!.id);
  const problem = (text: string) => figures.problems.length < 10 && figures.problems.push(`shopper ${k}: ${text}`);

  // The lines: one add each, alternating processes. The first creates the cart at version 1.
  const initial = new Map<number, number>();
  for (const id of mine) {
    const status = await shopper.post(turn, { intent: "add", productInventoryId: id, quantity: 1 });
    turn = other(turn);
    if (status !== 303) return;
    figures.accepted++;
    initial.set(id, 1);
  }
  const changes: Change[] = [];
  const baseVersion = LINES;
  let view = await shopper.read(turn);
  if (!view) return;
  if (view.version !== baseVersion || !sameLines(view.lines, initial)) {
    figures.staleReads++;
    problem(`after ${LINES} adds the other process shows version ${view.version} with ${describe(view.lines)}`);
  }

  for (let e = 0; e < edits; e++) {
    const id = mine[e % LINES]!;
    const version = view.version ?? baseVersion;
    const now = view.lines.get(id);
    if (!twoTabs) {
      const change = await editUntilAccepted(shopper, figures, turn, { id, quantity: otherQuantity(k + e, [now]) }, version);
      if (!change) return;
      changes.push(change);
    } else {
      // Two tabs showing the same page send their edits at once, one through each process.
      const wanted = [otherQuantity(k + e, [now]), 0];
      wanted[1] = otherQuantity(k + e + 1, [now, wanted[0]]);
      const fields = (q: number) => ({ intent: "update", productInventoryId: id, quantity: q, lockVersion: version });
      const statuses = await Promise.all([shopper.post(0, fields(wanted[0]!)), shopper.post(1, fields(wanted[1]))]);
      const winners = statuses.filter((s) => s === 303).length;
      if (winners === 2) {
        figures.twoTabRoundsBothAccepted++;
        problem(`both tabs accepted with version ${version}`);
      } else if (winners === 1 && statuses.includes(409)) {
        figures.twoTabRoundsOneWinner++;
      }
      for (const [tab, status] of statuses.entries()) {
        if (status === 303) {
          figures.accepted++;
          changes.push({ version, id, quantity: wanted[tab]! });
        } else if (status === 409) {
          // The refused tab re-reads (through its process) and sends its quantity again.
          figures.conflicts++;
          const seen = await shopper.read(tab);
          if (!seen || seen.version === null) return;
          const change = await editUntilAccepted(shopper, figures, tab, { id, quantity: wanted[tab]! }, seen.version);
          if (!change) return;
          changes.push(change);
        } else {
          return;
        }
      }
    }
    // The page after the change, through the other process: it must show every accepted change.
    const reader = other(turn);
    const seen = await shopper.read(reader);
    if (!seen) return;
    const expected = replay(initial, changes);
    if (seen.version !== baseVersion + changes.length || !sameLines(seen.lines, expected)) {
      figures.staleReads++;
      problem(
        `process ${reader + 1} shows version ${seen.version} ${describe(seen.lines)}, expected ${baseVersion + changes.length} ${describe(expected)}`,
      );
    }
    view = seen;
    turn = other(turn);
  }

  // Every fourth shopper removes a line at the end (a version-checked change too).
  if (k % 4 === 1) {
    const change = await editUntilAccepted(shopper, figures, turn, { id: mine[LINES - 1]!, quantity: null }, view.version ?? baseVersion);
    if (!change) return;
    changes.push(change);
  }

  // The final cart, read through each process. Two accepted edits sent with the same version
  // mean one overwrote the other unseen; a version short of the count, changes that did not count.
  const expected = replay(initial, changes);
  const expectedVersion = baseVersion + changes.length;
  let lost = changes.length - new Set(changes.map((c) => c.version)).size;
  for (let p = 0; p < processes.length; p++) {
    const final = await shopper.read(p);
    if (!final) return;
    const ids = new Set([...expected.keys(), ...final.lines.keys()]);
    const wrongLines = [...ids].filter((id) => final.lines.get(id) !== expected.get(id)).length;
    const versionGap = Math.abs(expectedVersion - (final.version ?? 0));
    if (wrongLines > 0 || versionGap > 0) {
      problem(
        `final cart via process ${p + 1}: version ${final.version} ${describe(final.lines)}, expected ${expectedVersion} ${describe(expected)}`,
      );
      lost = Math.max(lost, versionGap, wrongLines);
    }
  }
  figures.lostUpdates += lost;
}

/**
 * Runs the load test: `shoppers` sessions at once, each with {@link LINES} lines and `edits` edits.
 * @param processes the app processes' origins (two), e.g. `http://127.0.0.1:3300`
 * @param visitorCookie the cookies of a visitor past the age gate and the notices (no session)
 */
export async function cartLoadTest(
  processes: string[],
  visitorCookie: string,
  items: Item[],
  options: { shoppers: number; edits: number },
): Promise<CartLoadFigures> {
  // Adds, edits (a two-tab edit is two posts and a retry) and the final remove.
  const writesPerShopper = LINES + options.edits * 3 + 1;
  if (writesPerShopper > RATE_LIMITS.cartWrite.points) {
    throw new Error(
      `BENCH_CART_EDITS too high: a shopper would need up to ${writesPerShopper} cart writes a minute, over the limit of ${RATE_LIMITS.cartWrite.points}`,
    );
  }
  const figures: CartLoadFigures = {
    processes,
    shoppers: options.shoppers,
    twoTabShoppers: Math.ceil(options.shoppers / 3),
    editsPerShopper: options.edits,
    seconds: 0,
    writes: 0,
    reads: 0,
    accepted: 0,
    conflicts: 0,
    twoTabRoundsOneWinner: 0,
    twoTabRoundsBothAccepted: 0,
    errors: {},
    staleReads: 0,
    lostUpdates: 0,
    problems: [],
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.shoppers }, (_, k) => shop(k, processes, visitorCookie, items, options.edits, figures)));
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}

/** Whether one client's cart writes are counted together by every process. */
export interface SharedLimitFigures {
  limit: number;
  /** Writes accepted by the limiter (answered anything but 429) before the first 429. */
  allowedBeforeRefusal: number;
  /** The status of the write after the limit, or null when none was refused. */
  refusedWith: number | null;
  shared: boolean;
}

/**
 * Sends `cartWrite.points + 1` cart writes from one new client address, alternating processes. The
 * limit is counted before the form is read, so empty forms do (each is a 400). Shared counters
 * refuse the last one with a 429; per-process counters would let every one through.
 */
export async function checkSharedRateLimit(processes: string[], visitorCookie: string): Promise<SharedLimitFigures> {
  const limit = RATE_LIMITS.cartWrite.points;
  const address = "10.78.0.1";
  let allowed = 0;
  let refusedWith: number | null = null;
  for (let i = 0; i <= limit; i++) {
    const response = await fetch(`${processes[i % processes.length]}/shopping-cart`, {
      method: "POST",
      headers: { cookie: visitorCookie, "x-forwarded-for": address, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=none",
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status === 429) {
      refusedWith = 429;
      break;
    }
    allowed++;
  }
  return { limit, allowedBeforeRefusal: allowed, refusedWith, shared: refusedWith === 429 && allowed === limit };
}
