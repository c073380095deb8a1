/**
 * The producers screen as docs/product.md#layout draws it: on a phone the filters open in a drawer (up to 414 px
 * wide) with Cancel (closes without applying) and Filter; on a desktop they are a column its
 * button collapses; with JavaScript a loading overlay covers the results while a list loads; a
 * list that fails to load says "Le contenu des producteurs n'est pas disponible" with a retry link.
 * With JavaScript and without (the overlay and the failure only with it: they follow a client
 * navigation's data request, which the test delays or fails).
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { hasParams, isNoJs, waitForHydration } from "./support/helpers";

const drawerButton = (page: Page) => page.getByText(/^Filtres \(\d+\)$/);
const drawer = (page: Page) => page.getByTestId("provider-filter-drawer");
const form = (page: Page) => page.getByTestId("provider-filters");
// Each test loads the producers screen several times, with axe: longer than one page's test on a busy machine.
test.beforeEach(() => test.slow());

const countryHeadings = (page: Page) => page.getByRole("region", { name: "Producteurs", exact: true }).getByRole("heading", { level: 2 });

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the drawer's Cancel closes it without applying; Filter applies", async ({ page }) => {
    await page.goto("/providers");
    await waitForHydration(page);
    const before = await countryHeadings(page).count();
    expect(before).toBeGreaterThan(1);
    await expect(drawer(page)).toBeHidden();
    await drawerButton(page).click();
    await expect(drawer(page)).toBeVisible();
    // Full width on a 375 px phone, over the page.
    const box = (await drawer(page).boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(375);
    await expect(drawer(page).getByRole("heading", { name: "Filtres" })).toBeVisible();
    await expectNoAxeViolations(page, "the open producer filter drawer");

    // A choice, then Cancel: nothing applied, the drawer closed, the choice undone.
    await form(page).getByRole("checkbox", { name: "France", exact: true }).check();
    await drawer(page).getByRole("link", { name: "Annuler" }).click();
    await expect(drawer(page)).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === "/providers" && url.search === "");
    await expect(countryHeadings(page)).toHaveCount(before);
    await expect(form(page).locator('input[name="c"][value="FR"]')).not.toBeChecked();

    // A choice, then Filter: applied, the drawer closed.
    await drawerButton(page).click();
    await form(page).getByRole("checkbox", { name: "France", exact: true }).check();
    // With JavaScript the drawer does not apply a choice by itself: it waits for Filter.
    if (!isNoJs()) await expect(page).toHaveURL((url) => url.search === "");
    await drawer(page).getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(hasParams({ c: "FR" }, "/providers"));
    await expect(countryHeadings(page)).toHaveText(["France"]);
    await expect(drawer(page)).toBeHidden();
    await expect(drawerButton(page)).toHaveText("Filtres (1)");
  });

  test("no collapse button at a phone width: the drawer's button instead", async ({ page }) => {
    await page.goto("/providers");
    await expect(page.getByTestId("provider-filter-column").locator("summary")).toBeHidden();
    await expect(drawerButton(page)).toBeVisible();
  });
});

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the filter column collapses and opens again from its button", async ({ page }) => {
    await page.goto("/providers");
    await waitForHydration(page);
    if (!isNoJs()) await expect(page).toHaveURL(hasParams({ size: "51" }, "/providers"));
    await expect(drawerButton(page)).toBeHidden();
    await expect(form(page)).toBeVisible();
    const results = page.getByRole("region", { name: "Producteurs", exact: true });
    const wide = (await results.boundingBox())!.width;
    await expect(drawer(page).getByRole("link", { name: "Annuler" })).toBeHidden();

    const toggle = page.getByTestId("provider-filter-column").locator("summary");
    await expect(toggle).toHaveAccessibleName("Masquer les filtres");
    await toggle.click();
    await expect(form(page)).toBeHidden();
    await expect(toggle).toHaveAccessibleName("Afficher les filtres (0)");
    // The results take the room.
    expect((await results.boundingBox())!.width).toBeGreaterThan(wide + 50);
    await expectNoAxeViolations(page, "the collapsed producer filters");
    await toggle.click();
    await expect(form(page)).toBeVisible();
  });

  test("a loading overlay covers the results while a list loads (JavaScript)", async ({ page }) => {
    test.skip(isNoJs(), "without JavaScript the browser's own page load shows the progress");
    await page.goto("/providers");
    await waitForHydration(page);
    await expect(page).toHaveURL(hasParams({ size: "51" }, "/providers"));
    await expect(page.getByTestId("providers-loading")).toHaveCount(0);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/providers\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await form(page).getByRole("checkbox", { name: "France", exact: true }).check();
    await expect(page.getByTestId("providers-loading")).toBeVisible();
    await expect(page.getByRole("region", { name: "Producteurs", exact: true })).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("status").filter({ hasText: "Chargement des producteurs…" })).toHaveCount(1);
    release();
    await expect(page).toHaveURL(hasParams({ c: "FR" }, "/providers"));
    await expect(page.getByTestId("providers-loading")).toHaveCount(0);
    await expect(countryHeadings(page)).toHaveText(["France"]);
  });

  test("a list that fails to load says the content is unavailable, and its retry link loads it (JavaScript)", async ({ page }) => {
    test.skip(isNoJs(), "the failure is forced on a client navigation's data request");
    await page.goto("/providers");
    await waitForHydration(page);
    await expect(page).toHaveURL(hasParams({ size: "51" }, "/providers"));
    // The next list's data answers as a failed producers loader would: the route's error (taken
    // from a real answer of the producer page's loader, a 404, moved to the producers route).
    await page.route(/\/providers\.data/, async (route) => {
      const failed = await route.fetch({ url: new URL("/providers/no-such-producer.data", page.url()).href });
      const body = (await failed.text()).replaceAll('"routes/provider"', '"routes/providers"');
      await route.fulfill({ response: failed, body });
    });
    await form(page).getByRole("checkbox", { name: "France", exact: true }).check();
    const alert = page.getByTestId("providers-unavailable");
    await expect(alert).toHaveText(/Le contenu des producteurs n'est pas disponible/);
    await expect(alert).toHaveAttribute("role", "alert");
    await expect(page.getByRole("heading", { level: 1, name: "Producteurs" })).toBeVisible();
    await expect(page.getByTestId("providers-loading")).toHaveCount(0);
    await expectNoAxeViolations(page, "the unavailable producers");

    await page.unroute(/\/providers\.data/);
    await alert.getByRole("link", { name: "Réessayer" }).click();
    await expect(countryHeadings(page)).toHaveText(["France"]);
    await expect(page.getByTestId("providers-unavailable")).toHaveCount(0);
  });
});
