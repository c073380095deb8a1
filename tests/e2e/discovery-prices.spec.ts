/**
 * A discovery subscriber's prices from their side, with and without JavaScript
 * (docs/decisions/048-discovery-subscriber-prices.md): the demo Ontario subscriber reads the
 * promise on /discovery, puts a private-import case in the cart, and the summary shows the
 * "Rabais abonné découverte" line (not the member's) with lines that add up to what is paid.
 */
import { logIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addFirstBuyable } from "./support/cart";
import { expect, test } from "./support/fixtures";

/** The demo subscriber of the README: Ontario, French, an active discovery package. */
const SUBSCRIBER = { email: "abonne.on@demo.cuvee.test", password: "cuvee-demo-discovery" };

test("a discovery subscriber's cart shows the subscriber discount and totals that add up", async ({ page }) => {
  await logIn(page, SUBSCRIBER, "/discovery");
  await expect(page.getByTestId("discovery-prices")).toContainText(/10\s%\sde rabais sur les frais d’agence/);

  await addFirstBuyable(page, "/products?inventory=PI", /Ajouter la caisse/);
  await page.goto("/shopping-cart");
  const summary = page.getByTestId("cart-summary");
  await expect(summary).toContainText("Rabais abonné découverte");
  await expect(summary).not.toContainText("Rabais membre");
  // Ontario: the liquor board is the LCBO.
  await expect(summary).toContainText("LCBO");

  const cents = async (id: string) => Number((await page.getByTestId(id).textContent())!.replace(/[^\d-]/g, ""));
  const discount = await cents("summary-discovery-discount");
  expect(discount).toBeLessThan(0);
  // Taxes included (the default): agency fees − the discount is what is paid now, to the cent.
  expect((await cents("summary-agency-fees")) + discount).toBe(await cents("summary-pay-now"));
  expect((await cents("summary-pay-now")) + (await cents("summary-pay-at-board"))).toBe(await cents("summary-total"));
  await expectNoAxeViolations(page);
});
