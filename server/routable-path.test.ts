import { describe, expect, it } from "vitest";
import { routableUrl } from "./routable-path";

describe("routableUrl", () => {
  it.each([
    ["/a/%0A", "/a/%250A"],
    ["/a/%0d/b", "/a/%250d/b"],
    ["/%E2%80%A8x%e2%80%a9", "/%25E2%2580%25A8x%25e2%2580%25a9"],
    ["/a/%0A?q=%0A", "/a/%250A?q=%0A"],
    ["/%09/%0A", "/%2509/%250A"],
    ["/%5C", "/%255C"],
    ["/%5c/x", "/%255c/x"],
  ])("escapes the line terminators, tabs and backslashes of the path %j", (url, expected) => {
    expect(routableUrl(url)).toBe(expected);
    // What React Router matches: the decoded path holds no line terminator or tab any more…
    const decoded = decodeURIComponent(new URL(expected, "http://x").pathname);
    expect(decoded).not.toMatch(/[\t\n\r\\\u2028\u2029]/);
    // …so its own `new URL` keeps it a path (a dropped tab made `/%09/x` the URL `//x`).
    expect(new URL(decoded, "http://x").host).toBe("x");
  });

  it.each(["/", "/products?q=%0A", "/a/%20b", "/a/%E2%80%A7", "/a/%250A"])("leaves %j as it is", (url) => {
    expect(routableUrl(url)).toBe(url);
  });
});
