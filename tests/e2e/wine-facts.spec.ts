/**
 * Wine facts (decision 036): a product page's fact sheet (grapes with their shares, alcohol, the
 * board codes linked to the boards' pages where the product is sold) in French and in English, with
 * the facts in its JSON-LD `Product`; the grape facet of /products filters the list and stays in the
 * URL; the text search finds a wine by its grape's name without its accent. Runs with JavaScript
 * and without.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { checkFilter, hasParams, waitForHydration } from "./support/helpers";

test.use({ viewport: { width: 1366, height: 900 } });

/** A demo wine sold at the SAQ and the LCBO, a merlot and cabernet sauvignon blend (demo seed). */
const BLEND = "/products/chateau-le-puy-duc-des-nauves-2020";

test("a product page shows its fact sheet in French and in English, and its JSON-LD carries the facts", async ({ page }) => {
  await page.goto(BLEND);
  const sheet = page.getByTestId("wine-facts");
  await expect(sheet.getByRole("heading", { level: 2, name: "Fiche" })).toBeVisible();
  await expect(sheet.getByTestId("fact-grapes")).toHaveText("Merlot 60\u00a0%, Cabernet sauvignon 40\u00a0%");
  await expect(sheet.getByTestId("fact-alcohol")).toHaveText(/^\d{2},\d\u00a0%$|^\d{2}\u00a0%$/);
  await expect(sheet.getByTestId("fact-serving")).toHaveText("14–17\u00a0°C");
  await expect(sheet.getByRole("heading", { level: 3, name: "Notes de dégustation" })).toBeVisible();
  const saq = sheet.getByTestId("fact-saq-code").getByRole("link");
  await expect(saq).toHaveAttribute("href", /^https:\/\/www\.saq\.com\/fr\/\d+$/);
  await expect(saq).toHaveAttribute("target", "_blank");
  await expect(sheet.getByTestId("fact-lcbo-code").getByRole("link")).toHaveAttribute(
    "href",
    /^https:\/\/www\.lcbo\.com\/fr\/catalogsearch\/result\/\?q=\d+$/,
  );
  await waitForHydration(page);
  await expectNoAxeViolations(page, "a product page with its fact sheet");

  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((o) => o["@type"] === "Product")!;
  const properties = ld.additionalProperty as { name: string; value?: unknown; unitCode?: string }[];
  expect(properties.filter((p) => p.name === "Cépages").map((p) => p.value)).toEqual(["Merlot", "Cabernet sauvignon"]);
  expect(properties.find((p) => p.name === "Alcool")).toMatchObject({ unitCode: "P1" });
  expect((ld.identifier as { propertyID: string }[]).map((i) => i.propertyID)).toEqual(["SAQ", "LCBO"]);

  await page.goto(`${BLEND}?lng=en-US`);
  const english = page.getByTestId("wine-facts");
  await expect(english.getByRole("heading", { level: 2, name: "Fact sheet" })).toBeVisible();
  await expect(english.getByTestId("fact-grapes")).toHaveText("Merlot 60%, Cabernet Sauvignon 40%");
  await expect(english.getByTestId("fact-saq-code").getByRole("link")).toHaveAttribute("href", /^https:\/\/www\.saq\.com\/en\/\d+$/);
});

test("the grape facet filters /products and stays in the URL; the search finds a wine by its grape without accents", async ({ page }) => {
  await page.goto("/products");
  await waitForHydration(page);
  const form = page.getByTestId("product-filters");
  const facet = page.getByTestId("facet-grape");
  await expect(page.getByRole("group", { name: "Cépage" })).toBeVisible();
  const gamay = facet.locator('label:has(input[value="gamay"])');
  const gamayCount = Number(await gamay.locator("span").last().textContent());
  expect(gamayCount).toBeGreaterThan(0);
  await expectNoAxeViolations(page, "/products with the grape facet");

  await checkFilter(page, form, "grape", "gamay", hasParams({ grape: "gamay" }, "/products"));
  await expect(page.getByRole("status").filter({ hasText: /produits?$/ })).toHaveText(new RegExp(`^${gamayCount} produits?$`));
  await expect(page.getByTestId("product-card").filter({ hasText: "Morgon" }).first()).toBeVisible();

  // A second grape widens the list; both stay in the URL.
  await checkFilter(page, form, "grape", "pinot-noir", hasParams({ grape: ["gamay", "pinot-noir"] }, "/products"));

  await page.goto("/products?t=mourvedre");
  await expect(page.getByTestId("product-card").filter({ hasText: "Les Calcinaires Rouge" }).first()).toBeVisible();
});
