/**
 * The stores per city, with and without JavaScript: a page per store with its
 * address, hours and products; opening a store of the other province switches the shop to it,
 * switching back from its page leads to the stores' list, and a logged-in customer of the other
 * province is asked first, then logged out on /login if they confirm (docs/product.md#accounts; decision 028).
 */
import { registerCustomer } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/helpers";

test("the stores' list leads to each store; the Toronto store switches a Quebec visitor to Ontario, who can then buy there", async ({
  page,
}) => {
  await page.goto("/boutiques");
  await expect(page.getByTestId("store-card")).toHaveCount(3);
  await expectNoAxeViolations(page);
  await expect(page.getByRole("button", { name: "QC", exact: true })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("link", { name: "Boutique Toronto" }).click();
  await expect(page).toHaveURL(/\/boutiques\/toronto$/);
  await expect(page.getByRole("heading", { level: 1, name: "Boutique Toronto" })).toBeVisible();
  await expect(page.getByTestId("store-hours").getByRole("row")).toHaveCount(7);
  await expect(page.getByRole("main").getByText("890 Queen Street West")).toBeVisible();
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page);

  await page.getByTestId("store-products").click();
  await expect(page).toHaveURL(/\/products\?inventory=STORE_TORONTO$/);
  const card = page.getByTestId("product-card").first();
  await expect(card.getByTestId("switch-province")).toHaveCount(0);
  await expect(card.getByTestId("add-to-cart").first()).toBeVisible();
});

test("choosing Quebec on the Toronto store leads to the stores' list, in Quebec", async ({ page }) => {
  await page.goto("/boutiques/toronto");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "QC", exact: true }).click();
  await expect(page).toHaveURL(/\/boutiques$/);
  await expect(page.getByRole("button", { name: "QC", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("store-card")).toHaveCount(3);
});

test("an unknown store is not found", async ({ page }) => {
  const response = await page.goto("/boutiques/vancouver");
  expect(response?.status()).toBe(404);
});

test("a Quebec customer opening the Toronto store is asked first; staying leads to the stores' list, switching logs out on /login", async ({
  page,
}) => {
  await registerCustomer(page, { firstName: "Léo", emailPrefix: "boutique" });
  await page.goto("/boutiques/toronto");
  await expect(page).toHaveURL(/\/province\?province=on&to=%2Fboutiques%2Ftoronto$/);
  await page.getByRole("link", { name: "Rester au Québec" }).click();
  await expect(page).toHaveURL(/\/boutiques$/);
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Mon compte, Léo");
  await page.goto("/boutiques/toronto");
  await page.getByRole("button", { name: "Passer à l’Ontario et fermer ma session" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Mon compte");
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
});
