/**
 * A keyboard-only purchase (WCAG 2.1.1 Keyboard, 2.4.7 Focus Visible): from home, with Tab,
 * Shift+Tab, Enter, Space and typing only — no mouse, no `page.goto` after the first one —
 * through a filter on /products, a product, its add to cart, the cart and the three checkout
 * steps as a guest, the simulated payment page, to the confirmation. Every control the focus
 * reaches on the way must show a focus indicator (an outline or a box shadow, app/app.css
 * `:focus-visible`); the test lists every one that does not.
 *
 * Controls are found by role and label, and each is reached by pressing Tab until it has the
 * focus (then Shift+Tab if it lies behind), so the test follows the page's own order whatever the
 * layout around it.
 */
import type { ElementHandle } from "@playwright/test";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { isNoJs, mainNav, waitForHydration } from "./support/helpers";

// The desktop layout (from 1366 px, docs/product.md#layout): the main menu and the filters in sight.
test.use({ viewport: { width: 1366, height: 900 } });

/** What the focus showed on the element it reached (read in the page). */
interface Focused {
  /** The element, named for a failure message; null when the focus is on the document itself. */
  what: string | null;
  /** It shows an outline or a box shadow. */
  indicator: boolean;
  /** It is the control looked for. */
  isTarget: boolean;
}

/** The focused element, whether it shows a focus indicator, and whether it is `target`. */
async function focusedNow(page: Page, target: ElementHandle): Promise<Focused> {
  return page.evaluate((wanted) => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { what: null, indicator: true, isTarget: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== "none" && style.boxShadow !== "";
    const label = (el.getAttribute("aria-label") ?? (el as HTMLElement).innerText ?? el.getAttribute("name") ?? "").trim().slice(0, 40);
    const href = el.getAttribute("href");
    return {
      what: `<${el.tagName.toLowerCase()}${href ? ` href="${href}"` : ""}> ${label}`,
      indicator: outline || shadow,
      isTarget: el === wanted,
    };
  }, target);
}

/** A keyboard walk that records every control without a visible focus indicator. */
function keyboardWalk(page: Page) {
  const missing = new Set<string>();
  let presses = 0;

  /** Presses `key` and says whether the focus landed on `target`; records a missing indicator. */
  async function press(key: "Tab" | "Shift+Tab", target: ElementHandle): Promise<boolean> {
    await page.keyboard.press(key);
    presses += 1;
    const focused = await focusedNow(page, target);
    if (focused.what && !focused.indicator) missing.add(`${new URL(page.url()).pathname}: ${focused.what}`);
    return focused.isTarget;
  }

  return {
    missing,
    presses: () => presses,
    /** Tab (then Shift+Tab) until `target` has the focus. */
    async focus(target: Locator, name: string, max = 250) {
      await expect(target, `${name} is on the page`).toHaveCount(1);
      const handle = await target.elementHandle();
      if (!handle) throw new Error(`${name}: not on the page`);
      if (await handle.evaluate((el) => el === document.activeElement)) return;
      for (let i = 0; i < max; i++) if (await press("Tab", handle)) return;
      for (let i = 0; i < 2 * max; i++) if (await press("Shift+Tab", handle)) return;
      throw new Error(`${name}: never reached with the keyboard`);
    },
    /** Tabs to `target` and presses `key` on it. */
    async activate(target: Locator, name: string, key: "Enter" | "Space" = "Enter") {
      await this.focus(target, name);
      await page.keyboard.press(key);
    },
    /** Tabs to a text field and types into it. */
    async type(target: Locator, name: string, text: string) {
      await this.focus(target, name);
      await page.keyboard.type(text);
    },
  };
}

test("a guest buys a private-import case with the keyboard alone, seeing the focus on every control", async ({ page }) => {
  // The focus styles and the tab order are the same server markup with or without scripts; the
  // no-JavaScript paths of these steps are walked by the checkout and catalogue specs. Once, with
  // scripts (the one that can break the order: hydration, fetchers), keeps the suite in CI's time.
  test.skip(isNoJs(), "walked with JavaScript");
  // Some hundred key presses, each followed by a look at the focus: minutes on a busy machine.
  test.setTimeout(360_000);
  const walk = keyboardWalk(page);
  const main = page.getByRole("main");

  await page.goto("/");
  if (!isNoJs()) await waitForHydration(page);

  // Home → Products, from the main menu.
  await walk.activate(mainNav(page).getByRole("link", { name: "Produits", exact: true }), "the menu's Produits link");
  await expect(page).toHaveURL((url) => url.pathname === "/products", { timeout: 30_000 });
  if (!isNoJs()) await waitForHydration(page);

  // A filter: private import (by the case), checked with Space, applied with the form's button without JavaScript.
  const filters = page.getByTestId("product-filters");
  await walk.activate(filters.getByRole("checkbox", { name: /^Importation privée/ }).first(), "the private-import filter", "Space");
  if (isNoJs()) await walk.activate(filters.getByRole("button", { name: "Filtrer", exact: true }), "the Filtrer button");
  await expect(page).toHaveURL((url) => url.searchParams.getAll("inventory").includes("IP"));
  await expect(filters.getByRole("checkbox", { name: /^Importation privée/ }).first()).toBeChecked();

  // The first product of the list that has a case to sell.
  const firstProduct = main
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: /Ajouter la caisse/ }) })
    .first()
    .getByRole("link")
    .first();
  const productName = ((await firstProduct.textContent()) ?? "").trim();
  await walk.activate(firstProduct, `the first product (${productName})`);
  await expect(page).toHaveURL(/\/products\/[^/?]+/);
  if (!isNoJs()) await waitForHydration(page);

  // Add one case.
  await walk.activate(main.getByRole("button", { name: /Ajouter la caisse/ }).first(), "Ajouter la caisse");
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // The cart, from the header's cart link.
  await walk.activate(page.getByRole("banner").getByRole("link", { name: /panier/i }), "the header's cart link");
  await expect(page).toHaveURL((url) => url.pathname === "/shopping-cart");
  await expect(main.getByRole("heading", { level: 2, name: "Sommaire" })).toBeVisible();
  await walk.activate(main.getByRole("link", { name: "Passer à la caisse" }), "the checkout link");

  // Step 1: contact details.
  await expect(page).toHaveURL((url) => url.pathname === "/checkout");
  await expect(page.getByText("Étape 1 de 3")).toBeVisible();
  await walk.type(main.getByLabel("Prénom"), "Prénom", "Camille");
  await walk.type(main.getByLabel("Nom", { exact: true }), "Nom", "Tremblay");
  await walk.type(main.getByLabel("Courriel"), "Courriel", "clavier@example.com");
  await walk.type(main.getByLabel("Téléphone"), "Téléphone", "514 555-0123");
  await walk.activate(main.getByRole("button", { name: "Étape suivante" }), "Étape suivante");

  // Step 2: a branch found by searching a city (Enter in the search field), chosen with Space.
  await expect(page.getByText("Étape 2 de 3")).toBeVisible();
  await walk.type(main.getByLabel("Chercher une succursale"), "the branch search", "montreal");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=montreal/);
  const branch = page.getByTestId("branch-list").getByRole("radio").first();
  await walk.activate(branch, "the first branch", "Space");
  await expect(branch).toBeChecked();
  await walk.activate(main.getByRole("button", { name: "Confirmer la commande" }), "Confirmer la commande");

  // Step 3: the conditions, then the order.
  await expect(page.getByText("Étape 3 de 3")).toBeVisible();
  const terms = main.getByLabel("J'ai lu et j'accepte ces conditions.");
  await walk.activate(terms, "the conditions", "Space");
  await expect(terms).toBeChecked();
  await walk.activate(main.getByRole("button", { name: "Passer la commande" }), "Passer la commande");

  // The simulated payment page, then the confirmation.
  await expect(page.getByTestId("payment-page")).toBeVisible();
  await walk.activate(main.getByRole("button", { name: "Payer", exact: true }), "Payer");
  await expect(page.getByTestId("confirmation")).toBeVisible();
  await expect(page.getByTestId("confirmation-number")).toHaveText(/^[0-9A-Z]{10}$/);

  expect(walk.presses()).toBeGreaterThan(10);
  expect([...walk.missing], "controls reached without a visible focus indicator").toEqual([]);
});
