/**
 * A reservation through its lifecycle, with and without JavaScript: a new customer
 * reserves an upcoming private-import case and places the order through the checkout; staff logs
 * in, finds it in /agence/reservations and marks it available; the customer's e-mail holds the
 * payment link; the customer follows it, chooses the branch, pays on the simulated page and sees
 * the paid order in /account/sales.
 */
import { registerCustomer, signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addFirstBuyable } from "./support/cart";
import { expect, test } from "./support/fixtures";
import { mailsContaining } from "./support/outbox";

test("staff marks a reservation available and the customer pays it through the e-mailed link", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const email = await registerCustomer(page, { emailPrefix: "resv" });

  // The customer reserves an upcoming case and places the order (nothing is due now).
  // Upcoming products come after the available ones: the last page of private import holds some.
  await page.goto("/products?inventory=IP");
  const pages = await page.getByRole("navigation", { name: "Pagination" }).getByRole("link").allTextContents();
  const last = Math.max(1, ...pages.map(Number).filter(Number.isInteger));
  const productName = await addFirstBuyable(page, `/products?inventory=IP&page=${last}`, "Réserver");
  await page.goto("/checkout");
  await page.getByLabel("Téléphone").fill("514 555-0123");
  await page.getByRole("button", { name: "Étape suivante" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 2 de 3");
  await page.getByRole("button", { name: "Confirmer la commande" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 3 de 3");
  await page.getByLabel("J'ai lu et j'accepte ces conditions.").check();
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await expect(page.getByTestId("confirmation")).toBeVisible();

  // Staff, in a browser of their own, marks it available.
  const staffContext = await browser.newContext({
    baseURL,
    storageState: { cookies: (await page.context().cookies()).filter((c) => !/session/.test(c.name)), origins: [] },
    javaScriptEnabled: test.info().project.use.javaScriptEnabled ?? true,
  });
  await signInAsStaff(staffContext, baseURL!);
  const staffPage = await staffContext.newPage();
  await staffPage.goto("/agence/reservations");
  await staffPage.getByLabel("Statut").selectOption("REQUESTED");
  await staffPage.getByLabel("Produit (nom ou puid)").fill(productName);
  await staffPage.getByRole("button", { name: "Filtrer", exact: true }).click();
  await expect(staffPage).toHaveURL(/status=REQUESTED/);
  const row = staffPage.getByTestId("reservation-row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("reservation-status")).toHaveText("Demandée");
  await expectNoAxeViolations(staffPage);
  await row.getByRole("button", { name: "Marquer disponible" }).click();
  // Made available, it leaves the REQUESTED list; shown again under its new status.
  await expect(row).toHaveCount(0);
  await staffPage.goto(`/agence/reservations?status=AVAILABLE&q=${encodeURIComponent(productName)}`);
  await expect(staffPage.getByTestId("reservation-row").filter({ hasText: email }).getByTestId("reservation-status")).toHaveText(
    "Disponible, en attente de paiement",
  );
  await staffContext.close();

  // The e-mail holds the payment link; the customer follows it.
  await expect.poll(() => mailsContaining(email).filter((m) => m.includes("/reservations/")).length).toBe(1);
  const mail = mailsContaining(email).find((m) => m.includes("/reservations/"))!;
  const link = /https?:\/\/[^\s"<]+(\/reservations\/[A-Za-z0-9._-]+)/.exec(mail)![1]!;
  await page.goto(link);
  await expect(page.getByTestId("reservation-state")).toContainText("Votre produit est arrivé");
  await expect(page.getByTestId("reservation-deadline")).toContainText("À payer avant le");
  const amount = (await page.getByTestId("reservation-amount").textContent())!;
  await page.getByLabel("Chercher une succursale").fill("montreal");
  await page.getByTestId("branch-search").getByRole("button", { name: "Chercher" }).click();
  await expect(page).toHaveURL(/q=montreal/);
  await page.getByTestId("branch-list").getByRole("radio").first().check();
  await page.getByRole("button", { name: "Confirmer ce choix" }).click();
  await expect(page.getByTestId("reservation-pickup")).toHaveCount(0);
  await expect(page.getByTestId("reservation-branch")).toContainText("Montréal");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Payer" }).click();

  // The simulated payment page, then the confirmation.
  await expect(page.getByTestId("payment-amount")).toHaveText(amount);
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page.getByTestId("confirmation")).toBeVisible();

  // The history shows the new order paid, and the reservation paid.
  await page.goto("/account/sales");
  const orders = page.getByTestId("order");
  await expect(orders).toHaveCount(2);
  await expect(orders.first().getByTestId("order-status")).toHaveText("Payée");
  await expect(orders.first()).toContainText(productName);
  await expect(page.getByTestId("order-reservations")).toContainText("Payée");
});
