/**
 * The agency's staff area: `/agence` answers 404 with the not-found page to a
 * guest and to a customer; staff logs in, sees what waits for the agency, finds users by role and
 * by a search in names or e-mail, and sees what the outbox could not send — with and without
 * JavaScript, and without axe violations.
 */
import { DEMO_LOGINS, logIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

test("a guest and a customer get the not-found page on /agence and its pages", async ({ page }) => {
  for (const path of ["/agence", "/agence/commandes", "/agence/utilisateurs"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Oups");
  }
  await logIn(page, DEMO_LOGINS.customerQc);
  const response = await page.goto("/agence/reservations");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("staff-area")).toHaveCount(0);
});

test("staff reaches the area from the account, and finds users by role and by name or e-mail", async ({ page }) => {
  await logIn(page, DEMO_LOGINS.staff);
  await page.getByTestId("staff-area-link").click();
  await expect(page).toHaveURL(/\/agence$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agence" })).toBeVisible();
  await expect(page.getByTestId("agency-dashboard").getByRole("link")).toHaveCount(6);
  const nav = page.getByRole("navigation", { name: "Espace de l’agence" });
  await expect(nav.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page, "/agence");

  await nav.getByRole("link", { name: "Utilisateurs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
  const table = page.getByTestId("users-table");
  await expect(table.getByRole("cell", { name: DEMO_LOGINS.staff.email })).toBeVisible();

  const search = page.getByRole("search", { name: "Chercher des utilisateurs" });
  await search.getByLabel("Rôle").selectOption("staff");
  await search.getByRole("button", { name: "Chercher" }).click();
  await expect(page).toHaveURL(/role=staff/);
  await expect(table.getByRole("row")).toHaveCount(2); // the header and the one staff user
  await expect(table.getByRole("cell", { name: "Personnel de l’agence" })).toBeVisible();

  await search.getByLabel("Rôle").selectOption("");
  await search.getByLabel("Nom ou courriel").fill("client.on@");
  await search.getByRole("button", { name: "Chercher" }).click();
  await expect(page).toHaveURL(/q=client\.on/);
  await expect(table.getByRole("rowheader")).toHaveText(["Smith, Jordan"]);
  await expect(page.getByTestId("users-count")).toHaveText("1 utilisateur");
  await expectNoAxeViolations(page, "/agence/utilisateurs");

  // The list is in the URL: reloading keeps it.
  await page.reload();
  await expect(search.getByLabel("Nom ou courriel")).toHaveValue("client.on@");
  await expect(table.getByRole("rowheader")).toHaveText(["Smith, Jordan"]);

  // What the outbox could not send (decision 027): here, everything left.
  await nav.getByRole("link", { name: "Envois" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Envois en échec" })).toBeVisible();
  await expect(page.getByTestId("outbox-counts")).toHaveText("En échec : 0 · Abandonnés : 0");
  await expect(page.getByTestId("outbox-empty")).toHaveText("Tout a été envoyé.");
  await expectNoAxeViolations(page, "/agence/envois");
});
