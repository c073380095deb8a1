/**
 * Active-filter chips on the three filtered lists (/products, /providers, /blogs): each chip is a
 * link named "Retirer le filtre <name>" that removes its filter and keeps the others (and the
 * sort order), "Tout effacer" removes them all; and the sort order sits beside the result count,
 * in sight on a phone, applied by its button without JavaScript and at once with it.
 * At 375 px and 1440 px, with JavaScript and without.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { hasParams, isNoJs, waitForHydration } from "./support/helpers";

// Each test loads a list several times, with axe: longer than one page's test on a busy machine.
test.beforeEach(() => test.slow());

const chipsNav = (page: Page) => page.getByRole("navigation", { name: "Filtres actifs" });

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("products: a chip removes its filter, keeping the others and the sort; clear all removes every filter", async ({ page }) => {
      await page.goto("/products?type=VIN&c=IT&c=FR&sort=name");
      await waitForHydration(page);
      const chips = chipsNav(page);
      await expect(chips.getByRole("link")).toHaveText(["Vin×", "Italie×", "France×", "Tout effacer"]);
      await expect(chips.getByRole("link", { name: "Retirer le filtre Italie", exact: true })).toBeVisible();
      await expectNoAxeViolations(page, "the products' chips");

      await chips.getByRole("link", { name: "Retirer le filtre Italie", exact: true }).click();
      await expect(page).toHaveURL(hasParams({ type: "VIN", c: "FR", sort: "name", page: null }, "/products"));
      await expect(chipsNav(page).getByRole("link", { name: /^Retirer le filtre/ })).toHaveCount(2);
      await expect(page.getByTestId("product-card").first()).toContainText("France");

      await chipsNav(page).getByRole("link", { name: "Tout effacer" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/products" && url.search === "?sort=name");
      await expect(chipsNav(page)).toHaveCount(0);
    });

    test("products: the sort order is in sight beside the count and keeps the filters", async ({ page }) => {
      await page.goto("/products?type=VIN");
      await waitForHydration(page);
      const count = page.getByRole("status").filter({ hasText: /produits?$/ });
      const sort = page.getByLabel("Trier par");
      await expect(sort).toBeInViewport();
      const countBox = (await count.boundingBox())!;
      const sortBox = (await sort.boundingBox())!;
      // Beside the count (same line, or the line below it on a narrow phone), above the cards.
      expect(Math.abs(sortBox.y - countBox.y)).toBeLessThan(60);
      const firstCard = (await page.getByTestId("product-card").first().boundingBox())!;
      expect(sortBox.y).toBeLessThan(firstCard.y);

      await sort.selectOption({ label: "Prix croissant" });
      if (isNoJs()) await page.getByTestId("sort-form").getByRole("button", { name: "Trier" }).click();
      await expect(page).toHaveURL(hasParams({ type: "VIN", sort: "price-asc" }, "/products"));
      await expect(page.getByLabel("Trier par")).toHaveValue("price-asc");
      // A filter chosen afterwards keeps the order.
      await expect(chipsNav(page).getByRole("link", { name: "Retirer le filtre Vin", exact: true })).toBeVisible();
    });

    test("producers: chips name the countries and regions and remove them; clear all keeps the province", async ({ page }) => {
      await page.goto("/providers?type=QC&c=IT");
      await waitForHydration(page);
      await expect(chipsNav(page).getByRole("link")).toHaveText(["Italie×", "Tout effacer"]);
      await chipsNav(page).getByRole("link", { name: "Retirer le filtre Italie", exact: true }).click();
      await expect(page).toHaveURL(hasParams({ type: "QC", c: null }, "/providers"));
      await expect(chipsNav(page)).toHaveCount(0);

      const loire = await page
        .getByTestId("provider-filters")
        .locator("label")
        .filter({ hasText: /^\s*Loire\s*$/ })
        .locator('input[name="r"]')
        .getAttribute("value");
      await page.goto(`/providers?type=QC&c=IT&r=${loire}`);
      await waitForHydration(page);
      await expect(chipsNav(page).getByRole("link")).toHaveText(["Italie×", "Loire×", "Tout effacer"]);
      expect(loire).toMatch(/^\d+$/);
      await expectNoAxeViolations(page, "the producers' chips");
      await chipsNav(page).getByRole("link", { name: "Tout effacer" }).click();
      await expect(page).toHaveURL(hasParams({ type: "QC", c: null, r: null }, "/providers"));
      await expect(chipsNav(page)).toHaveCount(0);
    });

    test("articles: chips name the type and themes; the date order sits beside the count", async ({ page }) => {
      await page.goto("/blogs?type=ARTICLE&a=events&a=travel");
      await waitForHydration(page);
      await expect(chipsNav(page).getByRole("link")).toHaveText(["Article×", "Événements×", "Voyages×", "Tout effacer"]);
      await chipsNav(page).getByRole("link", { name: "Retirer le filtre Événements", exact: true }).click();
      await expect(page).toHaveURL(hasParams({ type: "ARTICLE", a: "travel" }, "/blogs"));
      await expect(chipsNav(page).getByRole("link")).toHaveText(["Article×", "Voyages×", "Tout effacer"]);

      const sort = page.getByLabel("Trier par date");
      await expect(sort).toBeInViewport();
      await sort.selectOption({ label: "Plus anciens d’abord" });
      if (isNoJs()) await page.getByTestId("sort-form").getByRole("button", { name: "Trier" }).click();
      await expect(page).toHaveURL(hasParams({ type: "ARTICLE", a: "travel", sortByDate: "ASC" }, "/blogs"));
      await expectNoAxeViolations(page, "the articles' chips and sort");

      await chipsNav(page).getByRole("link", { name: "Tout effacer" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/blogs" && url.search === "?sortByDate=ASC");
      await expect(chipsNav(page)).toHaveCount(0);
    });
  });
}
