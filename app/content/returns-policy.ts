/**
 * Where the shop's returns policy is written: the `returns` tab of `/pricing-policy`, a content
 * page the agency edits (docs/decisions/048-discovery-subscriber-prices.md). It is the one text:
 * the FAQ quotes it (`{{tab pricing-policy#returns}}`) and checkout's step 3 shows it among the
 * conditions the customer accepts.
 */
import type { ContentPageSlug } from "~/vocabulary";
import type { ContentEntry } from "./page-types";

/** The page and tab holding the returns policy; a save that drops the tab is refused. */
export const RETURNS_POLICY = { slug: "pricing-policy", tabId: "returns" } as const satisfies { slug: ContentPageSlug; tabId: string };

/** The returns policy's address: its tab on the pricing-policy page. */
export const RETURNS_POLICY_PATH = `/${RETURNS_POLICY.slug}?tab=${RETURNS_POLICY.tabId}`;

/** The returns policy to show: its intro and entries (sanitized HTML) and the link to its page. */
export interface ReturnsPolicy {
  introHtml: string;
  entries: Pick<ContentEntry, "titleHtml" | "html">[];
  /** `/pricing-policy?tab=returns`. */
  path: string;
}
