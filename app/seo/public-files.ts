/**
 * The shop's public, cacheable files: the generated images, robots.txt
 * and the sitemaps. They are the same for everyone, so they never carry a cookie (the root
 * middleware neither renews a session nor stores a preference on them). Shared with the browser.
 */

/** Whether a path (without `.data`) is one of the public files. */
export function isPublicFile(path: string): boolean {
  return path.startsWith("/images/") || path === "/robots.txt" || path === "/sitemap.xml" || path.startsWith("/sitemap/");
}
