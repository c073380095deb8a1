/**
 * Graceful shutdown: SIGTERM to the built server finishes in-flight requests,
 * closes the embedded database cleanly and exits 0 in time; the next start on the same data
 * folder finds what was saved.
 */
import { request as httpRequest } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { type BuiltServer, cartCount, cookiesOf, firstShopItemId, startBuiltServer } from "../support/built-server";

const servers: BuiltServer[] = [];

afterAll(async () => {
  for (const server of servers.reverse()) await server.dispose();
});

describe("SIGTERM", () => {
  it("finishes the request in flight, exits 0 within the grace period, and the data survives a restart", async () => {
    const first = await startBuiltServer();
    servers.push(first);
    const productInventoryId = await firstShopItemId(first);
    const added = await fetch(`${first.origin}/shopping-cart`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "add", productInventoryId, quantity: "2" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.origin },
    });
    expect(added.status).toBe(303);
    const cookie = cookiesOf(added).find((c) => c.startsWith("session="))!;

    // A request in flight when the signal arrives — its body half sent — is still answered.
    const body = "locale=en-US&redirectTo=%2Fproducts";
    const inFlight = httpRequest(`${first.origin}/preferences`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length), Origin: first.origin },
    });
    const answered = new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      inFlight.on("response", (response) => {
        response.resume();
        resolve({ status: response.statusCode!, location: response.headers.location });
      });
      inFlight.on("error", reject);
    });
    inFlight.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const exited = first.stop(12_000);
    while (!first.log().includes("SIGTERM:")) await new Promise((r) => setTimeout(r, 20));
    // The server no longer accepts connections…
    await expect(fetch(`${first.origin}/`)).rejects.toThrow();
    // …but finishes the one it was reading.
    inFlight.end(body.slice(10));
    expect(await answered).toEqual({ status: 303, location: "/products" });
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(first.log()).toContain("Shutdown complete.");

    const second = await startBuiltServer({}, { dataDir: first.dataDir, secret: first.secret });
    servers.push(second);
    expect(await cartCount(second, cookie)).toBe(2);
    expect(await second.stop()).toBe(0);
  });
});
