import { describe, expect, it, vi } from "vitest";
import { signedCookie } from "./cookies.server";
import { hasFlashCookie, readFlash, setFlash } from "./flash.server";

const env = vi.hoisted(() => ({ nodeEnv: "test", sessionSecret: "a-test-secret-of-enough-length" }));
vi.mock("~/env.server", () => ({ getEnv: () => env }));

/** A request sending back the cookie of a `Set-Cookie` value, beside another cookie. */
const requestWith = (setCookie: string) =>
  new Request("http://shop.test/products", { headers: { Cookie: `prefs=x; ${setCookie.split(";")[0]}` } });

describe("the flash cookie", () => {
  it("carries a message to the next request, and clears it there", async () => {
    const set = await setFlash({ key: "feedback.flash.cartAdded", productInventoryId: 12 });
    expect(set).toMatch(/^flash=.+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    const { flash, clear } = await readFlash(requestWith(set));
    expect(flash).toEqual({ key: "feedback.flash.cartAdded", productInventoryId: 12 });
    // Read once: the page that shows it clears it, so the next page has none.
    expect(clear).toMatch(/^flash=; Max-Age=0; Path=\/;/);
    expect(await readFlash(requestWith(clear!))).toEqual({ flash: null, clear: expect.stringMatching(/Max-Age=0/) as unknown });
  });

  it("reads nothing, and clears nothing, when the request has no flash", async () => {
    const request = new Request("http://shop.test/", { headers: { Cookie: "prefs=x; flashy=1" } });
    expect(hasFlashCookie(request)).toBe(false);
    expect(await readFlash(request)).toEqual({ flash: null, clear: null });
  });

  it("ignores a tampered cookie, one signed with another secret and an unknown message, and clears them", async () => {
    const forged = `flash=${encodeURIComponent(btoa(JSON.stringify({ key: "feedback.flash.loggedIn" })))}.forgedsignature`;
    const foreign = await signedCookie("flash", { secrets: ["another-secret-of-enough-length"] }).serialize({
      key: "feedback.flash.loggedIn",
    });
    const unknown = await signedCookie("flash").serialize({ key: "error.title" });
    const badId = await signedCookie("flash").serialize({ key: "feedback.flash.cartAdded", productInventoryId: -1 });
    for (const setCookie of [forged, foreign, unknown, badId]) {
      const { flash, clear } = await readFlash(requestWith(setCookie));
      expect(flash).toBeNull();
      expect(clear).toMatch(/^flash=; Max-Age=0/);
    }
  });
});
