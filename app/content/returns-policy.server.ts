/**
 * The returns policy as checkout's step 3 shows it (docs/decisions/048-discovery-subscriber-prices.md):
 * the current text of the `returns` tab of `/pricing-policy`, the same text the FAQ quotes.
 */
import type { Database } from "~/db/client.server";
import type { Locale } from "~/vocabulary";
import { loadPublishedContentPage } from "./content-pages.server";
import { RETURNS_POLICY, RETURNS_POLICY_PATH, type ReturnsPolicy } from "./returns-policy";

/**
 * The returns policy in a language, from the pricing-policy page's current revision (cached with
 * the page). A page without the tab (never saved so) gives no entries: the link still shows.
 */
export async function loadReturnsPolicy(db: Database, locale: Locale): Promise<ReturnsPolicy> {
  const page = await loadPublishedContentPage(db, RETURNS_POLICY.slug, locale);
  const tab = page.tabs.find((t) => t.id === RETURNS_POLICY.tabId);
  return {
    introHtml: tab?.introHtml ?? "",
    entries: (tab?.entries ?? []).map(({ titleHtml, html }) => ({ titleHtml, html })),
    path: RETURNS_POLICY_PATH,
  };
}
