/** Putting products in the cart from a list, as a shopper does. */
import { expect, type Page } from "./fixtures";

/**
 * Opens `listPath` and adds one of the first product whose card offers `button` ("Ajouter la
 * caisse", "Réserver"…), through that channel's form (the channel the URL names comes first in its
 * card, docs/decisions/040); waits for the form to say "Ajouté", with or without JavaScript.
 * @returns the product's name, as its card shows it
 */
export async function addFirstBuyable(page: Page, listPath: string, button: RegExp | string): Promise<string> {
  await page.goto(listPath);
  const card = page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("button", { name: button }) })
    .first();
  const name = (await card.getByRole("heading").first().textContent())!.trim();
  // By its id: without JavaScript the add reloads the page, and the form is found again.
  const formId = await card
    .getByTestId("add-to-cart")
    .filter({ has: page.getByRole("button", { name: button }) })
    .first()
    .getAttribute("id");
  const form = page.locator(`[id="${formId}"]`);
  await form.getByRole("button", { name: button }).click();
  await expect(form.getByRole("status")).toContainText(/Ajouté/);
  return name;
}
