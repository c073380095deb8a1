/**
 * Escaping text for XML and HTML: the SVG images, the sitemap and the e-mails' HTML bodies share it.
 */

/**
 * Escapes text for XML content and attribute values: `& < > " '`.
 * @param text any string
 * @returns the string safe to place between tags or inside double- or single-quoted attributes
 */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
