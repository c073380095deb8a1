/**
 * The request log, the request id and the shop's origin behind a TLS proxy (decision 030),
 * against the built server: what a customer, a proxy and an operator reading the log see.
 */
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answeredVisitorCookieHeader } from "../e2e/support/visitor";
import { type BuiltServer, startBuiltServer } from "../support/built-server";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request (fetch cannot set `Host`). */
function send(shop: BuiltServer, method: string, path: string, headers: Record<string, string>, body = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: shop.port, method, path, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The server's JSON log lines (every line it printed must be one). */
function logLines(shop: BuiltServer): Record<string, unknown>[] {
  return shop
    .log()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a log line is not JSON: ${line.slice(0, 200)}`);
      }
    });
}

/** The log lines of one request, once its line is written. */
async function linesOf(shop: BuiltServer, requestId: string): Promise<Record<string, unknown>[]> {
  // A line reaches this process through a pipe: on a loaded machine, give it up to 10 s.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !logLines(shop).some((l) => l.requestId === requestId && l.msg === "request")) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return logLines(shop).filter((line) => line.requestId === requestId);
}

/** What a TLS proxy in front of the shop sends with a customer's form POST from the shop's page. */
const proxiedFormPost = {
  Host: "upstream:3000",
  "X-Forwarded-Host": "shop.example",
  "X-Forwarded-Proto": "https",
  "X-Forwarded-For": "203.0.113.9",
  "Content-Type": "application/x-www-form-urlencoded",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("behind a trusted proxy (TRUST_PROXY=loopback)", () => {
  let shop: BuiltServer;
  /** A customer past the age gate, who sees the page itself. */
  let visitor: Record<string, string>;
  beforeAll(async () => {
    shop = await startBuiltServer({ TRUST_PROXY: "loopback" });
    visitor = { Cookie: await answeredVisitorCookieHeader(shop.origin) };
  }, 120_000);
  afterAll(() => shop?.dispose());

  it("gives every response an X-Request-Id, logged on the request's one JSON line", async () => {
    const answer = await send(shop, "GET", "/products?type=VIN&t=secret-search", {});
    expect(answer.status).toBe(200);
    const id = answer.headers["x-request-id"] as string;
    expect(id).toMatch(UUID);
    const lines = await linesOf(shop, id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/products", query: ["type", "t"], status: 200 });
    expect(typeof lines[0]!.ms).toBe("number");
    expect(JSON.stringify(lines[0])).not.toContain("secret-search");
  });

  it("shows the request id on the 404 page, localized, as the customer's reference", async () => {
    const french = await send(shop, "GET", "/no-such-page", visitor);
    expect(french.status).toBe(404);
    const id = french.headers["x-request-id"] as string;
    expect(french.body).toContain(`Référence\u00a0: ${id}`);
    const english = await send(shop, "GET", "/no-such-page?lng=en-US", visitor);
    expect(english.body).toContain(`Reference: ${english.headers["x-request-id"] as string}`);
  });

  it("keeps a trusted proxy's safe X-Request-Id and replaces an unsafe one", async () => {
    const kept = await send(shop, "GET", "/no-such-page", { ...visitor, "X-Request-Id": "lb-7f3a.42_x" });
    expect(kept.headers["x-request-id"]).toBe("lb-7f3a.42_x");
    expect(kept.body).toContain("lb-7f3a.42_x");
    const replaced = await send(shop, "GET", "/", { "X-Request-Id": "<script>alert(1)</script>" });
    expect(replaced.headers["x-request-id"]).toMatch(UUID);
  });

  it("accepts a form POST whose Origin is the origin the proxy says the customer sees", async () => {
    const answer = await send(
      shop,
      "POST",
      "/preferences",
      { ...proxiedFormPost, Origin: "https://shop.example", "Sec-Fetch-Site": "same-origin" },
      new URLSearchParams({ locale: "en-US", redirectTo: "/products" }).toString(),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe("/products");
    const lines = await linesOf(shop, answer.headers["x-request-id"] as string);
    expect(lines.map((line) => line.msg)).toEqual(["request"]);
  });

  it("refuses a real cross-site POST in one log line, without a stack trace", async () => {
    const answer = await send(
      shop,
      "POST",
      "/login",
      { ...proxiedFormPost, Origin: "https://evil.example" },
      new URLSearchParams({ email: "client.qc@demo.cuvee.test", password: "x" }).toString(),
    );
    expect(answer.status).toBe(403);
    const lines = await linesOf(shop, answer.headers["x-request-id"] as string);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", status: 403, refused: "cross-site write (Origin https://evil.example)" });
    expect(shop.log()).not.toContain("    at ");
  });

  it("answers a forged host no URL can hold with a 400, not a 500", async () => {
    const answer = await send(shop, "GET", "/", { Host: "upstream:3000", "X-Forwarded-Host": "a b<c>" });
    expect(answer.status).toBe(400);
    // Names the host pattern lets through but the URL parser refuses, forwarded or not.
    for (const host of ["999.999.999.999", "1.2.3.256", "a.0x", "shop.example:99999"]) {
      expect((await send(shop, "GET", "/", { Host: "upstream:3000", "X-Forwarded-Host": host })).status, host).toBe(400);
      expect((await send(shop, "GET", "/", { Host: host })).status, host).toBe(400);
    }
    // Two empty X-Forwarded-Host headers, which Node joins as ", ": no host at all.
    expect((await send(shop, "GET", "/.data", { Host: "upstream:3000", "X-Forwarded-Host": ", " })).status).toBe(400);
  });

  it("answers an HTTP/1.0 request without Host (a health checker) as for localhost", async () => {
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = connect(shop.port, "127.0.0.1", () => socket.end("GET /robots.txt HTTP/1.0\r\n\r\n"));
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (text += chunk));
      socket.on("end", () => resolve(text.split("\r\n", 1)[0]!));
      socket.on("error", reject);
    });
    expect(statusLine).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("never logs the e-mail of a login, nor its password", async () => {
    const answer = await send(
      shop,
      "POST",
      "/login?email=client.on%40demo.cuvee.test",
      { "Content-Type": "application/x-www-form-urlencoded" },
      new URLSearchParams({ email: "client.on@demo.cuvee.test", password: "wrong-password-123" }).toString(),
    );
    expect(answer.headers["x-request-id"]).toMatch(UUID);
    // Once the login's own line is there, nothing logged holds the address or the password.
    expect(await linesOf(shop, String(answer.headers["x-request-id"]))).not.toHaveLength(0);
    const log = shop.log();
    expect(log).not.toMatch(/client\.on(@|%40)/);
    expect(log).not.toContain("wrong-password-123");
  });
});

describe("without TRUST_PROXY", () => {
  let shop: BuiltServer;
  beforeAll(async () => {
    shop = await startBuiltServer({ TRUST_PROXY: "false" });
  }, 120_000);
  afterAll(() => shop?.dispose());

  it("ignores X-Forwarded-Host and X-Forwarded-Proto: the shop's origin is the Host the request came to", async () => {
    const body = new URLSearchParams({ locale: "en-US", redirectTo: "/" }).toString();
    const forwarded = await send(shop, "POST", "/preferences", { ...proxiedFormPost, Origin: "https://shop.example" }, body);
    expect(forwarded.status).toBe(403);
    const direct = await send(shop, "POST", "/preferences", { ...proxiedFormPost, Origin: "http://upstream:3000" }, body);
    expect(direct.status).toBe(303);
  });

  it("does not let a client choose its request id", async () => {
    const answer = await send(shop, "GET", "/", { "X-Request-Id": "chosen-by-client" });
    expect(answer.headers["x-request-id"]).toMatch(UUID);
  });
});
