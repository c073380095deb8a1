/**
 * One province per customer (docs/product.md#province-switch), with and without JavaScript: the guest's cart
 * follows the visitor into the new account; a Quebec customer reaching Ontario (`/on`, a link on
 * any site, or the header's switch) is first told what switching does (decision 028): staying
 * keeps the session and the cart, confirming logs out on /login with an empty cart.
 */
import { registerCustomer } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";

const FOOD = "/products/la-belle-iloise-rillettes-de-sardines-60-g";

async function addFood(page: Page) {
  await page.goto(FOOD);
  const block = page.getByTestId("channel").filter({ has: page.getByRole("heading", { name: /^Boutique Montréal$/ }) });
  await block.getByTestId("add-to-cart").getByRole("button").click();
  await expect(block.getByTestId("add-to-cart").getByRole("status")).toContainText(/Ajouté/);
}

test("the guest's cart becomes the new customer's; the header's switch to Ontario asks, then logs out on /login with an empty cart", async ({
  page,
}) => {
  await addFood(page);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await registerCustomer(page, { firstName: "Mathis", lastName: "Gagnon", emailPrefix: "province" });
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.getByRole("button", { name: "ON", exact: true }).click();
  await expect(page).toHaveURL(/\/province\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Passer à la boutique de l’Ontario ?");
  await page.getByRole("button", { name: "Passer à l’Ontario et fermer ma session" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Mon compte");
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await page.goto("/shopping-cart");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/panier est vide/i);
});

test("a Quebec customer sent to /on (e.g. by another site) is asked first: staying keeps the session and cart, switching logs out", async ({
  page,
}) => {
  await registerCustomer(page, { firstName: "Rosalie", lastName: "Gagnon", emailPrefix: "province" });
  await addFood(page);
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // What a link elsewhere does: a plain GET of /on.
  await page.goto("/on");
  await expect(page).toHaveURL(/\/province\?province=on&to=%2Fon$/);
  const confirmation = page.getByTestId("province-switch");
  await expect(confirmation.getByRole("heading", { level: 1 })).toHaveText("Passer à la boutique de l’Ontario ?");
  await expect(confirmation).toContainText("votre session sera fermée");
  await expect(confirmation.getByTestId("province-switch-cart")).toHaveText("votre panier (1 article) sera vidé.");
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Mon compte, Rosalie");
  await expectNoAxeViolations(page);

  await confirmation.getByRole("link", { name: "Rester au Québec" }).click();
  await expect(page).toHaveURL(/\/qc$/);
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Mon compte, Rosalie");
  await expect(page.getByRole("button", { name: "QC", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account$/);

  await page.goto("/on");
  await page.getByTestId("province-switch").getByRole("button", { name: "Passer à l’Ontario et fermer ma session" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Mon compte");
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
});
