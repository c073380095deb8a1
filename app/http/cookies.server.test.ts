import { describe, expect, it, vi } from "vitest";
import { signedCookie } from "./cookies.server";

const env = vi.hoisted(() => ({ nodeEnv: "test", sessionSecret: "a-test-secret-of-enough-length" }));
vi.mock("~/env.server", () => ({ getEnv: () => env }));

/** The request `Cookie` header a browser sends back for a `Set-Cookie` value, beside another cookie. */
const sent = (setCookie: string) => `other=1; ${setCookie.split(";")[0]}`;

describe("signedCookie", () => {
  it("reads the same value again from the same header, each reader with its own copy", async () => {
    const cookie = signedCookie("prefs");
    const header = sent(await cookie.serialize({ province: "QC", taxMode: "IN" }));
    const first = (await cookie.parse(header)) as { province: string };
    first.province = "ON";
    expect(await cookie.parse(header)).toEqual({ province: "QC", taxMode: "IN" });
    expect(await cookie.parse(header)).toEqual({ province: "QC", taxMode: "IN" });
  });

  it("refuses a forged value every time, and a value signed with another secret", async () => {
    const cookie = signedCookie("prefs");
    const forged = `prefs=${encodeURIComponent(btoa(JSON.stringify({ province: "ON" })))}.forgedsignature`;
    expect(await cookie.parse(forged)).toBeNull();
    expect(await cookie.parse(forged)).toBeNull();
    const foreign = sent(await signedCookie("prefs", { secrets: ["another-secret-of-enough-length"] }).serialize({ province: "ON" }));
    expect(await cookie.parse(foreign)).toBeNull();
    expect(await signedCookie("prefs", { secrets: ["another-secret-of-enough-length"] }).parse(foreign)).toEqual({ province: "ON" });
  });

  it("keeps the cookie's name and settings", async () => {
    const cookie = signedCookie("visited", { maxAge: 60 });
    expect(cookie.name).toBe("visited");
    expect(cookie.isSigned).toBe(true);
    expect(await cookie.serialize(1)).toMatch(/^visited=.+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});
