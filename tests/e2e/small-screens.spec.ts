/**
 * Phones from 320 to 414 px: the province notice, the consent panel (without JavaScript) and the
 * menu drawer never cover the header's controls (what is at the centre of each control is the
 * control itself), and the staff's wide tables scroll sideways in a labelled region a keyboard
 * can reach, never cut off. With JavaScript and without.
 */
import { signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { isNoJs } from "./support/helpers";

/**
 * The header's visible controls (links, buttons, fields, the ☰ summary) outside the drawer, each
 * with whether the element at its centre is itself (or inside it).
 */
async function headerControlsOnTop(page: Page): Promise<{ control: string; onTop: boolean }[]> {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll("header a, header button, header input, header summary")].filter(
      (el) => !el.closest("nav[aria-label='Menu mobile']") && !el.closest(".sr-only") && !el.classList.contains("sr-only"),
    );
    return controls
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .map(({ el, box }) => {
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return {
          control: `${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? el.textContent?.trim() ?? ""}`,
          onTop: hit !== null && (hit === el || el.contains(hit)),
        };
      });
  });
}

test.describe("a first visit on a phone", () => {
  test.use({ visitor: "new" });

  for (const width of [320, 375, 414]) {
    test(`at ${width} px the province notice and the consent panel leave the header's controls in sight`, async ({ page }) => {
      await page.setViewportSize({ width, height: 640 });
      await page.goto("/products");
      await page.getByRole("button", { name: "Oui, j’ai 18 ans ou plus" }).click();
      const notice = page.getByTestId("province-notice");
      await expect(notice).toBeVisible();
      // Without JavaScript the consent panel shows with the notice; with it, it opens later as a modal.
      if (isNoJs()) await expect(page.getByTestId("consent-dialog")).toBeVisible();
      const header = (await page.locator("header").boundingBox())!;
      const stack = (await page.getByTestId("visitor-stack").boundingBox())!;
      expect(stack.y).toBeGreaterThanOrEqual(header.y + header.height);
      const controls = await headerControlsOnTop(page);
      expect(controls.length).toBeGreaterThan(5);
      expect(controls.filter((c) => !c.onTop)).toEqual([]);
      // The ☰ button in particular, which used to show through the notice.
      await expect(page.locator("header details > summary")).toBeVisible();
    });
  }
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the open menu drawer leaves the header's controls in sight and closes from its button", async ({ page }) => {
    await page.goto("/");
    const button = page.locator("header details > summary");
    await button.click();
    const drawer = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(drawer).toBeVisible();
    const header = (await page.locator("header").boundingBox())!;
    expect((await drawer.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect((await headerControlsOnTop(page)).filter((c) => !c.onTop)).toEqual([]);
    await expectNoAxeViolations(page, "the open drawer menu");
    await button.click();
    await expect(drawer).toBeHidden();
  });

  test("staff tables scroll sideways in a labelled, focusable region instead of being cut off", async ({ page, context, baseURL }) => {
    // Three pages, each checked by axe.
    test.slow();
    await signInAsStaff(context, baseURL!);
    for (const [path, name] of [
      ["/agence/utilisateurs", "Utilisateurs"],
      ["/agence/produits", "Produits"],
      ["/agence/producteurs", "Producteurs"],
    ] as const) {
      await page.goto(path);
      const region = page.getByRole("region", { name, exact: true });
      await expect(region).toBeVisible();
      await expect(region).toHaveAttribute("tabindex", "0");
      const table = region.locator("table");
      await expect(table).toBeVisible();
      // The region fits the screen; the table may be wider, and scrolls inside it.
      const box = (await region.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      const widths = await region.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        table: el.querySelector("table")!.scrollWidth,
      }));
      expect(widths.scroll).toBeGreaterThanOrEqual(widths.table);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await region.focus();
      await expect(region).toBeFocused();
      if (widths.scroll > widths.client) {
        // Scrolled to its end, the last column is in sight.
        await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        const lastHeader = (await table.locator("th").last().boundingBox())!;
        expect(lastHeader.x + lastHeader.width).toBeLessThanOrEqual(375 + 1);
      }
      await expectNoAxeViolations(page, path);
    }
  });
});
