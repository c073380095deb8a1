/**
 * The shared page cache (decision 026) as React Router runs it: the root
 * middleware around a page's render (`next`). What a visitor may be given from it, and when the
 * page is rendered again. The built server's headers and bodies: tests/server/shared-page-cache.test.ts.
 */
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDatabaseCaches } from "~/cache.server";
import { setFlash } from "~/http/flash.server";
import { requestContext } from "~/http/request-context";
import { sharedPageCache } from "~/middleware/shared-page-cache.server";
import type { Preferences } from "~/preferences/preferences";
import { ensureGuestId } from "~/session.server";
import { BASE_URL, shopRouterContext } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.close();
});

/** What a render answers: headers over the defaults of entry.server, a status, a body. */
type RenderOptions = { headers?: Record<string, string>; status?: number; body?: string; until?: Promise<void> };

/** A page render: counts itself and writes its nonce into the page, as entry.server does. */
function renderer(options: RenderOptions = {}) {
  const renders: string[] = [];
  return {
    renders,
    next: (nonce: string) => async () => {
      renders.push(nonce);
      await options.until;
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache", ...options.headers });
      return new Response(options.body ?? `<html><script nonce="${nonce}"></script>${"x".repeat(2_000)}</html>`, {
        status: options.status ?? 200,
        headers,
      });
    },
  };
}

let served = 0;

/** One request through the middleware, with a fresh nonce; what the visitor gets and what the policy allows instead of the nonce, if anything. */
async function request(
  path: string,
  next: (nonce: string) => () => Promise<Response>,
  options: { headers?: Record<string, string>; preferences?: Partial<Preferences> } = {},
) {
  const context = await shopRouterContext(testDb.db, options.preferences);
  // React Router strips a client navigation's `.data`; the server keeps the path asked for.
  let hashes: { scriptSrc: string[]; styleSrc: string[] } | undefined;
  const server = {
    nonce: `nonce-${++served}`,
    clientAddress: "127.0.0.1",
    requestedPath: new URL(BASE_URL + path).pathname,
    allowInlineByHash: (allowed: typeof hashes) => (hashes = allowed),
  };
  context.set(requestContext, server);
  const response = await sharedPageCache(
    {
      request: new Request(BASE_URL + path.replace(/\.data\b/, ""), { headers: options.headers }),
      context,
      params: {},
      unstable_pattern: path,
    } as never,
    next(server.nonce),
  );
  return { response: response as Response, nonce: server.nonce, hashes: () => hashes };
}

describe("the shared page cache", () => {
  it("renders /products once and gives the next visitor the same page, its inline scripts allowed by hash", async () => {
    const page = renderer({
      body: `<html><style nonce="n">p{}</style><script nonce="n">go()</script><script src="/a.js"></script>${"x".repeat(2_000)}</html>`,
    });
    const first = await request("/products?c=FR", page.next);
    const second = await request("/products?c=FR", page.next, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.renders).toHaveLength(1);
    expect(first.response.headers.has("Age")).toBe(false);
    expect(second.response.headers.get("Age")).toBe("0");
    expect(second.response.headers.get("Content-Encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await second.response.arrayBuffer())).toString();
    expect(html).toBe(await first.response.text());
    // The first visitor's own nonce, which nobody else saw, stays; the next one's policy lists hashes.
    expect(first.hashes()).toBeUndefined();
    const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(second.hashes()).toEqual({ scriptSrc: [sha256("go()")], styleSrc: [sha256("p{}")] });
  });

  it("sends the encoding the visitor prefers, brotli when it accepts both alike, the page as it is when it accepts neither", async () => {
    const page = renderer();
    await request("/products?c=NZ", page.next);
    const encoding = async (accept: string) =>
      (await request("/products?c=NZ", page.next, { headers: { "Accept-Encoding": accept } })).response.headers.get("Content-Encoding");
    expect(await encoding("gzip, deflate, br, zstd")).toBe("br");
    expect(await encoding("br;q=0.5, gzip")).toBe("gzip");
    expect(await encoding("deflate")).toBeNull();
    expect(page.renders).toHaveLength(1);
  });

  it("renders again once the catalogue changes", async () => {
    const page = renderer();
    await request("/products?c=IT", page.next);
    await request("/products?c=IT", page.next);
    clearDatabaseCaches(testDb.db);
    await request("/products?c=IT", page.next);
    expect(page.renders).toHaveLength(2);
  });

  it("keeps apart what visitors see differently: the address, the province, the language", async () => {
    const page = renderer();
    await request("/products?c=ES", page.next);
    await request("/products?c=ES&page=2", page.next);
    await request("/products?c=ES", page.next, { preferences: { province: "ON" } });
    await request("/products?c=ES", page.next, { preferences: { locale: "en-US" } });
    await request("/products?c=ES", page.next, { preferences: { taxMode: "OUT" } });
    expect(page.renders).toHaveLength(5);
  });

  it("renders each page of a visitor with a session (a cart, a login) for them", async () => {
    const page = renderer();
    const { setCookie } = await ensureGuestId(new Request(BASE_URL));
    const cookie = setCookie.split(";")[0]!;
    await request("/products?c=PT", page.next);
    const withSession = await request("/products?c=PT", page.next, { headers: { Cookie: cookie } });
    expect(page.renders).toHaveLength(2);
    expect(withSession.response.headers.has("Age")).toBe(false);
  });

  it("renders the page of a visitor carrying a flash message for them, and does not store it (decision 039)", async () => {
    const page = renderer();
    const flash = (await setFlash({ key: "feedback.flash.loggedOut" })).split(";")[0]!;
    await request("/products?c=GR", page.next);
    const withFlash = await request("/products?c=GR", page.next, { headers: { Cookie: flash } });
    expect(page.renders).toHaveLength(2);
    expect(withFlash.response.headers.has("Age")).toBe(false);
    // The next visitor still gets the shared page, not the one rendered for the flash.
    const after = await request("/products?c=GR", page.next);
    expect(page.renders).toHaveLength(2);
    expect(after.response.headers.has("Age")).toBe(true);
  });

  it("shares neither a page that sets a cookie, nor one that asks not to be stored, nor an error", async () => {
    const refused: RenderOptions[] = [
      { headers: { "Set-Cookie": "visited=1" } },
      { headers: { "Cache-Control": "no-store" } },
      { status: 404 },
      { headers: { "Content-Type": "application/json" }, body: "{}" },
    ];
    for (const options of refused) {
      const page = renderer(options);
      await request("/products?c=DE", page.next);
      const again = await request("/products?c=DE", page.next);
      expect(page.renders).toHaveLength(2);
      expect(again.response.headers.has("Age")).toBe(false);
    }
  });

  it("shares only the product list and home, and only their documents", async () => {
    const page = renderer();
    for (const path of ["/providers", "/products.data?c=CL", "/products.data?c=CL&_routes=root"]) {
      await request(path, page.next);
      await request(path, page.next);
    }
    expect(page.renders).toHaveLength(6);
    // The document itself is shared; its data, asked for after, is still rendered.
    await request("/products?c=CL", page.next);
    await request("/products.data?c=CL", page.next);
    expect(page.renders).toHaveLength(8);
    await request("/", page.next);
    await request("/", page.next);
    expect(page.renders).toHaveLength(9);
  });

  it("renders a page asked for twice at once only once", async () => {
    let finish!: () => void;
    const page = renderer({ until: new Promise<void>((resolve) => (finish = resolve)) });
    const both = Promise.all([request("/products?c=AR", page.next), request("/products?c=AR", page.next)]);
    // The first render is still under way when the second request asks.
    await new Promise((r) => setTimeout(r, 100));
    finish();
    const [a, b] = await both;
    expect(page.renders).toHaveLength(1);
    expect(await b.response.text()).toBe(await a.response.text());
  });
});
