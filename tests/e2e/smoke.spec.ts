/**
 * The built server answers: the home page in French (the default language) with a 200, and an
 * unknown path with the not-found page and a 404 (docs/product.md#how-the-shop-is-built). Runs with and without JavaScript.
 */
import { expect, test } from "./support/fixtures";

test("the home page answers 200 in Canadian French", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
});

test("an unknown path answers 404", async ({ page }) => {
  const response = await page.goto("/this-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
});
