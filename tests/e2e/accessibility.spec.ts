/**
 * Automated accessibility check (axe-core, WCAG 2.1 A and AA rules) of the main pages as the
 * server renders them (project `js` only: axe runs inside the page). It cannot prove a page accessible, but it catches missing labels, names,
 * landmarks, contrast and language attributes before a person has to.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";

const PAGES = [
  "/",
  "/products",
  "/products?type=VIN&c=FR",
  "/products/domaine-de-la-pepiere-muscadet-clos-des-briords-2022",
  "/providers",
  "/providers/domaine-de-la-pepiere",
  "/shopping-cart-empty",
  "/not-found",
];

for (const path of PAGES) {
  test(`${path} has no WCAG A/AA violations found by axe`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
    expect(summary).toEqual([]);
  });
}

test("a filled cart has no WCAG A/AA violations found by axe", async ({ page }) => {
  await page.goto("/products/la-belle-iloise-rillettes-de-sardines-60-g");
  await page.getByTestId("add-to-cart").first().getByRole("button").click();
  await expect(page).toHaveURL(/added=\d+/);
  await page.goto("/shopping-cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
