import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getI18n, getLocale, i18nextMiddleware } from "./i18n.server";

/** Runs the middleware for `url` and returns what it gave the request. */
async function detect(url: string) {
  const context = new RouterContextProvider();
  await i18nextMiddleware({ request: new Request(url), context, params: {}, unstable_pattern: "" } as never, async () => new Response());
  return { locale: getLocale(context), i18n: getI18n(context) };
}

describe("the request's language", () => {
  it("follows ?lng=, then falls back to French, each with its language's one shared instance", async () => {
    const english = await detect("http://shop.test/products?lng=en-US");
    expect(english.locale).toBe("en-US");
    expect(english.i18n.language).toBe("en-US");
    expect(english.i18n.t("cart.add.addUnits")).toBe("Add to cart");

    const french = await detect("http://shop.test/products");
    expect(french.locale).toBe("fr-CA");
    expect(french.i18n.t("cart.add.addUnits")).toBe("Ajouter au panier");
    expect((await detect("http://shop.test/products?lng=de-DE")).locale).toBe("fr-CA");

    // No instance per request: the next English request reads the same one, still in English.
    const again = await detect("http://shop.test/?lng=en");
    expect(again.i18n).toBe(english.i18n);
    expect(again.i18n.language).toBe("en-US");
  });
});
