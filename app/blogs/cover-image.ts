/**
 * Generated blog covers, like the product images of app/catalogue/images.ts: a
 * small SVG from the article's colour and motif, nothing downloaded or stored. Shared with the
 * browser (the URL builder) and the image route.
 */
import { inkOn } from "~/lib/colour";
import { BLOG_COVER_MOTIFS, type BlogCoverMotif, isOneOf } from "~/vocabulary";

const HEX6 = /^[0-9a-f]{6}$/;

/** The motif's drawing (SVG elements in a 320×180 box), in `ink`. */
function motif(kind: BlogCoverMotif, ink: string): string {
  const stroke = `fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"`;
  switch (kind) {
    case "grapes": {
      const berries = [
        [150, 70],
        [170, 70],
        [190, 70],
        [160, 88],
        [180, 88],
        [170, 106],
        [150, 106],
        [190, 106],
        [170, 124],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="10" fill="${ink}" fill-opacity="0.85"/>`)
        .join("");
      return `<path d="M170 60 V40 M170 44 q20 -14 36 -4" ${stroke}/>${berries}`;
    }
    case "glass":
      return `<path d="M140 36 h40 c4 34 -4 56 -20 60 c-16 -4 -24 -26 -20 -60 z M160 96 v44 M140 142 h40" ${stroke}/><path d="M143 60 h34" ${stroke} stroke-opacity="0.6"/>`;
    case "bottle":
      return `<path d="M153 26 h14 v34 c0 8 17 14 17 32 v56 a6 6 0 0 1 -6 6 h-36 a6 6 0 0 1 -6 -6 v-56 c0 -18 17 -24 17 -32 z" ${stroke}/><rect x="142" y="104" width="36" height="26" rx="3" fill="${ink}" fill-opacity="0.3"/>`;
    case "hills":
      return `<path d="M0 150 q60 -70 120 -20 t120 -30 t80 20" ${stroke}/><path d="M0 170 q80 -50 160 -10 t160 -20" ${stroke} stroke-opacity="0.6"/><circle cx="250" cy="50" r="18" fill="${ink}" fill-opacity="0.5"/>`;
    case "leaf":
      return `<path d="M160 40 c40 10 60 50 30 90 c-10 12 -20 16 -30 16 c-10 0 -20 -4 -30 -16 c-30 -40 -10 -80 30 -90 z M160 40 v120 M160 80 l-22 -12 M160 80 l22 -12 M160 110 l-26 -14 M160 110 l26 -14" ${stroke}/>`;
  }
}

/**
 * Path of an article's cover image: `/images/blogs/{motif}--{rrggbb}.svg`.
 * @param cover.color `#rrggbb` (anything else falls back to a neutral colour)
 * @param cover.motif a BLOG_COVER_MOTIFS value
 */
export function blogCoverSrc(cover: { color: string; motif: BlogCoverMotif }): string {
  const hex = cover.color.replace(/^#/, "").toLowerCase();
  return `/images/blogs/${cover.motif}--${HEX6.test(hex) ? hex : "8a8178"}.svg`;
}

/**
 * Reads a cover file name made by {@link blogCoverSrc}.
 * @returns the motif and colour (`rrggbb`), or null when the name is not one we make
 */
export function parseBlogCoverFile(file: string): { motif: BlogCoverMotif; hex: string } | null {
  const match = /^([a-z]{1,12})--([0-9a-f]{6})\.svg$/.exec(file);
  if (!match || !isOneOf(BLOG_COVER_MOTIFS, match[1])) return null;
  return { motif: match[1], hex: match[2]! };
}

/**
 * The cover: the colour as background, a soft frame and the motif drawn in a contrasting ink.
 * @returns an SVG document string (viewBox 0 0 320 180, under 2 KB)
 */
export function blogCoverSvg(cover: { motif: BlogCoverMotif; hex: string }): string {
  const fill = `#${cover.hex}`;
  const ink = inkOn(fill);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180">` +
    `<rect width="320" height="180" fill="${fill}"/>` +
    `<rect x="10" y="10" width="300" height="160" rx="8" fill="none" stroke="${ink}" stroke-opacity="0.25" stroke-width="2"/>` +
    motif(cover.motif, ink) +
    `</svg>`
  );
}
