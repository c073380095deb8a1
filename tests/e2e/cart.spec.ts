/**
 * The cart from a shopper's side, with and without JavaScript: a case of private-import
 * wine and two shop items, quantity changes, the summary figures, the licence rule, the stock
 * refusal, removal down to the empty cart.
 *
 * Expected figures, from the demo catalogue (Quebec, integer cents):
 * - Muscadet Clos des Briords 2022, private import (IP): 29.75 $/bottle of which 6.01 $ agency
 *   fee, 12 bottles per case → agency fees 601 × 12 = 7212; SAQ part (2975 − 601) × 12 = 28488.
 * - Pithos Rosso 2021 (shop, MERCH_MTL) 50.00 $ × 2 = 10000, taxable.
 * - Rillettes de sardines (shop, FOODS, zero-rated) 8.50 $ → boutique 10850, taxable 10000.
 * - Pay now taxable 7212 + 10000 = 17212: GST 860.60 → 861, QST 1716.897 → 1717.
 * - SAQ part 28488: GST 1424.40 → 1424, QST 2841.678 → 2842.
 * - GST 861 + 1424 = 2285; QST 1717 + 2842 = 4559.
 * - Pay now 7212 + 10850 + 861 + 1717 = 20640; pay at SAQ 28488 + 1424 + 2842 = 32754;
 *   total 53394.
 */
import { expect, type Page, test } from "./support/fixtures";

const WINE = "/products/domaine-de-la-pepiere-muscadet-clos-des-briords-2022";
const SHOP_WINE = "/products/cos-pithos-rosso-2021";
const FOOD = "/products/la-belle-iloise-rillettes-de-sardines-60-g";

const money = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

async function addFromProductPage(page: Page, path: string, channel: RegExp, quantity: number) {
  await page.goto(path);
  const block = page.getByTestId("channel").filter({ has: page.getByRole("heading", { name: channel }) });
  const form = block.getByTestId("add-to-cart");
  await form.getByRole("spinbutton").fill(String(quantity));
  await form.getByRole("button").click();
  // Both ways stay on the product page (without JavaScript at the channel's anchor), the form
  // saying it was added and the badge counting the new items.
  await expect(page).toHaveURL(new RegExp(`^[^?#]*${path}`));
  await expect(block.getByRole("status")).toContainText(/Ajouté/);
}

async function setQuantity(page: Page, name: RegExp, quantity: number) {
  const line = page.getByTestId("cart-line").filter({ hasText: name });
  await line.getByRole("spinbutton").fill(String(quantity));
  await line.getByRole("button", { name: "Mettre à jour" }).click();
}

test("fills a Quebec cart, checks every summary figure and empties it", async ({ page }) => {
  await addFromProductPage(page, WINE, /^Importation privée$/, 1);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await addFromProductPage(page, SHOP_WINE, /^Boutique Montréal$/, 1);
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  // Alcohol from the shop without food: checkout is blocked with the licence message.
  await page.getByTestId("cart-link").click();
  await expect(page).toHaveURL(/\/shopping-cart$/);
  await expect(page.getByTestId("checkout-blockers")).toContainText("produit alimentaire");
  await expect(page.getByTestId("checkout-link")).toHaveCount(0);

  await addFromProductPage(page, FOOD, /^Boutique Montréal$/, 1);
  await page.goto("/shopping-cart");
  await expect(page.getByTestId("checkout-link")).toBeVisible();
  await expect(page.getByTestId("cart-section-AGENCY").getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-section-SHOP").getByTestId("cart-line")).toHaveCount(2);

  await setQuantity(page, /Pithos Rosso/, 2);
  await expect(page.getByTestId("cart-count")).toHaveText("4");

  // Taxes included (the default display): the payable figures.
  await expect(page.getByTestId("summary-gst")).toHaveText(/22,85/);
  expect(money(await page.getByTestId("summary-gst").textContent())).toBe("22,85 $");
  expect(money(await page.getByTestId("summary-qst").textContent())).toBe("45,59 $");
  expect(money(await page.getByTestId("summary-pay-now").textContent())).toBe("206,40 $");
  expect(money(await page.getByTestId("summary-pay-at-board").textContent())).toBe("327,54 $");
  expect(money(await page.getByTestId("summary-total").textContent())).toBe("533,94 $");
  await expect(page.getByTestId("summary-hst")).toHaveCount(0);

  // Before taxes: the pre-tax lines; totals do not change with the display.
  await page.getByRole("button", { name: "Avant taxes" }).click();
  await expect(page.getByRole("button", { name: "Avant taxes" })).toHaveAttribute("aria-pressed", "true");
  expect(money(await page.getByTestId("summary-agency-fees").textContent())).toBe("72,12 $");
  expect(money(await page.getByTestId("summary-liquor-board-fees").textContent())).toBe("284,88 $");
  expect(money(await page.getByTestId("summary-boutique").textContent())).toBe("108,50 $");
  expect(money(await page.getByTestId("summary-total").textContent())).toBe("533,94 $");

  // More cases than in stock: refused with the spec's message, the cart unchanged.
  await setQuantity(page, /Clos des Briords/, 999);
  await expect(page.getByText("La quantité ajoutée pour ce produit n'est pas disponible").first()).toBeVisible();
  await page.goto("/shopping-cart");
  await expect(
    page
      .getByTestId("cart-line")
      .filter({ hasText: /Clos des Briords/ })
      .getByRole("spinbutton"),
  ).toHaveValue("1");

  // Remove every line: the empty cart.
  for (const name of [/Clos des Briords/, /Pithos Rosso/, /Rillettes/]) {
    await page.getByTestId("cart-line").filter({ hasText: name }).getByRole("button", { name: "Retirer" }).click();
    await expect(page.getByTestId("cart-line").filter({ hasText: name })).toHaveCount(0);
  }
  await expect(page).toHaveURL(/\/shopping-cart-empty$/);
  await expect(page.getByTestId("empty-cart")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
});

test("a stale tab's change is refused with the conflict message and the current cart", async ({ page, context }) => {
  await addFromProductPage(page, FOOD, /^Boutique Montréal$/, 1);
  await page.goto("/shopping-cart");
  const other = await context.newPage();
  await other.goto("/shopping-cart");
  await setQuantity(other, /Rillettes/, 3);
  await expect(other.getByTestId("cart-count")).toHaveText("3");
  // The first tab still shows the old version of the cart.
  await setQuantity(page, /Rillettes/, 2);
  await expect(page.getByText("Votre panier a été modifié ailleurs").first()).toBeVisible();
  await page.goto("/shopping-cart");
  await expect(page.getByTestId("cart-line").getByRole("spinbutton")).toHaveValue("3");
});

test("a liquor-board product shows where to buy instead of an add button", async ({ page }) => {
  await page.goto("/products?inventory=SAQ");
  await page.getByTestId("product-card").first().getByRole("link").first().click();
  const saq = page.getByTestId("channel").filter({ has: page.getByRole("heading", { name: /^SAQ$/ }) });
  await expect(saq).toContainText("En vente à la SAQ");
  await expect(saq.getByTestId("add-to-cart")).toHaveCount(0);
});

test("a guest who switches province gets that province's cart, and the first one back", async ({ page }) => {
  await addFromProductPage(page, FOOD, /^Boutique Montréal$/, 2);
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.getByRole("button", { name: "ON", exact: true }).click();
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await page.getByRole("button", { name: "QC" }).click();
  await expect(page.getByRole("button", { name: "QC" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("cart-count")).toHaveText("2");
});

test("a Quebec visitor on the Toronto store is offered to switch to Ontario, then can buy", async ({ page }) => {
  await page.goto("/products?inventory=STORE_TORONTO");
  const card = page.getByTestId("product-card").first();
  await expect(card.getByTestId("add-to-cart")).toHaveCount(0);
  // Every channel of the card is Ontario's (the store's and Ontario's default ones): each offers the switch.
  await card.getByRole("button", { name: "Passer à l'Ontario pour acheter" }).first().click();
  await expect(page.getByRole("button", { name: "ON", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/inventory=STORE_TORONTO/);
  const first = page.getByTestId("product-card").first();
  await expect(first.getByTestId("switch-province")).toHaveCount(0);
  // The store's channel, named by the URL, comes first in the card.
  await first.getByTestId("card-channel").first().getByTestId("add-to-cart").getByRole("button").click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});
