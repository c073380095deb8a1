/**
 * Shared steps of the browser specs. Every spec runs in two projects (playwright.config.ts):
 * `js` (the hydrated app: a filter change submits at once, preference forms post with fetch) and
 * `no-js` (plain HTML forms: the visitor clicks the submit button). These helpers hide the
 * difference so each test reads as one user journey.
 */
import { expect, type Locator, type Page, test } from "./fixtures";

/** Whether the running project has JavaScript turned off. */
export function isNoJs(): boolean {
  return test.info().project.name === "no-js";
}

/**
 * With JavaScript, waits until React has hydrated the page (its props are attached to the DOM),
 * so a click reaches the React handlers instead of the bare server HTML. Without JavaScript,
 * returns at once.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (isNoJs()) return;
  await page.waitForFunction(() => {
    const footer = document.querySelector("footer");
    const form = document.querySelector("form");
    const hydrated = (el: Element | null) => el !== null && Object.keys(el).some((k) => k.startsWith("__reactProps"));
    return hydrated(footer) && hydrated(form);
  });
}

/** A URL predicate: every given query parameter has exactly these values (in any order). */
export function hasParams(expected: Record<string, string | string[] | null>, pathname?: string) {
  return (url: URL): boolean => {
    if (pathname !== undefined && url.pathname !== pathname) return false;
    return Object.entries(expected).every(([key, value]) => {
      const actual = url.searchParams.getAll(key).filter((v) => v !== "");
      if (value === null) return actual.length === 0;
      const wanted = Array.isArray(value) ? value : [value];
      return actual.length === wanted.length && wanted.every((v) => actual.includes(v));
    });
  };
}

/**
 * Applies a change made in a GET filter form: without JavaScript clicks the form's submit
 * button ("Filtrer" / "Filter"); with it the change has already submitted the form. Either way,
 * waits until the URL matches.
 */
export async function applyFilters(page: Page, form: Locator, urlMatches: (url: URL) => boolean): Promise<void> {
  if (isNoJs()) {
    await form.getByRole("button", { name: /^(Filtrer|Filter)$/ }).click();
  }
  await expect(page).toHaveURL(urlMatches);
}

/** Checks a checkbox of a filter form (by its field name and value) and applies the filters. */
export async function checkFilter(
  page: Page,
  form: Locator,
  name: string,
  value: string,
  urlMatches: (url: URL) => boolean,
): Promise<void> {
  const box = form.locator(`input[type="checkbox"][name="${name}"][value="${value}"]`);
  await expect(box).not.toBeChecked();
  // A click, not check(): with JavaScript the change navigates at once and the form is re-created.
  await box.click();
  await applyFilters(page, form, urlMatches);
  await expect(form.locator(`input[type="checkbox"][name="${name}"][value="${value}"]`)).toBeChecked();
}

/**
 * Shows a list page's filter form: below 1366 px (the mobile layout, docs/product.md#product-list) the filters sit
 * behind a "Filtres (n)" button that opens them (a label of a checkbox, so also without
 * JavaScript); from 1366 px they are always shown and this does nothing. Without JavaScript an
 * applied filter loads a new page where they are closed again.
 */
export async function openFilters(page: Page, form: Locator): Promise<void> {
  if (await form.isVisible()) return;
  await page.getByText(/^(Filtres|Filters) \(\d+\)$/).click();
  await expect(form).toBeVisible();
}

/** The main (desktop) navigation of the header: shown from 1366 px (docs/product.md#layout `lg`). */
export function mainNav(page: Page, language: "fr" | "en" = "fr"): Locator {
  return page.getByRole("navigation", { name: language === "fr" ? "Menu principal" : "Main menu" });
}

/**
 * Clicks a preference switch button (FR/EN, QC/ON, taxes) of the header and waits until it is
 * the pressed one: a POST to /preferences that redirects back to the same URL.
 */
export async function switchPreference(page: Page, buttonName: string): Promise<void> {
  const button = page.getByRole("button", { name: buttonName, exact: true });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(page.getByRole("button", { name: buttonName, exact: true })).toHaveAttribute("aria-pressed", "true");
}
