/**
 * The bench's cart load test must catch what it claims to (scripts/lib/bench-cart.ts): run against
 * small fake shops on loopback — one that keeps lock versions as the real cart does, and broken
 * ones (lock versions ignored, a store per process, 500s, per-process rate limits) — it passes the
 * first and reports each breakage.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { cartLoadTest, checkSharedRateLimit, parseCartPage } from "./bench-cart";

interface Store {
  carts: Map<string, { version: number; lines: Map<number, number> }>;
  hits: Map<string, number>;
}

interface Faults {
  ignoreLockVersion?: boolean;
  failEvery?: number;
}

const newStore = (): Store => ({ carts: new Map(), hits: new Map() });
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function body(req: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

/** A shop process: the cart page and its forms, the cart-write limit (60 per address), on `store`. */
async function fakeShop(store: Store, faults: Faults = {}): Promise<string> {
  let writes = 0;
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a test double: a rejection fails the test
  const server = createServer(async (req, res) => {
    const session = /session=(\w+)/.exec(req.headers.cookie ?? "")?.[1] ?? Math.random().toString(36).slice(2);
    res.setHeader("Set-Cookie", `session=${session}; Path=/; HttpOnly`);
    const cart = store.carts.get(session);
    if (req.method === "GET") {
      const lines = [...(cart?.lines ?? [])].map(
        ([id, q]) =>
          `<li data-testid="cart-line" data-product-inventory-id="${id}"><input type="hidden" name="intent" value="update"/>` +
          `<input type="hidden" name="productInventoryId" value="${id}"/><input type="hidden" name="currentQuantity" value="${q}"/>` +
          `<input type="hidden" name="lockVersion" value="${cart!.version}"/></li>`,
      );
      res.writeHead(200, { "content-type": "text/html" }).end(`<ul>${lines.join("")}</ul>`);
      return;
    }
    const address = String(req.headers["x-forwarded-for"]);
    store.hits.set(address, (store.hits.get(address) ?? 0) + 1);
    const form = await body(req);
    if (store.hits.get(address)! > 60) return void res.writeHead(429).end();
    if (faults.failEvery && ++writes % faults.failEvery === 0) return void res.writeHead(500).end();
    const id = Number(form.get("productInventoryId"));
    const intent = form.get("intent");
    if (intent === "add") {
      if (!cart) store.carts.set(session, { version: 1, lines: new Map([[id, Number(form.get("quantity"))]]) });
      else {
        cart.lines.set(id, (cart.lines.get(id) ?? 0) + Number(form.get("quantity")));
        cart.version++;
      }
    } else if (intent === "update" || intent === "remove") {
      if (!cart || (!faults.ignoreLockVersion && Number(form.get("lockVersion")) !== cart.version)) return void res.writeHead(409).end();
      if (intent === "update") cart.lines.set(id, Number(form.get("quantity")));
      else cart.lines.delete(id);
      cart.version++;
    } else {
      return void res.writeHead(400).end();
    }
    res.writeHead(303, { location: "/shopping-cart" }).end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const ITEMS = [{ id: 11 }, { id: 12 }, { id: 13 }, { id: 14 }];
const OPTIONS = { shoppers: 6, edits: 4 };

describe("cart load test", () => {
  it("passes a shop whose processes share the carts and check lock versions", async () => {
    const store = newStore();
    const figures = await cartLoadTest([await fakeShop(store), await fakeShop(store)], "", ITEMS, OPTIONS);
    expect(figures).toMatchObject({ errors: {}, lostUpdates: 0, staleReads: 0, twoTabRoundsBothAccepted: 0 });
    // Shoppers 0 and 3 have two tabs: each of their 4 rounds has one winner and one 409, retried.
    expect(figures.twoTabRoundsOneWinner).toBe(8);
    expect(figures.conflicts).toBe(8);
    // 6 × 3 adds, 6 × 4 edits + 8 retried tabs, the removes of shoppers 1 and 5.
    expect(figures.accepted).toBe(18 + 24 + 8 + 2);
  });

  it("reports lost updates when stale edits are accepted", async () => {
    const store = newStore();
    const figures = await cartLoadTest(
      [await fakeShop(store, { ignoreLockVersion: true }), await fakeShop(store, { ignoreLockVersion: true })],
      "",
      ITEMS,
      OPTIONS,
    );
    expect(figures.twoTabRoundsBothAccepted).toBe(8);
    expect(figures.lostUpdates).toBeGreaterThan(0);
  });

  it("reports stale reads and lost updates when each process keeps its own carts", async () => {
    const figures = await cartLoadTest([await fakeShop(newStore()), await fakeShop(newStore())], "", ITEMS, OPTIONS);
    expect(figures.staleReads).toBeGreaterThan(0);
    expect(figures.lostUpdates + Object.keys(figures.errors).length).toBeGreaterThan(0);
  });

  it("counts a 500 as an error", async () => {
    const store = newStore();
    const figures = await cartLoadTest([await fakeShop(store, { failEvery: 7 }), await fakeShop(store)], "", ITEMS, OPTIONS);
    expect(figures.errors["500"]).toBeGreaterThan(0);
  });

  it("tells a rate limit shared by the processes from one counted per process", async () => {
    const shared = newStore();
    expect(await checkSharedRateLimit([await fakeShop(shared), await fakeShop(shared)], "")).toMatchObject({
      shared: true,
      allowedBeforeRefusal: 60,
      refusedWith: 429,
    });
    expect(await checkSharedRateLimit([await fakeShop(newStore()), await fakeShop(newStore())], "")).toMatchObject({
      shared: false,
      refusedWith: null,
    });
  });

  it("reads the lines and lock version of the cart page's update forms", () => {
    const html =
      '<li data-testid="cart-line" data-product-inventory-id="7"><form><input type="hidden" name="currentQuantity" value="2"/><input type="hidden" name="lockVersion" value="5"/></form></li>' +
      '<li data-testid="cart-line" data-product-inventory-id="9"><form><input type="hidden" name="currentQuantity" value="1"/><input type="hidden" name="lockVersion" value="5"/></form></li>';
    expect(parseCartPage(html)).toEqual({
      version: 5,
      lines: new Map([
        [7, 2],
        [9, 1],
      ]),
    });
    expect(parseCartPage("<p>empty</p>")).toEqual({ version: null, lines: new Map() });
  });
});
