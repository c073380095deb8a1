/**
 * The content desk's article statuses (docs/decisions/045-content-desk-articles.md): which change
 * of status each status allows, and the shop-clock date and time staff type for a scheduled
 * publication. Pure; shared with the browser.
 */
import type { BlogStatus } from "~/vocabulary";

/** What staff (or the sweep) can do to an article's status. */
export const BLOG_STATUS_ACTIONS = ["publish", "schedule", "unschedule", "unpublish"] as const;
export type BlogStatusAction = (typeof BLOG_STATUS_ACTIONS)[number];

/**
 * The status each action leads to, from each status (decision 045):
 * - a draft is published now or scheduled;
 * - a scheduled article is published now (by staff or by the sweep at its time), rescheduled, or
 *   back to draft (`unschedule`);
 * - a published article is unpublished (taken down);
 * - an unpublished article is published again, or scheduled again.
 */
const TRANSITIONS: Record<BlogStatus, Partial<Record<BlogStatusAction, BlogStatus>>> = {
  DRAFT: { publish: "PUBLISHED", schedule: "SCHEDULED" },
  SCHEDULED: { publish: "PUBLISHED", schedule: "SCHEDULED", unschedule: "DRAFT" },
  PUBLISHED: { unpublish: "UNPUBLISHED" },
  UNPUBLISHED: { publish: "PUBLISHED", schedule: "SCHEDULED" },
};

/**
 * The status an action leads to from `from`.
 * @returns the new status, or null when the action is not allowed from `from`
 */
export function nextBlogStatus(from: BlogStatus, action: BlogStatusAction): BlogStatus | null {
  return TRANSITIONS[from][action] ?? null;
}

/** The actions allowed from a status, in the order the editor shows them. */
export function allowedBlogActions(from: BlogStatus): BlogStatusAction[] {
  return BLOG_STATUS_ACTIONS.filter((action) => nextBlogStatus(from, action) !== null);
}

export { instantToShopLocal, shopLocalToInstant } from "~/i18n/shop-time";
