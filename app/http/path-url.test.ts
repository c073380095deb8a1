import { describe, expect, it } from "vitest";
import { urlOfPath } from "./path-url";

describe("urlOfPath", () => {
  it.each([
    ["/products?page=2", "/products", "?page=2"],
    ["//%00?q=554", "//%00", "?q=554"],
    ["//evil.example/x", "//evil.example/x", ""],
    ["products", "/products", ""],
  ])("reads %j as a path", (path, pathname, search) => {
    const url = urlOfPath(path);
    expect(url.host).toBe("x");
    expect(url.pathname).toBe(pathname);
    expect(url.search).toBe(search);
  });
});
