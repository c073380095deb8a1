import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { cartCountDelta, cartErrorOf, CartFormSchema } from "./cart-forms";

function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseWithZod(form, { schema: CartFormSchema });
}

describe("the cart's form schema", () => {
  it("reads an add form", () => {
    const submission = parse({ intent: "add", productInventoryId: "12", quantity: "2", redirectTo: "/products" });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "add",
      productInventoryId: 12,
      quantity: 2,
      redirectTo: "/products",
    });
  });
  it.each([
    [{ intent: "add", productInventoryId: "12", quantity: "0" }, "invalid-quantity"],
    [{ intent: "add", productInventoryId: "12", quantity: "1000" }, "invalid-quantity"],
    [{ intent: "add", productInventoryId: "12", quantity: "1.5" }, "invalid-quantity"],
    [{ intent: "add", productInventoryId: "abc", quantity: "1" }, "unknown-product"],
    [{ intent: "update", productInventoryId: "12", quantity: "2" }, "conflict"],
    [{ intent: "remove", productInventoryId: "12", lockVersion: "x" }, "conflict"],
    [{ intent: "empty-everything" }, "unknown-intent"],
    [{}, "unknown-intent"],
  ])("refuses %o as %s", (fields, error) => {
    const submission = parse(fields);
    expect(submission.status).toBe("error");
    if (submission.status === "error") expect(cartErrorOf(submission.error ?? undefined)).toBe(error);
  });
});

describe("cartCountDelta (the header's optimistic count)", () => {
  it("adds, updates and removes the posted quantities", () => {
    expect(cartCountDelta({ intent: "add", productInventoryId: 1, quantity: 3 })).toBe(3);
    expect(cartCountDelta({ intent: "update", productInventoryId: 1, quantity: 1, currentQuantity: 4, lockVersion: 2 })).toBe(-3);
    expect(cartCountDelta({ intent: "remove", productInventoryId: 1, currentQuantity: 2, lockVersion: 2 })).toBe(-2);
  });
});
