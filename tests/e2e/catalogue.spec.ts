/**
 * The catalogue journey (docs/product.md#product-list /products): home → products, filters kept in the URL,
 * pagination, back/forward restoring each filter state, the product page; and the list's answers
 * to malformed queries, pages beyond the last and searches without results.
 * Runs with JavaScript (each filter change submits at once) and without (the visitor clicks
 * "Filtrer").
 */
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { checkFilter, hasParams, isNoJs, mainNav, waitForHydration } from "./support/helpers";

// The desktop layout (from 1366 px, docs/product.md#layout): the filter column and the navbar in sight without opening anything.
test.use({ viewport: { width: 1366, height: 900 } });

function filterBox(form: Locator, name: string, value: string): Locator {
  return form.locator(`input[type="checkbox"][name="${name}"][value="${value}"]`);
}

/** Every product card of the page (at least one) has a descendant matching `inner`. */
async function expectEveryCard(cards: Locator, inner: Locator): Promise<void> {
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  await expect(cards.filter({ has: inner })).toHaveCount(count);
}

/** The list's "N produits" status line (cards have their own add-to-cart status lines). */
function productCount(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /^\d[\d\s\u202f]* produits?$/ });
}

/** The number of the current page in the pagination nav. */
function currentPage(page: Page): Locator {
  return page.getByRole("navigation", { name: "Pagination" }).locator('[aria-current="page"]');
}

test("browse, filter by type and country, paginate, go back and forward, open a product", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: /^Voir les \d+ produits$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/products");
  await expect(page.getByRole("heading", { level: 1, name: "Produits" })).toBeVisible();

  const form = page.getByTestId("product-filters");
  const cards = page.getByTestId("product-card");
  const status = productCount(page);
  const allCount = await status.textContent();

  // Type: Vin.
  await checkFilter(page, form, "type", "VIN", hasParams({ type: "VIN", c: null }, "/products"));
  await expect(filterBox(form, "type", "VIN")).toBeChecked();
  await expect(status).not.toHaveText(allCount ?? "");
  const vinCount = await status.textContent();

  // Then country: France.
  await checkFilter(page, form, "c", "FR", hasParams({ type: "VIN", c: "FR" }, "/products"));
  await expect(filterBox(form, "type", "VIN")).toBeChecked();
  await expect(filterBox(form, "c", "FR")).toBeChecked();
  await expect(status).not.toHaveText(vinCount ?? "");
  await expect(cards.first()).toBeVisible();
  await expectEveryCard(cards, page.getByText(/^Vin$/));
  await expectEveryCard(cards, page.getByText(/France/));
  await expect(currentPage(page)).toHaveText("1");

  // Page 2 keeps both filters.
  const firstOfPage1 = await cards.first().locator("h3").textContent();
  await page.getByRole("link", { name: "Suivant" }).click();
  await expect(page).toHaveURL(hasParams({ type: "VIN", c: "FR", page: "2" }, "/products"));
  await expect(currentPage(page)).toHaveText("2");
  await expect(page.getByRole("link", { name: "Précédent" })).toHaveAttribute("rel", "prev");
  await expect(filterBox(form, "type", "VIN")).toBeChecked();
  await expect(filterBox(form, "c", "FR")).toBeChecked();
  await expectEveryCard(cards, page.getByText(/^Vin$/));

  // Back: page 1 with both filters.
  await page.goBack();
  await expect(page).toHaveURL(hasParams({ type: "VIN", c: "FR", page: null }, "/products"));
  await expect(currentPage(page)).toHaveText("1");
  await expect(cards.first().locator("h3")).toHaveText(firstOfPage1 ?? "");
  await expect(filterBox(form, "type", "VIN")).toBeChecked();
  await expect(filterBox(form, "c", "FR")).toBeChecked();

  // Back again: the type only. (That the France box is unchecked again is the next test's.)
  await page.goBack();
  await expect(page).toHaveURL(hasParams({ type: "VIN", c: null, page: null }, "/products"));
  await expect(status).toHaveText(vinCount ?? "");
  await expect(filterBox(form, "type", "VIN")).toBeChecked();
  await expectEveryCard(cards, page.getByText(/^Vin$/));

  // Forward: both filters again.
  await page.goForward();
  await expect(page).toHaveURL(hasParams({ type: "VIN", c: "FR", page: null }, "/products"));
  await expect(filterBox(form, "type", "VIN")).toBeChecked();
  await expect(filterBox(form, "c", "FR")).toBeChecked();
  await expect(cards.first().locator("h3")).toHaveText(firstOfPage1 ?? "");

  // A product card opens the product page with its channels and prices.
  const card = cards.first();
  const name = (await card.locator("h3").textContent()) ?? "";
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/products/") && url.searchParams.has("id"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const channel = page.getByTestId("channel").first();
  await expect(channel).toBeVisible();
  await expect(channel).toContainText("$");
  await expect(channel).toContainText("taxes incluses");
});

// Without JavaScript, Chromium would restore the form's remembered checkboxes on Back; the filter
// form's autocomplete="off" makes it show the URL's state.
test("after back and forward, the filter checkboxes match the URL", async ({ page }) => {
  await page.goto("/products?type=VIN");
  await waitForHydration(page);
  const form = page.getByTestId("product-filters");
  await checkFilter(page, form, "c", "FR", hasParams({ type: "VIN", c: "FR" }, "/products"));
  await expect(filterBox(form, "c", "FR")).toBeChecked();

  await page.goBack();
  await expect(page).toHaveURL(hasParams({ type: "VIN", c: null }, "/products"));
  await expect(filterBox(form, "type", "VIN")).toBeChecked();
  // Without JavaScript the page is static once loaded: no need to wait the full expect timeout.
  await expect(filterBox(form, "c", "FR")).not.toBeChecked({ timeout: isNoJs() ? 2_000 : undefined });

  await page.goForward();
  await expect(page).toHaveURL(hasParams({ type: "VIN", c: "FR" }, "/products"));
  await expect(filterBox(form, "type", "VIN")).toBeChecked();
  await expect(filterBox(form, "c", "FR")).toBeChecked();
});

test("the main navigation leads to the product list", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await mainNav(page).getByRole("link", { name: "Produits", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/products" && url.search === "");
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  await expect(currentPage(page)).toHaveText("1");
  await expect(page.getByRole("link", { name: "Précédent" })).toHaveCount(0);
});

test("a malformed query still answers 200 and explains the price error", async ({ page }) => {
  const response = await page.goto("/products?page=abc&r=loire&max=abc");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Produits" })).toBeVisible();
  await expect(page.getByText("Doit être une valeur numérique")).toBeVisible();
  const max = page.getByTestId("product-filters").getByRole("textbox", { name: "Maximum ($)" });
  await expect(max).toHaveAttribute("aria-invalid", "true");
  await expect(max).toHaveValue("abc");
  await expect(currentPage(page)).toHaveText("1");
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});

test("a page far beyond the last ends on the last page", async ({ page }) => {
  await page.goto("/products?page=9999");
  await expect(page).toHaveURL((url) => url.pathname === "/products" && /^\d+$/.test(url.searchParams.get("page") ?? ""));
  const last = Number(new URL(page.url()).searchParams.get("page"));
  expect(last).toBeGreaterThan(1);
  expect(last).toBeLessThan(9999);
  await expect(currentPage(page)).toHaveText(String(last));
  await expect(page.locator('a[rel="next"]')).toHaveCount(0);
  await expect(page.locator('a[rel="prev"]')).toHaveCount(1);
  const numbers = (await page.getByRole("navigation", { name: "Pagination" }).getByRole("link").allTextContents())
    .map((text) => Number(text))
    .filter((n) => Number.isInteger(n) && n > 0);
  expect(numbers.length).toBeGreaterThan(0);
  for (const n of numbers) expect(n).toBeLessThan(last);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});

test("a text search without matches shows 'Aucun résultat'", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const search = page.getByRole("searchbox", { name: "Rechercher" });
  await search.fill("zzqxjw");
  await search.press("Enter");
  await expect(page).toHaveURL(hasParams({ t: "zzqxjw" }, "/global-search"));
  await page.getByRole("link", { name: "Chercher « zzqxjw » dans les produits" }).click();
  await expect(page).toHaveURL(hasParams({ t: "zzqxjw" }, "/products"));
  await expect(page.getByText("Aucun résultat")).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(0);
  await expect(productCount(page)).toHaveText("0 produit");
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
});

test("typing a maximum price waits for Enter, then filters with the tax-inclusive price", async ({ page }) => {
  await page.goto("/products");
  await waitForHydration(page);
  const max = page.getByTestId("product-filters").getByLabel("Maximum ($)");
  await max.click();
  await max.pressSequentially("40");
  // Still typing: nothing submitted, the field keeps the focus and both digits.
  await expect(max).toBeFocused();
  await expect(max).toHaveValue("40");
  expect(new URL(page.url()).searchParams.has("max")).toBe(false);
  await max.press("Enter");
  await expect(page).toHaveURL(hasParams({ max: "40" }, "/products"));
  // The URL can change a moment before the new cards render: poll the highest unit price shown.
  await expect
    .poll(async () => {
      const prices = await page.getByTestId("product-card").locator("[data-testid=unit-price]").allTextContents();
      // No unit price at all would prove nothing: count that as not yet filtered.
      if (prices.length === 0) return Number.POSITIVE_INFINITY;
      return Math.max(...prices.map((p) => Number(p.replace(/[^\d,]/g, "").replace(",", "."))));
    })
    .toBeLessThanOrEqual(40);
});
