import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { isOffline, serverMessageOf } from "./failed-submission";

/** The error React Router gives the page for a failed answer carrying `body`. */
const routeErrorOf = (body: unknown, status = 500) => new ErrorResponseImpl(status, "Internal Server Error", body);

describe("the server's message of a failed submission (docs/product.md#errors)", () => {
  it("is the part after the first colon of the message, or all of it", () => {
    expect(serverMessageOf(routeErrorOf("Cart: le panier est indisponible"))).toBe("le panier est indisponible");
    expect(serverMessageOf(routeErrorOf({ message: "Error: a: b" }))).toBe("a: b");
    expect(serverMessageOf(routeErrorOf("Stock épuisé"))).toBe("Stock épuisé");
  });

  it("is none for an HTML page, an empty or missing message, or an error that is not a response", () => {
    expect(serverMessageOf(routeErrorOf("<!DOCTYPE html><html>…</html>"))).toBeNull();
    expect(serverMessageOf(routeErrorOf(""))).toBeNull();
    expect(serverMessageOf(routeErrorOf({ code: 12 }))).toBeNull();
    expect(serverMessageOf(new Error("Unexpected Server Error"))).toBeNull();
  });
});

describe("an offline failure", () => {
  it("is a browser offline, or a fetch that failed (TypeError)", () => {
    expect(isOffline(new Error("x"), false)).toBe(true);
    expect(isOffline(new TypeError("Failed to fetch"), true)).toBe(true);
    expect(isOffline(new Error("Unexpected Server Error"), true)).toBe(false);
  });
});
