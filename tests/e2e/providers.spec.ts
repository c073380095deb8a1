/**
 * The producers directory (docs/product.md#producers Producers, filter tree): tiles grouped by country by
 * default, the list view kept in the prefs cookie, <details> product lists that open without
 * JavaScript, the country → region tree filter with its Reset link, and a producer's page.
 * Runs with JavaScript and without. Below 1366 px the filters are a drawer that applies a choice
 * with its Filter button only (providers-screen.spec.ts has the drawer and the desktop column).
 */
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { hasParams, isNoJs, openFilters, waitForHydration } from "./support/helpers";

/** The results column (the section labelled "Producteurs"). */
function results(page: Page): Locator {
  return page.getByRole("region", { name: "Producteurs", exact: true });
}

/** In the open drawer, checks a box (by field name and value) and applies it with "Filtrer". */
async function checkInDrawer(page: Page, form: Locator, name: string, value: string, urlMatches: (url: URL) => boolean) {
  const box = () => form.locator(`input[type="checkbox"][name="${name}"][value="${value}"]`);
  await expect(box()).not.toBeChecked();
  await box().check();
  await form.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(urlMatches);
  await expect(box()).toBeChecked();
}

/** The country headings (h2) of the results. */
function countryHeadings(page: Page): Locator {
  return results(page).getByRole("heading", { level: 2 });
}

test("tiles by default, grouped under country headings", async ({ page }) => {
  await page.goto("/providers");
  await expect(page.getByRole("heading", { level: 1, name: "Producteurs" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Tuiles" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Liste" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("provider-list")).toHaveCount(0);

  const headings = await countryHeadings(page).allTextContents();
  expect(headings.length).toBeGreaterThan(1);
  expect(new Set(headings).size).toBe(headings.length);
  // Each country heading heads its own group of tiles.
  const groups = page.getByTestId("provider-tiles");
  await expect(groups).toHaveCount(headings.length);
  for (const [index, name] of headings.entries()) {
    const group = results(page).getByRole("region", { name, exact: true });
    await expect(group.getByTestId("provider-tiles")).toBeVisible();
    await expect(group.getByTestId("provider-card").first()).toBeVisible();
    await expect(countryHeadings(page).nth(index)).toHaveText(name);
  }
  // The root of the origin tree is checked when nothing is filtered; no Reset link.
  await expect(page.getByTestId("provider-filters").locator('[data-node-id="0"]')).toContainText("☑ Tous");
  await expect(page.getByRole("link", { name: "Réinitialiser" })).toHaveCount(0);
});

test("the list view is kept after a reload and its <details> open to the producer's products", async ({ page }) => {
  await page.goto("/providers");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Liste" }).click();
  await expect(page.getByRole("button", { name: "Liste" })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL((url) => url.pathname === "/providers" && url.search === "");
  await expect(page.getByTestId("provider-list").first()).toBeVisible();
  await expect(page.getByTestId("provider-tiles")).toHaveCount(0);

  // The cookie keeps the choice.
  await page.reload();
  await expect(page.getByRole("button", { name: "Liste" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("provider-list").first()).toBeVisible();
  await expect(page.getByTestId("provider-tiles")).toHaveCount(0);

  // A closed <details> hides the products; its summary opens it natively.
  const producer = page.getByTestId("provider-list").first().getByTestId("provider-card").first();
  const details = producer.locator("details");
  const summary = details.locator("summary");
  const pageLinkText = (await details.locator('a[href^="/providers/"]').textContent()) ?? "";
  expect(pageLinkText).toMatch(/^Voir la page de .+/);
  const name = pageLinkText.replace(/^Voir la page de /, "");
  await expect(summary).toContainText(name);
  const productLinks = details.getByRole("link").filter({ hasNotText: "Voir la page de" });
  await expect(details).not.toHaveAttribute("open");
  await expect(productLinks.first()).toBeHidden();
  await summary.click();
  await expect(details).toHaveAttribute("open", "");
  await expect(productLinks.first()).toBeVisible();
  expect(await productLinks.count()).toBeGreaterThan(0);
  for (const href of await productLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/products\/[^/?]+\?id=\d+$/);
  }
  await expect(details.getByRole("link", { name: `Voir la page de ${name}` })).toBeVisible();

  // A product link opens the product page.
  const productName = ((await productLinks.first().textContent()) ?? "").trim();
  await productLinks.first().click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/products/"));
  // The link reads "name vintage"; the product page's title is the name.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(productName.replace(/ \d{4}$/, ""));
});

test("a country of the tree limits the headings to that country; Reset clears it", async ({ page }) => {
  // Opens the drawer three times and loads four lists.
  test.slow();
  await page.goto("/providers");
  await waitForHydration(page);
  expect(await countryHeadings(page).count()).toBeGreaterThan(1);
  const form = page.getByTestId("provider-filters");
  // The default 1280 px is the mobile layout: the filters open from their button.
  await openFilters(page, form);
  const france = form.locator('input[data-node-id="10001"]');
  await expect(france).toHaveAttribute("value", "FR");

  await checkInDrawer(page, form, "c", "FR", hasParams({ c: "FR" }, "/providers"));
  await expect(countryHeadings(page)).toHaveText(["France"]);
  await expect(page.getByTestId("provider-card").first()).toBeVisible();
  await expect(form.locator('input[data-node-id="10001"]')).toBeChecked();
  await expect(form.locator('[data-node-id="0"]')).toContainText("☐ Tous");
  const tiles = results(page).getByTestId("provider-card");
  await expect(tiles.filter({ hasText: "France" })).toHaveCount(await tiles.count());

  await openFilters(page, form);
  const reset = page.getByRole("link", { name: "Réinitialiser" });
  await expect(reset).toBeVisible();
  await reset.click();
  await expect(page).toHaveURL((url) => url.pathname === "/providers" && url.search === "");
  await expect(page.getByRole("link", { name: "Réinitialiser" })).toHaveCount(0);
  expect(await countryHeadings(page).count()).toBeGreaterThan(1);
  await expect(form.locator('input[data-node-id="10001"]')).not.toBeChecked();
  await expect(form.locator('[data-node-id="0"]')).toContainText("☑ Tous");
});

test("a region of the tree filters the producers", async ({ page }) => {
  await page.goto("/providers");
  await waitForHydration(page);
  const form = page.getByTestId("provider-filters");
  await openFilters(page, form);
  const allCards = await page.getByTestId("provider-card").count();
  // Loire, under France.
  const loire = form.getByRole("checkbox", { name: "Loire", exact: true });
  await expect(loire).toHaveAttribute("name", "r");
  const value = await loire.getAttribute("value");
  expect(value).toMatch(/^\d+$/);

  await checkInDrawer(page, form, "r", value ?? "", hasParams({ r: value ?? "", c: null }, "/providers"));
  await expect(countryHeadings(page)).toHaveText(["France"]);
  const cards = results(page).getByTestId("provider-card");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeLessThan(allCards);
  await expect(cards.filter({ hasText: "Loire" })).toHaveCount(count);
  await openFilters(page, form);
  await expect(form.getByRole("checkbox", { name: "Loire", exact: true })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "France", exact: true })).not.toBeChecked();
  await expect(page.getByRole("link", { name: "Réinitialiser" })).toBeVisible();
});

test("a producer's page shows its product cards", async ({ page }) => {
  await page.goto("/providers");
  await waitForHydration(page);
  const tile = page.getByTestId("provider-tiles").first().getByTestId("provider-card").first();
  const name = ((await tile.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
  await tile.getByRole("link").click();
  await expect(page).toHaveURL((url) => /^\/providers\/[^/]+$/.test(url.pathname));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(/^\d+ produits? offerts?$/);
  const cards = page.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  await expect(cards.filter({ hasText: name }).filter({ hasText: "$" })).toHaveCount(count);

  // The page answers directly by its slug; an unknown slug is not found.
  const slug = new URL(page.url()).pathname;
  const direct = await page.goto(slug);
  expect(direct?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(cards).toHaveCount(count);
  const missing = await page.goto("/providers/no-such-producer");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oups, nous n'avons pas trouvé cette page");
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test("shows 51 producers per page with JavaScript, the phone's 20 without", async ({ page }) => {
    await page.goto("/providers");
    if (isNoJs()) {
      await expect(page.getByTestId("provider-card")).toHaveCount(20);
      expect(new URL(page.url()).searchParams.has("size")).toBe(false);
    } else {
      await expect(page).toHaveURL(hasParams({ size: "51" }, "/providers"));
      // The URL changes a moment before the longer page renders.
      await expect.poll(() => page.getByTestId("provider-card").count()).toBeGreaterThan(20);
      expect(await page.getByTestId("provider-card").count()).toBeLessThanOrEqual(51);
    }
  });
});
