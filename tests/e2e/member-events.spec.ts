/**
 * The members' private events (docs/decisions/050-member-events.md), with and without JavaScript:
 * staff create an event for Quebec's members from /agence/evenements (Montréal time); the demo
 * Quebec member finds it from /account, registers (a seat is taken and staff see the member in
 * the list), then cancels (the seat is free again). axe on the staff list, the editor and the
 * member's page. Each run creates its own event (a unique title); capacity under concurrency, the
 * refusals, the 409 and the CSV are covered by tests/integration/member-events.test.ts.
 */
import { DEMO_LOGINS, logIn, signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isNoJs } from "./support/helpers";

test("staff create an event; the member registers from /account and cancels", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const title = `5 à 7 ${isNoJs() ? "sans JS" : "JS"} ${Date.now()}`;

  // Staff, in a browser of their own, create the event.
  const staffContext = await browser.newContext({
    baseURL,
    storageState: { cookies: await page.context().cookies(), origins: [] },
    javaScriptEnabled: !isNoJs(),
  });
  await signInAsStaff(staffContext, baseURL!);
  const staff = await staffContext.newPage();
  await staff.goto("/agence/evenements");
  await expect(staff.getByRole("heading", { level: 1, name: "Événements des membres" })).toBeVisible();
  await expectNoAxeViolations(staff, "/agence/evenements");
  await staff.getByRole("link", { name: "Nouvel événement" }).click();
  await expect(staff).toHaveURL(/\/agence\/evenements\/nouveau$/);
  const form = staff.getByTestId("member-event-edit");
  await form.getByLabel("Type d’événement").selectOption("WINEMAKER");
  await form.getByLabel("Province", { exact: true }).selectOption("QC");
  await form.getByLabel("Titre (français)", { exact: true }).fill(title);
  await form.getByLabel("Titre (anglais)", { exact: true }).fill(`${title} (en)`);
  await form.getByLabel("Description (français)", { exact: true }).fill("Rencontre avec le vigneron.");
  await form.getByLabel("Lieu", { exact: true }).fill("Boutique Montréal");
  await form.getByLabel("Date et heure", { exact: true }).fill("2030-03-15T18:30");
  await form.getByLabel("Nombre de places", { exact: true }).fill("2");
  await staff.getByRole("button", { name: "Créer l’événement" }).click();
  await expect(staff.getByTestId("edit-done")).toContainText("L’événement est créé");
  await expect(staff.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectNoAxeViolations(staff, "the event's editor");
  const eventUrl = staff.url();

  // The member finds it from /account and registers.
  await logIn(page, DEMO_LOGINS.customerQc, "/account");
  await page.getByTestId("events-link").click();
  await expect(page).toHaveURL(/\/account\/events$/);
  const card = page.getByTestId("member-event").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card.getByTestId("event-when")).toHaveText(/15\smars\s2030.*18\sh\s30 · Boutique Montréal/);
  await expect(card.getByTestId("event-seats")).toHaveText("Il reste 2 places.");
  await expectNoAxeViolations(page, "/account/events");
  await card.getByRole("button", { name: /^M’inscrire/ }).click();
  await expect(card.getByTestId("event-done")).toHaveText("Votre inscription est confirmée.");
  await expect(card.getByTestId("event-registered")).toBeVisible();
  await expect(card.getByTestId("event-seats")).toHaveText("Il reste 1 place.");

  // Staff see the member in the list, with the CSV export.
  await staff.goto(eventUrl);
  await expect(staff.getByTestId("registrant")).toHaveCount(1);
  await expect(staff.getByTestId("registrant")).toContainText(DEMO_LOGINS.customerQc.email);
  await expect(staff.getByTestId("registrants-csv")).toBeVisible();
  await staffContext.close();

  // The member cancels: the seat is free again.
  await card.getByRole("button", { name: /^Annuler mon inscription/ }).click();
  await expect(card.getByTestId("event-done")).toHaveText("Votre inscription est annulée : votre place est libérée.");
  await expect(card.getByTestId("event-registered")).toHaveCount(0);
  await expect(card.getByTestId("event-seats")).toHaveText("Il reste 2 places.");
});
