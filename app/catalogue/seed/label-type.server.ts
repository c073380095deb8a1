/**
 * Text set as SVG outlines for the demo's drawn images (decision 035, "Demo label art"): the glyphs
 * of DejaVu Serif and DejaVu Sans (the dejavu-fonts-ttf package, already the PDFs' fonts) are
 * turned into `<path>` data with fontkit, so the drawing renders the same on every machine, with
 * or without system fonts, and librsvg never has to guess a font.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";

const require = createRequire(import.meta.url);

type Font = ReturnType<typeof fontkit.create>;

/** The faces the drawings use: serif for names and vintages (the shop's headings are serif), sans for small capitals. */
export type Face = "serif" | "serifBold" | "serifItalic" | "sans" | "sansBold";

const FACE_FILES: Record<Face, string> = {
  serif: "DejaVuSerif.ttf",
  serifBold: "DejaVuSerif-Bold.ttf",
  serifItalic: "DejaVuSerif-Italic.ttf",
  sans: "DejaVuSans.ttf",
  sansBold: "DejaVuSansCondensed-Bold.ttf",
};

const loaded = new Map<Face, Font>();

/** The font of `face`, read once per process. */
function fontOf(face: Face): Font {
  let font = loaded.get(face);
  if (!font) {
    font = fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${FACE_FILES[face]}`)));
    loaded.set(face, font);
  }
  return font;
}

/** How a line of text is set: face, size in pixels, extra space between letters in pixels. */
export interface TextStyle {
  face: Face;
  size: number;
  tracking?: number;
}

/** The width in pixels of `text` set in `style`. */
export function measureText(text: string, style: TextStyle): number {
  const font = fontOf(style.face);
  const run = font.layout(text);
  const scale = style.size / font.unitsPerEm;
  const tracking = style.tracking ?? 0;
  return run.positions.reduce((w, p) => w + p.xAdvance * scale + tracking, 0) - (run.glyphs.length > 0 ? tracking : 0);
}

/**
 * One line of text as SVG path data.
 * @param text the line (no line breaks)
 * @param at `x`, `y` of the baseline in pixels; `anchor` says whether x is the line's start, middle or end
 * @returns the `d` attribute of a `<path>`, coordinates rounded to a tenth of a pixel ("" for blank text)
 */
export function textPath(text: string, style: TextStyle, at: { x: number; y: number; anchor?: "start" | "middle" | "end" }): string {
  const font = fontOf(style.face);
  const run = font.layout(text);
  const scale = style.size / font.unitsPerEm;
  const tracking = style.tracking ?? 0;
  const width = measureText(text, style);
  let penX = at.anchor === "middle" ? at.x - width / 2 : at.anchor === "end" ? at.x - width : at.x;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    const originX = penX + position.xOffset * scale;
    const originY = at.y - position.yOffset * scale;
    // fontkit's path commands (in font units, y up) are not in its types: moveTo, lineTo,
    // quadraticCurveTo, bezierCurveTo with x, y pairs, and closePath.
    for (const { command, args } of (glyph.path as unknown as { commands: PathCommand[] }).commands) {
      const points: string[] = [];
      for (let p = 0; p < args.length; p += 2) points.push(`${tenth(originX + args[p]! * scale)} ${tenth(originY - args[p + 1]! * scale)}`);
      parts.push(`${SVG_COMMANDS[command]}${points.join(" ")}`);
    }
    penX += position.xAdvance * scale + tracking;
  });
  return parts.join("");
}

interface PathCommand {
  command: "moveTo" | "lineTo" | "quadraticCurveTo" | "bezierCurveTo" | "closePath";
  args: number[];
}

const SVG_COMMANDS: Record<PathCommand["command"], string> = {
  moveTo: "M",
  lineTo: "L",
  quadraticCurveTo: "Q",
  bezierCurveTo: "C",
  closePath: "Z",
};

/** Rounded to a tenth of a pixel: plenty for a drawing, and half the size of fontkit's hundredths. */
function tenth(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * Breaks `text` into lines no wider than `maxWidth`, at spaces, in at most `maxLines` lines; the
 * last line is cut with "…" when the text does not fit.
 * @returns the lines and whether the text had to be cut
 */
export function wrapText(text: string, style: TextStyle, maxWidth: number, maxLines: number): { lines: string[]; cut: boolean } {
  // Only ordinary spaces break a line: a no-break space ("750 ml") keeps its words together.
  const words = text
    .trim()
    .split(/[ \t\n]+/)
    .filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || measureText(candidate, style) <= maxWidth) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(current);
  const tooWide = lines.some((l) => measureText(l, style) > maxWidth);
  if (lines.length <= maxLines && !tooWide) return { lines, cut: false };
  const kept = lines.slice(0, maxLines);
  const last = kept.length - 1;
  let tail = lines.slice(last).join(" ");
  while (tail.length > 1 && measureText(`${tail}…`, style) > maxWidth) tail = tail.slice(0, -1).trimEnd();
  kept[last] = `${tail}…`;
  return { lines: kept.map((l, i) => (i < last ? fitOne(l, style, maxWidth) : l)), cut: true };
}

/** A single word wider than the line, cut with "…". */
function fitOne(line: string, style: TextStyle, maxWidth: number): string {
  if (measureText(line, style) <= maxWidth) return line;
  let cut = line;
  while (cut.length > 1 && measureText(`${cut}…`, style) > maxWidth) cut = cut.slice(0, -1).trimEnd();
  return `${cut}…`;
}

/**
 * The largest size, from `sizes` (largest first), at which `text` fits in `maxLines` lines of
 * `maxWidth`; the smallest size, cut with "…", when none does.
 */
export function fitText(
  text: string,
  style: Omit<TextStyle, "size">,
  sizes: readonly number[],
  maxWidth: number,
  maxLines: number,
): { size: number; lines: string[] } {
  for (const size of sizes) {
    const wrapped = wrapText(text, { ...style, size }, maxWidth, maxLines);
    if (!wrapped.cut) return { size, lines: wrapped.lines };
  }
  const size = sizes[sizes.length - 1]!;
  return { size, lines: wrapText(text, { ...style, size }, maxWidth, maxLines).lines };
}
