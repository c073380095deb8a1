/**
 * One card per wine (docs/decisions/040): on /products, home and a producer's page each product is
 * one card holding its channels, each with its own price and buy area; the shopper reads channel
 * and boutique names, never an internal inventory code, on the list and in the cart.
 * Runs with JavaScript and without.
 */
import { addFirstBuyable } from "./support/cart";
import { expect, type Page, test } from "./support/fixtures";

/** Internal codes and the near-synonym the shop dropped. */
const INTERNAL = /Brouhh|BROUHH|MERCH_|STORE_|Magasin/;

/** The product ids of the page's cards (one `data-product-id` per card). */
async function cardProducts(page: Page): Promise<string[]> {
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  return page.getByTestId("product-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id") ?? ""));
}

function expectOnce(ids: string[]) {
  expect(ids.length).toBeGreaterThan(0);
  expect(ids.every((id) => id !== "")).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
}

test("each product is one card on /products, its channels inside, and the count counts cards", async ({ page }) => {
  await page.goto("/products?size=96");
  expectOnce(await cardProducts(page));
  // Some card holds more than one channel, each with its own price.
  const multi = page
    .getByTestId("product-card")
    .filter({ has: page.getByTestId("card-channel").nth(1) })
    .first();
  await expect(multi).toBeVisible();
  const channels = multi.getByTestId("card-channel");
  const count = await channels.count();
  for (let i = 0; i < count; i++) {
    await expect(channels.nth(i).getByTestId("case-price").or(channels.nth(i).getByTestId("unit-price"))).toBeVisible();
  }
  // The second page holds no product of the first.
  const first = await cardProducts(page);
  await page.goto("/products?size=96&page=2");
  const second = await cardProducts(page);
  expectOnce(second);
  expect(second.filter((id) => first.includes(id))).toEqual([]);
});

test("a channel filter keeps one card per product, the filtered channel first", async ({ page }) => {
  await page.goto("/products?inventory=SAQ");
  expectOnce(await cardProducts(page));
  const firstChannels = page.getByTestId("product-card").locator("[data-testid=card-channel]:first-child");
  const codes = await firstChannels.evaluateAll((items) => items.map((i) => i.getAttribute("data-inventory")));
  expect(new Set(codes)).toEqual(new Set(["SAQ"]));
});

test("home and a producer's page show each product once", async ({ page }) => {
  await page.goto("/");
  expectOnce(await cardProducts(page));
  await page.goto("/providers");
  await page.getByTestId("provider-card").first().getByRole("link").click();
  await expect(page).toHaveURL((url) => /^\/providers\/[^/]+$/.test(url.pathname));
  expectOnce(await cardProducts(page));
});

test("no internal inventory code on /products, its filters and the cart", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  expect(await page.getByRole("main").innerText()).not.toMatch(INTERNAL);
  // The boutique channel by the bottle, in the cart.
  await addFirstBuyable(page, "/products?inventory=Brouhh", /^Ajouter au panier$/);
  await page.goto("/shopping-cart");
  await expect(page.getByTestId("cart-line").first()).toBeVisible();
  const main = await page.getByRole("main").innerText();
  expect(main).not.toMatch(INTERNAL);
  expect(main).toContain("Cellier Montréal");
});
