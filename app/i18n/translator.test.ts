import { describe, expect, it } from "vitest";
import { translatorFor } from "./translator";

describe("translatorFor", () => {
  it("translates in the asked locale at once, without waiting", () => {
    expect(translatorFor("fr-CA")("checkout.place")).toBe("Passer la commande");
    expect(translatorFor("en-US")("checkout.place")).toBe("Place the order");
  });
});
