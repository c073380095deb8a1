/**
 * The visitor's first minute (docs/product.md#consent Layout dialogs, first visit), with and
 * without JavaScript: age gate → province notice → cookie consent → the page asked for; refusing
 * the age gate; Ontario's 19 after Quebec's 18; a crawler sees the content directly; the footer's
 * "Cookie preferences" reopens the consent; axe (WCAG 2.2 AA) on the open dialogs.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { hasParams, isNoJs, waitForHydration } from "./support/helpers";

const DAY_SECONDS = 24 * 60 * 60;

const ageGate = (page: Page) => page.getByRole("dialog", { name: /^(Bienvenue chez Cuvée|Welcome to Cuvée)$/ });
const notice = (page: Page) => page.getByRole("complementary", { name: "Votre province" });
const consent = (page: Page) => page.getByRole("dialog", { name: "Vos témoins, votre choix" });

/** Whether a `<dialog>` is open as a modal (JavaScript's showModal), not as part of the page. */
function isModal(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.matches(":modal"));
}

async function cookieNamed(page: Page, name: string) {
  return (await page.context().cookies()).find((cookie) => cookie.name === name);
}

test.describe("a first visit", () => {
  test.use({ visitor: "new" });

  test("age gate, then the province notice, then the consent, then the page asked for", async ({ page }) => {
    await page.goto("/products?type=VIN");
    const gate = ageGate(page);
    await expect(gate).toBeVisible();
    await expect(gate).toContainText("Avez-vous 18 ans ou plus, l’âge légal pour acheter et boire de l’alcool au Québec");
    await expect(page.getByTestId("product-card")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    if (!isNoJs()) {
      await expect.poll(() => isModal(gate)).toBe(true);
      // Escape (even twice) does not get past the age gate.
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await expect(gate).toBeVisible();
      await expect.poll(() => isModal(gate)).toBe(true);
    }

    await gate.getByRole("button", { name: "Oui, j’ai 18 ans ou plus" }).click();
    await expect(page).toHaveURL(hasParams({ type: "VIN" }, "/products"));
    await expect(gate).toHaveCount(0);
    await expect(notice(page)).toContainText("Vous magasinez au Québec");
    await expect(notice(page).getByRole("link", { name: "Ontario" })).toHaveAttribute("href", "/on");
    await expect(page.getByTestId("product-card").first()).toBeAttached();
    if (isNoJs()) {
      // Without JavaScript the consent shows at once, with the notice.
      await expect(consent(page)).toBeVisible();
      await expect(notice(page)).toBeVisible();
    } else {
      // The notice hides after 3 s; the consent opens as a modal 3.1 s after the notice.
      await expect(consent(page)).toBeHidden();
      await expect(notice(page)).toBeHidden({ timeout: 8_000 });
      await expect(consent(page)).toBeVisible();
      await expect.poll(() => isModal(consent(page))).toBe(true);
    }
    await expect(consent(page)).toContainText("Loi 25");
    await expect(consent(page).getByRole("link", { name: "Quitter le site" })).toHaveAttribute("href", "https://www.google.ca/");
    await consent(page).getByRole("button", { name: "Accepter" }).click();
    await expect(page.getByTestId("consent-dialog")).toHaveCount(0);
    await expect(page).toHaveURL(hasParams({ type: "VIN" }, "/products"));
    await expect(page.getByTestId("product-card").first()).toBeVisible();

    // Remembered: the age for 30 days; the consent, without "remember my choice", for the session.
    expect((await cookieNamed(page, "age"))?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * DAY_SECONDS);
    expect((await cookieNamed(page, "visited"))?.expires).toBeLessThan(Date.now() / 1000 + DAY_SECONDS + 60);
    expect((await cookieNamed(page, "consent-qc"))?.expires).toBe(-1);

    // The next page: nothing in the way.
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Des vins de vignerons, importés pour vous" })).toBeVisible();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    await expect(page.getByTestId("province-notice")).toHaveCount(0);
    await expect(page.getByTestId("consent-dialog")).toHaveCount(0);
  });

  test("refusing the age gate says see you soon, stores nothing, and the question can be asked again", async ({ page }) => {
    await page.goto("/providers");
    await ageGate(page).getByRole("button", { name: "Non", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "À bientôt !" })).toBeVisible();
    await expect(page.getByText("Revenez lorsque vous aurez l’âge légal pour acheter et boire de l’alcool.")).toBeVisible();
    expect(await cookieNamed(page, "age")).toBeUndefined();
    await page.getByRole("link", { name: "Je me suis trompé : répondre de nouveau" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/providers");
    await expect(ageGate(page)).toBeVisible();
  });

  test("in English: the gate and its refusal speak English", async ({ page }) => {
    await page.goto("/");
    await ageGate(page).getByRole("button", { name: "EN", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Welcome to Cuvée" })).toContainText("Are you 18 or older");
    await page.getByRole("button", { name: "No", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "See you soon!" })).toBeVisible();
    await expect(page.getByText("Come back when you are of legal drinking age.")).toBeVisible();
  });

  test("Ontario asks for 19 even after 18 was confirmed in Quebec; 19 covers Quebec", async ({ page }) => {
    await page.goto("/qc");
    await ageGate(page).getByRole("button", { name: "Oui, j’ai 18 ans ou plus" }).click();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    await page.goto("/on");
    await expect(ageGate(page)).toContainText("Avez-vous 19 ans ou plus, l’âge légal pour acheter et boire de l’alcool en Ontario");
    await ageGate(page).getByRole("button", { name: "Oui, j’ai 19 ans ou plus" }).click();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/qc");
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
  });

  test("with JavaScript, the notice's Ontario link (a client navigation) asks for 19 after Quebec's 18", async ({ page }) => {
    test.skip(isNoJs(), "a client navigation needs JavaScript");
    await page.goto("/products");
    await expect.poll(() => isModal(ageGate(page))).toBe(true);
    await ageGate(page).getByRole("button", { name: "Oui, j’ai 18 ans ou plus" }).click();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    // A mark in the window: it survives a client navigation, not a page load.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await notice(page).getByRole("link", { name: "Ontario" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/on");
    await expect(ageGate(page)).toContainText("Avez-vous 19 ans ou plus, l’âge légal pour acheter et boire de l’alcool en Ontario");
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("the notice's close button hides it, on the same page", async ({ page }) => {
    await page.goto("/products?type=VIN");
    await ageGate(page).getByRole("button", { name: "Oui, j’ai 18 ans ou plus" }).click();
    await expect(notice(page)).toBeVisible();
    await notice(page).getByRole("button", { name: "Fermer l’avis de province" }).click();
    await expect(page.getByTestId("province-notice")).toHaveCount(0);
    // Without JavaScript the button posts to /visitor, which answers 303 back to the page.
    await expect(page).toHaveURL(hasParams({ type: "VIN" }, "/products"));
  });

  test.describe("with the browser's position", () => {
    test.use({ permissions: ["geolocation"], geolocation: { latitude: 43.6532, longitude: -79.3832 } });

    test("without a configured geocoding service, 'use my location' says so and the visitor stays", async ({ page }) => {
      test.skip(isNoJs(), "the location button needs JavaScript");
      await page.goto("/products");
      await ageGate(page).getByRole("button", { name: "Oui, j’ai 18 ans ou plus" }).click();
      await notice(page).getByRole("button", { name: "Utiliser ma position" }).click();
      await expect(notice(page).getByRole("status")).toHaveText(
        "La localisation n’est pas offerte pour le moment : choisissez votre province.",
      );
      await expect(page).toHaveURL((url) => url.pathname === "/products");
    });
  });

  test("axe finds no WCAG 2.2 AA violation on the open age gate, notice and consent", async ({ page }) => {
    test.skip(isNoJs(), "axe runs inside the page");
    await page.goto("/");
    await expect.poll(() => isModal(ageGate(page))).toBe(true);
    await expectNoAxeViolations(page);
    await ageGate(page).getByRole("button", { name: "Oui, j’ai 18 ans ou plus" }).click();
    await expect(notice(page)).toBeVisible();
    await notice(page).hover();
    await expectNoAxeViolations(page);
    await expect.poll(() => isModal(consent(page)), { timeout: 8_000 }).toBe(true);
    await expectNoAxeViolations(page);
  });
});

test.describe("a crawler", () => {
  test.use({ visitor: "new", userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });

  test("sees the products directly: no gate, no notice, no consent, no cookie of ours", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    await expect(page.getByTestId("province-notice")).toHaveCount(0);
    await expect(page.getByTestId("consent-dialog")).toHaveCount(0);
    expect(await cookieNamed(page, "visited")).toBeUndefined();
  });
});

test.describe("a visitor who answered", () => {
  test("the footer's Cookie preferences reopens the consent, and the new answer is remembered", async ({ page }) => {
    await page.goto("/providers");
    await waitForHydration(page);
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Préférences de témoins" });
    await link.click();
    await expect(page).toHaveURL(hasParams({ consent: "open" }, "/providers"));
    await expect(consent(page)).toBeVisible();
    await expect(consent(page)).toContainText("Votre choix actuel : vous avez accepté.");
    if (!isNoJs()) {
      await expect.poll(() => isModal(consent(page))).toBe(true);
      // Escape closes it and gives the focus back to the link; the link opens it again.
      await page.keyboard.press("Escape");
      await expect(consent(page)).toBeHidden();
      await expect(link).toBeFocused();
      await link.click();
      await expect.poll(() => isModal(consent(page))).toBe(true);
    }
    await consent(page).getByLabel("Se souvenir de mon choix").check();
    await consent(page).getByRole("button", { name: "Refuser" }).click();
    await expect(page.getByTestId("consent-dialog")).toHaveCount(0);
    await expect(page).toHaveURL(hasParams({ consent: null }, "/providers"));
    if (!isNoJs()) await expect(link).toBeFocused();
    expect((await cookieNamed(page, "consent-qc"))?.expires).toBeGreaterThan(Date.now() / 1000 + 170 * DAY_SECONDS);

    await link.click();
    await expect(consent(page)).toContainText("Votre choix actuel : vous avez refusé.");
  });
});
