/**
 * The screen sizes of docs/product.md#layout: below 1366 px (xs, sm, md) the mobile layout, a
 * drawer menu and filters behind a "Filtres (n)" button; from 1366 px (lg) the navbar and the
 * filter column. And a product type has one name in the menu, on the home page, in the filters and
 * on the product cards (docs/product.md#layout). Runs with JavaScript and without: the drawer is a <details>, the
 * filter button the label of a checkbox.
 */
import { expect, type Page, test } from "./support/fixtures";
import { checkFilter, hasParams, isNoJs, mainNav, openFilters, waitForHydration } from "./support/helpers";

const drawerButton = (page: Page) => page.locator("header details > summary");
const drawer = (page: Page) => page.getByRole("navigation", { name: "Menu mobile" });
const filterButton = (page: Page) => page.getByText(/^Filtres \(\d+\)$/);

test.describe("at a phone width", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu is a drawer that opens and leads to a page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(mainNav(page)).toBeHidden();
    await expect(drawer(page)).toBeHidden();
    await drawerButton(page).click();
    await expect(drawer(page)).toBeVisible();
    // Menus and their sub-menu links are in the drawer.
    await expect(drawer(page).getByRole("link", { name: "Spiritueux", exact: true })).toBeVisible();
    await drawer(page).getByRole("link", { name: "Producteurs", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/providers");
    await expect(page.getByRole("heading", { level: 1, name: "Producteurs" })).toBeVisible();
  });
});

test.describe("just below 1366 px (md, still the mobile layout)", () => {
  test.use({ viewport: { width: 1365, height: 900 } });

  test("no navbar; the filters open from their button and a choice filters the list", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await expect(mainNav(page)).toBeHidden();
    await expect(drawerButton(page)).toBeVisible();
    const form = page.getByTestId("product-filters");
    await expect(form).toBeHidden();
    await expect(filterButton(page)).toHaveText("Filtres (0)");

    await openFilters(page, form);
    await checkFilter(page, form, "type", "CIDRE", hasParams({ type: "CIDRE" }, "/products"));
    await expect(filterButton(page)).toHaveText("Filtres (1)");
    await expect(page.getByTestId("product-card").first().locator("p").first()).toHaveText("Cidre");

    // Closed again, by the same button: with JavaScript it stayed open through the navigation;
    // without it the new page comes with the filters closed.
    if (!isNoJs()) {
      await expect(form).toBeVisible();
      await filterButton(page).click();
    }
    await expect(form).toBeHidden();
  });
});

test.describe("from 1366 px (lg, the desktop layout)", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the navbar and the filter columns are shown, without drawer or filter button", async ({ page }) => {
    await page.goto("/products");
    await expect(mainNav(page)).toBeVisible();
    await expect(drawerButton(page)).toBeHidden();
    await expect(page.getByTestId("product-filters")).toBeVisible();
    await expect(filterButton(page)).toBeHidden();
    // The filter column is beside the results, not above them.
    const filters = (await page.getByTestId("product-filters").boundingBox())!;
    const firstCard = (await page.getByTestId("product-card").first().boundingBox())!;
    expect(firstCard.x).toBeGreaterThan(filters.x + filters.width);
    expect(firstCard.y).toBeLessThan(filters.y + filters.height);

    for (const [path, testId] of [
      ["/providers?size=51", "provider-filters"],
      ["/blogs", "blog-filters"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(testId)).toBeVisible();
      await expect(filterButton(page)).toBeHidden();
    }
  });

  test("a product type has the same name in the menu, on the home page, in the filters and on the cards", async ({ page }) => {
    const codes = ["VIN", "WINES", "SPIRITUEUX", "BOISSON", "BIERE", "CIDRE", "APERITIF", "FOODS", "GOODS"];
    await page.goto("/");
    const text = async (selector: string) => ((await page.locator(selector).first().textContent()) ?? "").trim();
    const names: Record<string, string> = {};
    for (const code of codes) {
      const href = `a[href="/products?type=${code}"]`;
      names[code] = await text(`main ${href}`);
      expect(names[code], `${code} on the home page`).not.toBe("");
      expect(await text(`nav[aria-label="Menu principal"] ${href}`), `${code} in the menu`).toBe(names[code]);
    }
    expect(new Set(Object.values(names)).size).toBe(codes.length);

    await page.goto("/products");
    const form = page.getByTestId("product-filters");
    for (const code of codes) {
      const label = form.locator("label").filter({ has: page.locator(`input[name="type"][value="${code}"]`) });
      await expect(label.locator("span").first(), `${code} in the filters`).toHaveText(names[code]!);
    }
    await page.goto("/products?type=BIERE");
    await expect(page.getByTestId("product-card").first().locator("p").first()).toHaveText(names.BIERE!);
  });
});
