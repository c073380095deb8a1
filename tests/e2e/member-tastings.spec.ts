/**
 * Members' in-store tastings (docs/decisions/049-member-tastings-and-allocations.md), with and
 * without JavaScript: a new customer becomes a member and sees 4 tastings left on /account; staff,
 * in a browser of their own, find them in /agence/membres and record a tasting with a guest; the
 * member's /account then says 3 are left and names the day used. The limit, the year and the
 * concurrency are the integration tests' (tests/integration/member-tastings-and-allocations.test.ts).
 */
import { registerCustomer, signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

test("staff record a member's tasting and the member sees what is left", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = await registerCustomer(page, { firstName: "Dominique", lastName: "Dégustation", emailPrefix: "degustation" });
  await page.goto("/membres");
  await page.getByTestId("plan-MEMBERSHIP").getByRole("button", { name: "Devenir membre" }).click();
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveAttribute("data-status", "ACTIVE");
  await page.goto("/account");
  await expect(page.getByTestId("account-tastings").getByTestId("tastings-left")).toHaveText("4 dégustations sur 4 restantes cette année");

  const staffContext = await browser.newContext({
    baseURL,
    storageState: { cookies: (await page.context().cookies()).filter((c) => !/session/.test(c.name)), origins: [] },
    javaScriptEnabled: test.info().project.use.javaScriptEnabled ?? true,
  });
  try {
    await signInAsStaff(staffContext, baseURL!);
    const staffPage = await staffContext.newPage();
    await staffPage.goto("/agence/membres");
    await staffPage.getByLabel("Nom ou courriel").fill(email);
    await staffPage.getByTestId("staff-area").getByRole("button", { name: "Chercher", exact: true }).click();
    await expect(staffPage).toHaveURL(/\/agence\/membres\?q=/);
    await staffPage.getByRole("link", { name: "Dégustation, Dominique" }).click();
    await expect(staffPage.getByRole("heading", { level: 1, name: "Dominique Dégustation" })).toBeVisible();
    await expect(staffPage.getByTestId("tastings-left")).toHaveText("4 dégustations sur 4 restantes cette année");
    await expectNoAxeViolations(staffPage);

    const form = staffPage.getByTestId("record-tasting");
    await form.getByLabel("Boutique").selectOption({ label: "Boutique Québec" });
    await form.getByLabel("Accompagné d’un invité non membre").check();
    await form.getByRole("button", { name: "Inscrire la dégustation" }).click();
    await expect(staffPage.getByTestId("tasting-done")).toHaveText("Dégustation inscrite.");
    await expect(staffPage.getByTestId("tastings-left")).toHaveText("3 dégustations sur 4 restantes cette année");
    await expect(staffPage.getByTestId("tasting-row")).toHaveCount(1);
    await expect(staffPage.getByTestId("tasting-row")).toContainText("Boutique Québec");
    await expect(staffPage.getByTestId("tasting-row")).toContainText("Avec un invité");
  } finally {
    await staffContext.close();
  }

  await page.goto("/account");
  const tastings = page.getByTestId("account-tastings");
  await expect(tastings.getByTestId("tastings-left")).toHaveText("3 dégustations sur 4 restantes cette année");
  await expect(tastings.getByTestId("tastings-used").getByRole("listitem")).toHaveCount(1);
  await expect(tastings.getByTestId("tastings-used")).toContainText("Boutique Québec, avec un invité");
  await expectNoAxeViolations(page);
});
