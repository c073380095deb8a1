/**
 * The product list's availability status facet and origin order, and the lookups by id
 * (docs/decisions/051-listing-filters-and-lookups.md): "À venir" filters the list with its count
 * and chip; `/products/{id}` lands on the product's slug page in the language asked for; an id
 * naming nothing is the not-found page saying a product was not found.
 * With JavaScript and without; the detail is in tests/integration/listing-filters-and-lookups.test.ts.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { checkFilter, hasParams, waitForHydration } from "./support/helpers";

// The desktop layout (from 1366 px): the filter column in sight.
test.use({ viewport: { width: 1366, height: 900 } });

test("the status facet filters the list with its count and chip, and the origin order is offered", async ({ page }) => {
  await page.goto("/products?sort=origin");
  await waitForHydration(page);
  await expect(page.getByLabel("Trier par")).toHaveValue("origin");
  const form = page.getByTestId("product-filters");
  const status = page.getByRole("group", { name: "Disponible ou à venir" });
  await expect(status).toHaveAttribute("data-testid", "facet-availabilityStatus");
  const upcoming = status.locator("label").filter({ hasText: "À venir" });
  const count = Number(await upcoming.locator("span").last().textContent());
  expect(count).toBeGreaterThan(0);
  await expectNoAxeViolations(page, "the products' status facet");

  await checkFilter(
    page,
    form,
    "availabilityStatus",
    "UPCOMING",
    hasParams({ availabilityStatus: "UPCOMING", sort: "origin" }, "/products"),
  );
  await expect(page.getByRole("status").filter({ hasText: /produits?$/ })).toHaveText(new RegExp(`^${count}\\s`));
  await expect(
    page.getByRole("navigation", { name: "Filtres actifs" }).getByRole("link", { name: "Retirer le filtre À venir" }),
  ).toBeVisible();
});

test("/products/{id} answers the product's page, in the language asked for; an unknown id is a product not found", async ({ page }) => {
  const first = await page.request.get("/products/1?lng=en-US", { maxRedirects: 0 });
  expect(first.status()).toBe(301);
  const location = first.headers()["location"]!;
  expect(location).toMatch(/^\/products\/[a-z0-9-]+\?lng=en-US$/);
  await page.goto("/products/1?lng=en-US");
  await expect(page).toHaveURL((url) => url.pathname === location.split("?")[0]);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");

  const missing = await page.goto("/products/99999999?lng=fr-CA");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oups, nous n'avons pas trouvé cette page");
  await expect(page.getByTestId("not-found-what")).toHaveText("Ce produit est introuvable\u202f: il a peut-être été retiré du catalogue.");
  await expectNoAxeViolations(page, "a product not found");
});
