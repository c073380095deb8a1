/**
 * One province per customer (SPEC §4; issue 8 §6), with and without JavaScript: the guest's cart
 * follows the visitor into the new account; a Quebec customer switching to Ontario, or opening
 * /on, is logged out on /login with an empty cart.
 */
import { registerCustomer } from "./support/accounts";
import { expect, test, type Page } from "./support/fixtures";

const FOOD = "/products/la-belle-iloise-rillettes-de-sardines-60-g";

async function addFood(page: Page) {
  await page.goto(FOOD);
  const block = page.getByTestId("channel").filter({ has: page.getByRole("heading", { name: /^Boutique Montréal$/ }) });
  await block.getByTestId("add-to-cart").getByRole("button").click();
  await expect(page).toHaveURL(/added=\d+/);
}

test("the guest's cart becomes the new customer's; switching to Ontario logs out on /login with an empty cart", async ({ page }) => {
  await addFood(page);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await registerCustomer(page, { firstName: "Mathis", lastName: "Gagnon", emailPrefix: "province" });
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.getByRole("button", { name: "ON", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Mon compte");
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await page.goto("/shopping-cart");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/panier est vide/i);
});

test("opening /on while logged in as a Quebec customer logs out on /login", async ({ page }) => {
  await registerCustomer(page, { firstName: "Rosalie", lastName: "Gagnon", emailPrefix: "province" });
  await page.goto("/on");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Mon compte");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
});
