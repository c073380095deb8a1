/**
 * The security probe, row by row, against the built server (scripts/serve.mjs) on a
 * fresh embedded database: each test sends the request that showed the problem and checks what
 * a browser or a shared cache would see.
 */
import { type IncomingMessage, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_UPLOAD_BYTES, MAX_PHOTO_ZIP_BYTES } from "~/images/image-limits";
import {
  type BuiltServer,
  cartCount as cartCountOf,
  cookiesOf,
  firstShopItemId,
  logSince,
  startBuiltServer,
} from "../support/built-server";

let shop: BuiltServer;
let productInventoryId: string;

/** Headers of a form POST sent by the shop's own pages (what Chromium sends). */
function sameOrigin(extra: Record<string, string> = {}): Record<string, string> {
  return {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: shop.origin,
    "Sec-Fetch-Site": "same-origin",
    ...extra,
  };
}

const cartCount = (cookie: string) => cartCountOf(shop, cookie);

function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(shop.origin + path, { method: "POST", body: new URLSearchParams(fields), headers, redirect: "manual" });
}

/** Adds one unit of the test product as a same-origin visitor; returns the session cookie. */
async function addToCart(cookie = ""): Promise<string> {
  const response = await post(
    "/shopping-cart",
    { intent: "add", productInventoryId, quantity: "1" },
    sameOrigin(cookie ? { Cookie: cookie } : {}),
  );
  expect(response.status).toBe(303);
  return cookiesOf(response).find((c) => c.startsWith("session="))!;
}

beforeAll(async () => {
  shop = await startBuiltServer();
  productInventoryId = await firstShopItemId(shop);
}, 120_000);

afterAll(async () => {
  await shop?.dispose();
});

describe("open redirects", () => {
  it.each(["/..//evil.example", "/.//x", "/%2e%2e//x", "/qc/..//x", "//evil.example", "/\\evil.example", "https://evil.example/"])(
    "a preference switch with redirectTo=%j lands on our origin",
    async (redirectTo) => {
      const response = await post("/preferences", { locale: "en-US", redirectTo }, sameOrigin());
      expect(response.status).toBe(303);
      const location = response.headers.get("Location")!;
      expect(new URL(location, shop.origin).origin).toBe(shop.origin);
      expect(location).toBe("/");
    },
  );

  it.each(["/\t/evil.example", "/\u3000/x", "/\n/x"])(
    "a cart POST with redirectTo=%j goes home instead of failing after the save",
    async (redirectTo) => {
      const response = await post("/shopping-cart", { intent: "add", productInventoryId, quantity: "1", redirectTo }, sameOrigin());
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
    },
  );
});

describe("cross-site writes", () => {
  it("refuses a preference switch posted from another site, on every browser signal, and changes nothing", async () => {
    const attempts: Record<string, string>[] = [
      { Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "http://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site", Origin: "http://other.127.0.0.1.nip.io" },
      { Origin: "null" },
    ];
    for (const headers of attempts) {
      const response = await post(
        "/preferences",
        { locale: "en-US", province: "ON", redirectTo: "/" },
        {
          "Content-Type": "application/x-www-form-urlencoded",
          ...headers,
        },
      );
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.text()).toContain("ce formulaire a été envoyé depuis un autre site");
    }
  });

  it("refuses a cross-site cart POST and leaves the cart as it was", async () => {
    const cookie = await addToCart();
    const response = await post(
      "/shopping-cart",
      { intent: "add", productInventoryId, quantity: "5" },
      { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example", Cookie: cookie },
    );
    expect(response.status).toBe(403);
    expect(await cartCount(cookie)).toBe(1);
  });

  it("logs a refused write in one line, without a stack trace", async () => {
    const before = shop.log().length;
    await post("/preferences", { locale: "en-US" }, { Origin: "http://log.example", "Sec-Fetch-Site": "cross-site" });
    // Lines of other requests may land in between (a log line is written when a response ends).
    const lines = (await logSince(shop, before, '"path":"/preferences"', 10_000, 300))
      .split("\n")
      .filter((line) => line.includes("/preferences") || /^\s+at |Error/.test(line));
    expect(lines, lines.join("\n")).toHaveLength(1);
    // One JSON line (decision 030).
    expect(JSON.parse(lines[0]!)).toMatchObject({
      method: "POST",
      path: "/preferences",
      status: 403,
      refused: "cross-site write (Sec-Fetch-Site cross-site)",
    });
  });

  it("does not believe X-Forwarded-Proto from an untrusted client", async () => {
    const httpsOrigin = shop.origin.replace("http:", "https:");
    const response = await post("/preferences", { locale: "en-US" }, sameOrigin({ Origin: httpsOrigin, "X-Forwarded-Proto": "https" }));
    expect(response.status).toBe(403);
  });
});

/** A raw request (fetch refuses TRACE); resolves with the response once its body is read. */
function rawRequest(method: string, path: string, body?: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(shop.origin + path, { method, headers: sameOrigin(), agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("methods", () => {
  it.each(["OPTIONS", "TRACE", "PUT", "DELETE", "PATCH"])("%s is a 405 with Allow, and changes nothing", async (method) => {
    const hasBody = method !== "TRACE" && method !== "OPTIONS";
    const response = await rawRequest(method, "/preferences", hasBody ? "locale=en-US" : undefined);
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("a POST to a page or an image without an action is a 405 that says GET and HEAD", async () => {
    for (const path of ["/products", "/images/products/red--VIN.svg"]) {
      const response = await post(path, { x: "1" }, sameOrigin());
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("GET, HEAD");
    }
  });
});

describe("request bodies", () => {
  /**
   * Declares a body of `bytes`, sends its first 64 KB and waits a second for an answer; a server
   * that has not answered by then gets the rest (so one that reads whole bodies answers only at
   * the end, having held them). Resolves with the status.
   */
  function sendLargeBody(bytes: number, path = "/preferences"): Promise<number> {
    return new Promise((resolve, reject) => {
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = chunk.length;
      let answered = false;
      const req = httpRequest(`${shop.origin}${path}`, {
        method: "POST",
        agent: false,
        headers: { ...sameOrigin(), "Content-Length": String(bytes) },
      });
      req.on("response", (response) => {
        answered = true;
        response.resume();
        resolve(response.statusCode!);
        req.destroy();
      });
      // Once the server has answered and closed, writes fail with EPIPE: expected.
      req.on("error", (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        while (!answered && sent < bytes) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered) req.end();
      };
      req.write(chunk);
      setTimeout(pump, 1000);
    });
  }

  it("refuses ten concurrent 50 MB bodies with 413 before reading them, and memory stays flat", async () => {
    const before = shop.residentBytes();
    const statuses = await Promise.all(Array.from({ length: 10 }, () => sendLargeBody(50 * 1024 * 1024)));
    expect(statuses).toEqual(Array(10).fill(413));
    const grown = shop.residentBytes() - before;
    expect(grown).toBeLessThan(48 * 1024 * 1024);
  });

  it("accepts a form just under the limit and refuses one just over it", async () => {
    const field = (size: number) => ({ locale: "en-US", redirectTo: "/", pad: "a".repeat(size) });
    expect((await post("/preferences", field(60 * 1024), sameOrigin())).status).toBe(303);
    expect((await post("/preferences", field(65 * 1024), sameOrigin())).status).toBe(413);
  });

  it("lets the catalogue import take a 1 MB file (the page answers, here 404 to a guest) and refuses 33 MB with 413", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new File(["a".repeat(1024 * 1024)], "catalogue.csv", { type: "text/csv" }));
    const multipart = new Request(shop.origin, { method: "POST", body: form });
    const body = Buffer.from(await multipart.arrayBuffer());
    // On a connection of its own: the guest's 404 comes before the body is read, and the server
    // then closes the connection, which a pooled fetch would reuse.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${shop.origin}/agence/import`, {
        method: "POST",
        agent: false,
        headers: {
          Origin: shop.origin,
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": multipart.headers.get("Content-Type")!,
          "Content-Length": String(body.length),
        },
      });
      let answered = false;
      req.on("response", (response) => {
        answered = true;
        response.resume();
        resolve(response.statusCode!);
      });
      req.on("error", (error) => (answered ? undefined : reject(error)));
      req.end(body);
    });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    expect(status).toBe(404);
    expect(await sendLargeBody(33 * 1024 * 1024, "/agence/import")).toBe(413);
  });

  it("lets a product's or producer's staff page take one photo and /agence/photos a ZIP, and refuses more with 413", async () => {
    const MB = 1024 * 1024;
    // Under their limits the page answers, never 413: 404 to a guest (405 where no page takes a POST).
    expect([404, 405]).toContain(await sendLargeBody(MAX_IMAGE_UPLOAD_BYTES + MB / 2, "/agence/produits/1"));
    expect([404, 405]).toContain(await sendLargeBody(MAX_IMAGE_UPLOAD_BYTES + MB / 2, "/agence/producteurs/domaine-x.data"));
    expect(await sendLargeBody(40 * MB, "/agence/photos.data")).toBe(404);
    // Over them: refused before a byte is read.
    expect(await sendLargeBody(MAX_IMAGE_UPLOAD_BYTES + 2 * MB, "/agence/produits/1.data")).toBe(413);
    expect(await sendLargeBody(MAX_PHOTO_ZIP_BYTES + 2 * MB, "/agence/photos")).toBe(413);
    // Any other staff page keeps a form's limit.
    expect(await sendLargeBody(MB, "/agence/produits")).toBe(413);
  });
});

describe("headers", () => {
  it("sends a CSP with a fresh nonce that every inline script of every page carries", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/products", "/providers", "/shopping-cart", "/not-a-page"]) {
      const response = await fetch(shop.origin + path);
      const csp = response.headers.get("Content-Security-Policy")!;
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce!);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(5);
  });

  it("forbids framing and sniffing, limits referrers and browser features; no HSTS outside production", async () => {
    const response = await fetch(`${shop.origin}/shopping-cart`);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Permissions-Policy")).toMatch(/geolocation=\(self\)/);
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    expect(response.headers.get("X-Powered-By")).toBeNull();
  });
});

describe("caching", () => {
  it("keeps personalised pages and data private, the cart out of every cache", async () => {
    for (const path of ["/products", "/_root.data", "/products.data", "/"]) {
      const response = await fetch(shop.origin + path);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-cache");
      expect(response.headers.get("Vary"), path).toMatch(/\bCookie\b/);
    }
    const cart = await fetch(`${shop.origin}/shopping-cart`);
    expect(cart.headers.get("Cache-Control")).toBe("no-store");
  });

  it("lets anyone cache hashed assets for good, images for a week and the favicon for an hour, without cookies", async () => {
    const html = await (await fetch(`${shop.origin}/products`)).text();
    // Named by the page's after-paint loader (decision 023), inside its inline script's JSON.
    const asset = /(\/assets\/[^"\\]+\.js)(?=["\\])/.exec(html)![1]!;
    const script = await fetch(shop.origin + asset);
    expect(script.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const image = await fetch(`${shop.origin}/images/products/red--VIN.svg`);
    expect(image.headers.get("Cache-Control")).toMatch(/^public, max-age=604800\b/);
    expect(image.headers.getSetCookie()).toEqual([]);
    const favicon = await fetch(`${shop.origin}/favicon.svg`);
    expect([favicon.status, favicon.headers.get("Content-Type"), favicon.headers.get("Cache-Control")]).toEqual([
      200,
      "image/svg+xml",
      "public, max-age=3600",
    ]);
  });
});

describe("session lifetime", () => {
  it("refuses a session cookie not renewed for a day, though its signature is good", async () => {
    const cookie = await addToCart();
    expect(await cartCount(cookie)).toBe(1);
    // The same session, as the server signed it, but last renewed 25 hours ago.
    const [, value] = /^session=(.*)$/.exec(cookie)!;
    const [payload] = decodeURIComponent(value!).split(".") as [string];
    const data = JSON.parse(Buffer.from(payload, "base64").toString()) as {
      id: string;
      guestId: string;
      issuedAt: number;
      renewedAt: number;
    };
    expect(data).toMatchObject({ guestId: expect.any(String), issuedAt: expect.any(Number), renewedAt: expect.any(Number) });

    process.env.SESSION_SECRET = shop.secret;
    const { commitSession } = await import("~/session.server");
    const dayAgo = Date.now() - 25 * 60 * 60 * 1000;
    const expired = (await commitSession({ ...data, issuedAt: dayAgo, renewedAt: dayAgo })).split(";")[0]!;
    const fresh = (await commitSession({ ...data, renewedAt: Date.now() })).split(";")[0]!;
    expect(await cartCount(fresh)).toBe(1);
    expect(await cartCount(expired)).toBe(0);
    // An expired session starts a new guest on the next cart change: the old cart stays out of reach.
    const next = await addToCart(expired);
    expect(
      (JSON.parse(Buffer.from(decodeURIComponent(next.slice(8)).split(".")[0]!, "base64").toString()) as { guestId: string }).guestId,
    ).not.toBe(data.guestId);
  });
});

describe("rate limits", () => {
  it("answers cart writes over the limit with a localized 429 page and Retry-After", async () => {
    // A client of its own: the limit counts per address, and this one is spent at the end.
    let last: Response | undefined;
    for (let i = 0; i < 61; i++) {
      last = await post("/shopping-cart", { intent: "add", productInventoryId: "999999", quantity: "1" }, sameOrigin());
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await last!.text()).toContain("Trop de demandes");
  });
});
