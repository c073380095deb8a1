/**
 * Order history and invoice from a customer's side, with and without JavaScript:
 * a new account's empty history, an order placed and paid on the simulated payment page, the
 * order in /account/sales with its status, branch and follow-up text, and its invoice PDF whose
 * text holds the order number and the TPS/TVQ lines; axe on the history.
 */
import { readFile } from "node:fs/promises";
import { pdfText } from "../support/pdf-text";
import { registerCustomer } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addFirstBuyable } from "./support/cart";
import { expect, type Page, test } from "./support/fixtures";
import { isNoJs } from "./support/helpers";

/** Buys the first private-import case of the list, picked up at a Montréal SAQ branch, and pays it. */
async function buyACase(page: Page, email: string): Promise<{ confirmation: string; orderNumber: string }> {
  await addFirstBuyable(page, "/products?inventory=IP", /Ajouter la caisse/);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 1 de 3");
  await page.getByRole("main").getByLabel("Prénom").fill("Camille");
  await page.getByRole("main").getByLabel("Nom", { exact: true }).fill("Tremblay");
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByLabel("Téléphone").fill("514 555-0123");
  await page.getByRole("button", { name: "Étape suivante" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 2 de 3");
  await page.getByLabel("Chercher une succursale").fill("montreal");
  await page.getByTestId("branch-search").getByRole("button", { name: "Chercher" }).click();
  await expect(page).toHaveURL(/q=montreal/);
  await page.getByTestId("branch-list").getByRole("radio").first().check();
  await page.getByRole("button", { name: "Confirmer la commande" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 3 de 3");
  await page.getByLabel("J'ai lu et j'accepte ces conditions.").check();
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page.getByTestId("confirmation")).toBeVisible();
  const confirmation = (await page.getByTestId("confirmation-number").textContent())!.trim();
  const orderNumber = /CUV-\d{6,}/.exec((await page.getByTestId("confirmation").textContent()) ?? "")?.[0];
  expect(orderNumber).toBeTruthy();
  return { confirmation, orderNumber: orderNumber! };
}

/** The invoice behind the order's link: downloaded with JavaScript, fetched with the page's cookies without. */
async function downloadInvoice(page: Page, link: ReturnType<Page["getByTestId"]>, orderNumber: string): Promise<Uint8Array> {
  const href = await link.getAttribute("href");
  expect(href).toBe(`/account/invoices/${orderNumber}`);
  if (isNoJs()) {
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe(`attachment; filename="Invoice-${orderNumber}.pdf"`);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    return new Uint8Array(await response.body());
  }
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`Invoice-${orderNumber}.pdf`);
  return new Uint8Array(await readFile(await download.path()));
}

test("a customer finds their paid order in the history and downloads its invoice", async ({ page }) => {
  const email = await registerCustomer(page, { emailPrefix: "historique" });

  await page.goto("/account/sales");
  await expect(page.getByRole("heading", { level: 1, name: "Historique des commandes" })).toBeVisible();
  await expect(page.getByTestId("order-history-empty")).toContainText("Aucun résultat");
  await expectNoAxeViolations(page);

  const { confirmation, orderNumber } = await buyACase(page, email);

  await page.goto("/account/sales");
  const order = page.getByTestId("order").filter({ hasText: confirmation });
  await expect(order).toHaveCount(1);
  await expect(order.getByRole("heading", { name: `Commande ${orderNumber}`, exact: true })).toBeVisible();
  await expect(order.getByTestId("order-status")).toHaveText("Payée");
  await expect(order.getByTestId("order-branch")).toContainText("SAQ");
  await expect(order.getByTestId("order-lines").getByRole("row")).toHaveCount(2);
  await expect(order.getByTestId("order-gst")).toBeVisible();
  await expect(order.getByTestId("order-qst")).toBeVisible();
  await expect(order.getByTestId("order-tracking")).toContainText("10 jours ouvrables");
  await expectNoAxeViolations(page);

  const text = await pdfText(await downloadInvoice(page, order.getByTestId("order-invoice"), orderNumber));
  expect(text).toContain("FACTURE");
  expect(text).toContain(orderNumber);
  expect(text).toContain(confirmation);
  expect(text).toContain("Camille Tremblay");
  expect(text).toMatch(/Nº d’inscription TPS : \d{9} RT\d{4}/);
  expect(text).toMatch(/Nº d’inscription TVQ : \d{10} TQ\d{4}/);
  expect(text).toContain("TPS (5 %)");
  expect(text).toContain("TVQ (9,975 %)");
});

test("another customer's invoice and a guessed one answer 404; a visitor is sent to log in", async ({ page }) => {
  const response = await page.request.get("/account/invoices/CUV-000001", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/login?redirect=%2Faccount%2Finvoices%2FCUV-000001");

  await registerCustomer(page, { emailPrefix: "intrus" });
  for (const guess of ["CUV-000001", "CUV-999999", "nimporte-quoi"]) {
    expect((await page.request.get(`/account/invoices/${guess}`)).status(), guess).toBe(404);
  }
});
