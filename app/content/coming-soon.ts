/**
 * Pages of the SPEC §2 route table that later issues build (blog, accounts, content pages,
 * the account's profile and history). Until then they answer with a page that says so, rather than a 404 from the menus.
 */
export const COMING_SOON_PATHS = [
  "blogs",
] as const;
