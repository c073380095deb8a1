import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { withProbes } from "./probes";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** Serves the probes in front of a stand-in shop that sets a cookie on every answer. */
async function serve(ready: boolean): Promise<string> {
  const shop = express();
  shop.use((_req, res) => res.cookie("session", "x").send("shop"));
  const server = withProbes(shop, async () => ready).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("probes", () => {
  it("/healthz is 200 and /readyz 200 when the database is ready; neither is stored nor sets a cookie", async () => {
    const origin = await serve(true);
    for (const path of ["/healthz", "/readyz"]) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("/readyz is 503 with Retry-After when the database is not ready; /healthz stays 200", async () => {
    const origin = await serve(false);
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("Retry-After")).toBe("30");
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });

  it("hands every other path to the shop", async () => {
    const origin = await serve(true);
    expect(await (await fetch(`${origin}/products`)).text()).toBe("shop");
  });
});
