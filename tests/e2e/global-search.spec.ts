/**
 * The global search (docs/product.md#search `/global-search`): typed in the header's search, it
 * lands on the search page with its tabs and counts; the Producers and Blogs tabs and the results
 * are links, back/forward walks through them; a typo shows close matches; the search field is in
 * sight on a phone. Runs with JavaScript and without.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { hasParams, waitForHydration } from "./support/helpers";

function tabs(page: Page) {
  return page.getByRole("navigation", { name: "Résultats par type" });
}

function tab(page: Page, name: string) {
  return tabs(page).getByRole("link", { name: new RegExp(`^${name}`) });
}

function results(page: Page) {
  return page.getByTestId("search-result");
}

async function searchFromHeader(page: Page, text: string): Promise<void> {
  const field = page.getByRole("searchbox", { name: "Rechercher" });
  await field.fill(text);
  await field.press("Enter");
  await expect(page).toHaveURL(hasParams({ t: text }, "/global-search"));
}

test("search from the header, open the Producers and Blogs tabs and a result, back and forward", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await searchFromHeader(page, "pepiere");
  await expect(page).toHaveTitle("Recherche : pepiere · Cuvée");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Résultats pour « pepiere »");

  // Products first, with the counts of every tab.
  await expect(tab(page, "Produits")).toHaveAttribute("aria-current", "page");
  await expect(tab(page, "Produits").getByTestId("search-tab-count")).toHaveText("10");
  await expect(tab(page, "Producteurs").getByTestId("search-tab-count")).toHaveText("1");
  await expect(tab(page, "Blogue").getByTestId("search-tab-count")).toHaveText("1");
  await expect(results(page)).toHaveCount(10);
  await expect(results(page).first()).toContainText("Domaine de la Pépière");
  await expectNoAxeViolations(page);

  await tab(page, "Producteurs").click();
  await expect(page).toHaveURL(hasParams({ t: "pepiere", activeTabType: "PROVIDERS" }, "/global-search"));
  await expect(tab(page, "Producteurs")).toHaveAttribute("aria-current", "page");
  await expect(tab(page, "Produits")).not.toHaveAttribute("aria-current", "page");
  await expect(results(page)).toHaveCount(1);
  await expect(results(page).getByRole("link", { name: "Domaine de la Pépière" })).toHaveAttribute(
    "href",
    "/providers/domaine-de-la-pepiere",
  );
  await expect(results(page)).toContainText("France, Loire");

  await tab(page, "Blogue").click();
  await expect(page).toHaveURL(hasParams({ t: "pepiere", activeTabType: "BLOGS" }, "/global-search"));
  await expect(tab(page, "Blogue")).toHaveAttribute("aria-current", "page");
  const article = results(page).getByRole("link", { name: "La Pépière, le Muscadet pris au sérieux" });
  await expect(article).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(hasParams({ t: "pepiere", activeTabType: "PROVIDERS" }, "/global-search"));
  await expect(tab(page, "Producteurs")).toHaveAttribute("aria-current", "page");
  await expect(results(page).getByRole("link", { name: "Domaine de la Pépière" })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(hasParams({ t: "pepiere", activeTabType: "BLOGS" }, "/global-search"));
  await expect(tab(page, "Blogue")).toHaveAttribute("aria-current", "page");

  await waitForHydration(page);
  await results(page).getByRole("link", { name: "La Pépière, le Muscadet pris au sérieux" }).click();
  await expect(page).toHaveURL("/blogs/muscadet-domaine-de-la-pepiere");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("La Pépière, le Muscadet pris au sérieux");
  await page.goBack();
  await expect(page).toHaveURL(hasParams({ t: "pepiere", activeTabType: "BLOGS" }, "/global-search"));
  await expect(results(page)).toHaveCount(1);
});

test("a typo shows close names; a common word pages by links to a product", async ({ page }) => {
  await page.goto("/global-search?t=chardonay");
  await expect(page.getByText("Aucun résultat exact pour « chardonay » : voici les noms qui s’en rapprochent.")).toBeVisible();
  await expect(results(page).first()).toContainText("Chardonnay");

  await page.goto("/global-search?t=vin");
  await waitForHydration(page);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  const first = await results(page).first().getByRole("link").textContent();
  await pagination.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(hasParams({ t: "vin", activeTabType: "PRODUCTS", activeCurrentPage: "2" }, "/global-search"));
  await expect(pagination.locator('[aria-current="page"]')).toHaveText("2");
  await expect(results(page)).toHaveCount(24);
  await expect(results(page).first().getByRole("link")).not.toHaveText(first!);

  const product = results(page).first().getByRole("link");
  const name = (await product.textContent())!;
  await product.click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name.replace(/ \d{4}$/, ""));
});

test("nothing typed shows a prompt; nothing found says so", async ({ page }) => {
  await page.goto("/global-search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recherche");
  await expect(page.getByText("Cherchez un vin, un producteur, un cépage, une région ou un article de blogue.")).toBeVisible();
  await page.goto("/global-search?t=zzqxjw&activeTabType=BLOGS&activeCurrentPage=abc");
  await expect(tab(page, "Blogue")).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Aucun article ne correspond à « zzqxjw ».")).toBeVisible();
});

test("in English, the tabs and results are English", async ({ page }) => {
  await page.goto("/global-search?t=orange%20wine&activeTabType=BLOGS&lng=en-US");
  const nav = page.getByRole("navigation", { name: "Results by type" });
  await expect(nav.getByRole("link", { name: /^Blogs/ })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: /^Products/ })).toBeVisible();
  await expect(results(page).first().getByRole("link")).toHaveText("Orange wine: a white made like a red");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the search field is in sight without opening the menu", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await searchFromHeader(page, "chateau");
    await expect(tab(page, "Producteurs")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Rechercher" })).toHaveValue("chateau");
  });
});
