/**
 * The header's preference switches (docs/product.md#layout Layout): language, province and tax display are
 * POST forms to /preferences that come back to the same URL; `/on` chooses Ontario.
 * Runs with JavaScript (fetch + revalidation) and without (303 redirect).
 */
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { hasParams, mainNav, switchPreference, waitForHydration } from "./support/helpers";

// The desktop layout (from 1366 px, docs/product.md#layout): the translated navbar and filter column are in sight.
test.use({ viewport: { width: 1366, height: 900 } });

/** The channels' names in the product cards ("SAQ", "Importation privée"; docs/decisions/040). */
function cardChannels(page: Page): Promise<string[]> {
  return page.getByTestId("product-card").getByTestId("channel-name").allTextContents();
}

/** The price shown in a channel block (case price for private import, else unit price). */
function channelPrice(channel: Locator): Locator {
  return channel.getByTestId("case-price").or(channel.getByTestId("unit-price"));
}

test("switching FR → EN translates the page and keeps its path and query", async ({ page }) => {
  await page.goto("/products?type=VIN&c=FR&page=2");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(mainNav(page).getByRole("link", { name: "Producteurs", exact: true })).toBeVisible();

  await switchPreference(page, "EN");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page).toHaveURL(hasParams({ type: "VIN", c: "FR", page: "2" }, "/products"));
  await expect(mainNav(page, "en").getByRole("link", { name: "Producers", exact: true })).toBeVisible();
  await expect(mainNav(page, "en").getByRole("link", { name: "Producteurs" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByRole("button", { name: "FR", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("product-filters").getByRole("button", { name: "Filter", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" }).locator('[aria-current="page"]')).toHaveText("2");

  // The choice is kept for the next pages, and switches back. (`size=51`: the wide screen's page
  // size, which JavaScript would otherwise put in the URL, docs/decisions/002-page-sizes.md.)
  await page.goto("/providers?size=51");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("heading", { level: 1, name: "Producers" })).toBeVisible();
  await waitForHydration(page);
  await switchPreference(page, "FR");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(page).toHaveURL((url) => url.pathname === "/providers" && url.search === "?size=51");
  await expect(page.getByRole("heading", { level: 1, name: "Producteurs" })).toBeVisible();
});

test("switching QC → ON lists Ontario's channels instead of Quebec's", async ({ page }) => {
  await page.goto("/products");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "QC", exact: true })).toHaveAttribute("aria-pressed", "true");
  const quebec = await cardChannels(page);
  expect(quebec.length).toBeGreaterThan(0);
  expect(quebec.some((line) => /^(SAQ|Importation privée)$/.test(line))).toBe(true);

  await switchPreference(page, "ON");
  await expect(page).toHaveURL((url) => url.pathname === "/products" && url.search === "");
  await expect(page.getByRole("button", { name: "QC", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => cardChannels(page)).not.toEqual(quebec);
  const ontario = await cardChannels(page);
  expect(ontario.length).toBeGreaterThan(0);
  for (const line of ontario) {
    expect(line).toMatch(/^(LCBO|Importation privée \(consignation\)|Boutique Toronto)$/);
  }
  // The Quebec liquor board and shops are gone.
  await expect(
    page
      .getByTestId("product-card")
      .getByTestId("channel-name")
      .getByText(/^(SAQ|Importation privée|Boutique Montréal|Cellier Montréal)$/),
  ).toHaveCount(0);
  const availability = page.getByTestId("product-filters").locator('input[name="inventory"]');
  await expect(availability.first()).toBeAttached();
  for (const value of await availability.evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))) {
    expect(["LCBO", "PI", "MERCH_TORONTO", "STORE_TORONTO"]).toContain(value);
  }
});

test("visiting /on chooses Ontario and keeps it; /qc goes back to Quebec", async ({ page }) => {
  const response = await page.goto("/on");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "QC", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("Importation privée (consignation), produits à la LCBO et boutique à Toronto.")).toBeVisible();

  // The cookie keeps Ontario on the other pages.
  await page.goto("/products");
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
  for (const line of await cardChannels(page)) expect(line).not.toMatch(/ · SAQ$/);

  // And /qc, the other home page, chooses Quebec again.
  const quebec = await page.goto("/qc");
  expect(quebec?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "QC", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Importation privée à la caisse, produits en SAQ et boutiques à Montréal et Québec.")).toBeVisible();
});

test("switching the tax display changes a product's price on the same page", async ({ page }) => {
  await page.goto("/products?type=VIN");
  await page.getByTestId("product-card").first().getByRole("link").first().click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/products/") && url.searchParams.has("id"));
  const productUrl = page.url();
  await waitForHydration(page);

  const channel = page.getByTestId("channel").first();
  const price = channelPrice(channel).first();
  await expect(price).toContainText("$");
  await expect(channel).toContainText("taxes incluses");
  await expect(page.getByRole("button", { name: "Taxes incl.", exact: true })).toHaveAttribute("aria-pressed", "true");
  const withTaxes = ((await price.textContent()) ?? "").trim();

  await switchPreference(page, "Avant taxes");
  await expect(page).toHaveURL(productUrl);
  await expect(channel).toContainText("avant taxes");
  await expect(channel).not.toContainText("taxes incluses");
  await expect(price).not.toHaveText(withTaxes);
  await expect(price).toContainText("$");
  const beforeTaxes = ((await price.textContent()) ?? "").trim();
  expect(amount(beforeTaxes)).toBeLessThan(amount(withTaxes));

  // And back.
  await switchPreference(page, "Taxes incl.");
  await expect(price).toHaveText(withTaxes);
});

/** "1 234,56 $" → 1234.56 */
function amount(text: string): number {
  return Number(text.replace(/[^\d,]/g, "").replace(",", "."));
}
