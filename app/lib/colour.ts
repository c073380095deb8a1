/**
 * Colours of the generated images (product tiles, producer thumbnails, blog covers): which ink
 * reads on a fill.
 */

/** Relative luminance (0 dark – 1 light) of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Dark or light ink, whichever reads better on `fill`.
 * @param fill a `#rgb` or `#rrggbb` colour
 * @returns `#2a2420` (dark) or `#fbf8f3` (light)
 */
export function inkOn(fill: string): string {
  return luminance(fill) > 0.35 ? "#2a2420" : "#fbf8f3";
}
