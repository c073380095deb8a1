import { describe, expect, it } from "vitest";
import { isPrefetch, viewerKeyOf } from "./recently-viewed.server";

const request = (headers: Record<string, string>) => new Request("http://shop.test/products/x", { headers });

describe("isPrefetch", () => {
  it("tells the browsers' and React Router's prefetches from a person opening the page", () => {
    expect(isPrefetch(request({ "Sec-Purpose": "prefetch" }))).toBe(true);
    expect(isPrefetch(request({ "Sec-Purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetch(request({ Purpose: "prefetch" }))).toBe(true);
    expect(isPrefetch(request({ "X-Moz": "prefetch" }))).toBe(true);
    expect(isPrefetch(request({ "X-Purpose": "preview" }))).toBe(true);
    expect(isPrefetch(request({}))).toBe(false);
    expect(isPrefetch(request({ Accept: "text/html" }))).toBe(false);
  });
});

describe("viewerKeyOf", () => {
  it("keys a customer by id, a guest by their session's id, and nobody without a session", () => {
    expect(viewerKeyOf({ customerId: 42 })).toBe("user:42");
    expect(viewerKeyOf({ guestId: "6f1c2f9e-1b1a-4c3e-9a57-3f3a9d7c2b10" })).toBe("guest:6f1c2f9e-1b1a-4c3e-9a57-3f3a9d7c2b10");
    expect(viewerKeyOf(null)).toBeNull();
  });
});
