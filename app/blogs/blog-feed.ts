/** Where the Atom feed of the articles is (docs/decisions/045-content-desk-articles.md). Shared with the browser. */

/** The feed's path; its language is added as `?lng=en-US` like every page's. */
export const BLOG_FEED_PATH = "/blogs/feed.xml";
