/**
 * Not found (docs/product.md#errors): /not-found, unknown paths and single segments other than /qc and /on
 * answer 404 with "Oups, nous n'avons pas trouvé cette page", in English after the switch.
 * Runs with JavaScript and without.
 */
import { expect, test } from "./support/fixtures";
import { switchPreference, waitForHydration } from "./support/helpers";

// The desktop layout (from 1366 px, docs/product.md#layout): the navbar in sight without opening anything.
test.use({ viewport: { width: 1366, height: 900 } });

const FRENCH_TITLE = "Oups, nous n'avons pas trouvé cette page";
const ENGLISH_TITLE = "Oops, we could not find this page";

for (const path of ["/not-found", "/some/unknown/path", "/bc"]) {
  test(`${path} answers 404 with the not-found page, in French then in English`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(FRENCH_TITLE);
    await expect(page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
    // The layout (header with the switches, footer) is still there.
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();

    // The language switch on the not-found page comes back to the same path, in English.
    await waitForHydration(page);
    await switchPreference(page, "EN");
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ENGLISH_TITLE);
    await expect(page.getByRole("main").getByRole("link", { name: "Back to the home page" })).toBeVisible();

    // Loaded afresh, still a 404, now in English.
    const again = await page.goto(path);
    expect(again?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ENGLISH_TITLE);
  });
}
