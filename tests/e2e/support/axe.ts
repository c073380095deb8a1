/**
 * The shop's automated accessibility check, shared by every spec: axe-core with the WCAG 2.0, 2.1
 * and 2.2 A/AA rules (`wcag22aa` included: targets of at least 24×24 px or spaced apart). With
 * JavaScript only: axe runs inside the page, and it checks the same server HTML the `no-js`
 * project gets. It cannot prove a page accessible, but it catches missing labels, names,
 * landmarks, contrast, small targets and language attributes before a person has to.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./fixtures";
import { isNoJs } from "./helpers";

/** axe's rule tags for WCAG 2.2 level AA (2.0, 2.1 and 2.2; A and AA). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Fails on any violation axe finds on the page as it is now (open dialogs included); does nothing
 * in the `no-js` project.
 * @param where names the page or state in the failure message (default: the page's URL)
 */
export async function expectNoAxeViolations(page: Page, where?: string): Promise<void> {
  if (isNoJs()) return;
  // Only the violations are read: without the passes and incomplete nodes axe answers sooner.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
  expect(violations, `axe on ${where ?? page.url()}`).toEqual([]);
}
