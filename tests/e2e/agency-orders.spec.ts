/**
 * The agency's orders, with and without JavaScript: a customer places and pays an
 * order through the checkout and the simulated payment page; staff logs in, finds it in
 * /agence/commandes (in a browser of their own), marks the agency fees received, then ready for pick-up (the follow-up date
 * appears, the audit trail lists both steps, a stale click from a second tab is refused with the
 * current state shown); the customer's /account/sales and e-mail show the state. axe on the pages.
 */
import { registerCustomer, signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addFirstBuyable } from "./support/cart";
import { expect, type Page, test } from "./support/fixtures";
import { mailsContaining } from "./support/outbox";

/** The logged-in customer buys a private-import case and a food item, pays on the simulated page; returns the confirmation number. */
async function placeAndPay(page: Page): Promise<string> {
  await addFirstBuyable(page, "/products?inventory=IP", /Ajouter la caisse/);
  await addFirstBuyable(page, "/products?inventory=MERCH_MTL&type=FOODS", /^Ajouter au panier$/);
  await page.goto("/shopping-cart");
  await page.getByTestId("checkout-link").click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 1 de 3");
  await page.getByRole("main").getByLabel("Prénom").fill("Camille");
  await page.getByRole("main").getByLabel("Nom", { exact: true }).fill("Tremblay");
  await page.getByLabel("Téléphone").fill("514 555-0123");
  await page.getByRole("button", { name: "Étape suivante" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 2 de 3");
  await page.getByLabel("Chercher une succursale").fill("montreal");
  await page.getByTestId("branch-search").getByRole("button", { name: "Chercher" }).click();
  await expect(page).toHaveURL(/q=montreal/);
  await page.getByTestId("branch-list").getByRole("radio").first().check();
  await page.getByRole("radio", { name: "Boutique Montréal" }).check();
  await page.getByRole("button", { name: "Confirmer la commande" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 3 de 3");
  await page.getByLabel("J'ai lu et j'accepte ces conditions.").check();
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page.getByTestId("confirmation")).toBeVisible();
  return (await page.getByTestId("confirmation-number").textContent())!;
}

test("staff marks a paid order's agency fees received, then ready for pick-up; the customer sees it", async ({
  page,
  browser,
  baseURL,
}) => {
  // A whole story (register, buy, pay, two staff steps, the customer's view): longer than one page's test.
  test.setTimeout(120_000);
  await registerCustomer(page, { emailPrefix: "fulfilment" });
  const confirmation = await placeAndPay(page);

  await page.goto("/account/sales");
  const card = page.getByTestId("order").filter({ has: page.getByTestId("order-confirmation").getByText(confirmation) });
  const orderNumber = ((await card.getByRole("heading", { level: 2 }).textContent()) ?? "").match(/CUV-\d+/)![0];
  await expect(card.getByTestId("order-fulfilment")).toContainText("commande reçue par l’agence");

  // Staff, in a browser of their own (the customer stays logged in here).
  const staffContext = await browser.newContext({
    baseURL,
    storageState: { cookies: (await page.context().cookies()).filter((c) => !/session/.test(c.name)), origins: [] },
    javaScriptEnabled: test.info().project.use.javaScriptEnabled ?? true,
  });
  await signInAsStaff(staffContext, baseURL!);
  const staffPage = await staffContext.newPage();
  await staffPage.goto("/agence/commandes");
  await expect(staffPage.getByRole("heading", { level: 1, name: "Commandes" })).toBeVisible();
  await expectNoAxeViolations(staffPage);
  // The filters are a GET form: they land in the URL.
  await staffPage.getByLabel("Paiement").selectOption({ label: "Payée" });
  await staffPage.getByLabel("Suivi").selectOption({ label: "Nouvelle" });
  await staffPage.getByRole("button", { name: "Filtrer" }).click();
  await expect(staffPage).toHaveURL(/status=PAID.*fulfilment=NEW|fulfilment=NEW.*status=PAID/);
  await staffPage.getByRole("link", { name: orderNumber }).click();

  await expect(staffPage.getByRole("heading", { level: 1, name: `Commande ${orderNumber}` })).toBeVisible();
  await expect(staffPage.getByTestId("staff-order-fulfilment")).toHaveText("Nouvelle");
  await expectNoAxeViolations(staffPage);
  // A second tab keeps showing the order as it is now.
  const stalePage = await staffContext.newPage();
  await stalePage.goto(staffPage.url());

  await staffPage.getByRole("button", { name: "Frais d’agence reçus" }).click();
  await expect(staffPage.getByTestId("step-done")).toContainText("Frais d’agence notés comme reçus");
  await expect(staffPage.getByTestId("staff-order-fulfilment")).toHaveText("Frais d’agence reçus");

  // The stale tab's click is refused and shows the order's current state.
  await stalePage.getByRole("button", { name: "Frais d’agence reçus" }).click();
  await expect(stalePage.getByText("Cette commande a changé depuis l’affichage de la page")).toBeVisible();
  await expect(stalePage.getByTestId("staff-order-fulfilment")).toHaveText("Frais d’agence reçus");
  await stalePage.close();

  await staffPage.getByRole("button", { name: "Prête à la succursale / en boutique" }).click();
  await expect(staffPage.getByTestId("step-done")).toContainText("prête pour la cueillette");
  await expect(staffPage.getByTestId("staff-order-fulfilment")).toHaveText("Prête pour la cueillette");
  await expect(staffPage.getByTestId("staff-order-follow-up")).toHaveText(/\d{1,2} \S+ \d{4}/);
  await expect(staffPage.getByTestId("staff-order-audit").getByRole("row")).toHaveCount(3);
  // The trail speaks French: field names, statuses and dates, never raw values.
  const newest = staffPage.getByTestId("staff-order-audit").getByRole("row").nth(1);
  await expect(newest).toContainText(/Suivi\s: Frais d’agence reçus → Prête pour la cueillette/);
  await expect(newest).toContainText(/Prête le\s: — → \d{1,2}\s\S+\s\d{4}/);
  await expect(newest).not.toContainText("READY_FOR_PICKUP");
  await expect(staffPage.getByRole("button", { name: "Ramassée" })).toBeVisible();
  await expectNoAxeViolations(staffPage);
  const followUp = (await staffPage.getByTestId("staff-order-follow-up").textContent())!;
  await staffContext.close();

  await page.goto("/account/sales");
  const seen = page.getByTestId("order").filter({ has: page.getByText(`Commande ${orderNumber}`) });
  await expect(seen.getByTestId("order-fulfilment")).toContainText("prête pour la cueillette");
  await expect(seen.getByTestId("order-follow-up")).toContainText(followUp);
  await expect.poll(() => mailsContaining(orderNumber).filter((m) => m.includes("est prête")).length).toBe(1);
  expect(mailsContaining(orderNumber).filter((m) => m.includes("Nous avons bien reçu les frais d’agence de votre commande")).length).toBe(
    1,
  );
});
