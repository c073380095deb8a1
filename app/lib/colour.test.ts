import { describe, expect, it } from "vitest";
import { inkOn } from "./colour";

describe("inkOn", () => {
  it("writes light on a dark fill and dark on a light one, in either hex form", () => {
    expect(inkOn("#6d1a2a")).toBe("#fbf8f3");
    expect(inkOn("#000")).toBe("#fbf8f3");
    expect(inkOn("#efe3a6")).toBe("#2a2420");
    expect(inkOn("#fff")).toBe("#2a2420");
  });
});
