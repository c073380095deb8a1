/**
 * What the price list and the producers list PDFs share (docs/product.md#price-list "PDF: A4 landscape, quality 2,
 * pagination by height 1400, filename a timestamp in seconds"; docs/product.md#layout "a logo header"
 * docs/product.md#price-list): the A4 landscape page, the fonts (DejaVu Sans of the invoices, embedded and subset so
 * French's narrow no-break spaces render; DejaVu Serif Bold for the wordmark), the shop's logo drawn
 * as vectors, memos of glyph advances and encodings, and the file name.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { TFunction } from "i18next";
import { drawSvgPath, PDFDocument, type PDFFont, PDFHexString, type PDFOperator, type PDFPage, rgb } from "pdf-lib";
import { countryName } from "~/catalogue/country-names.server";
import { localizedName, type ReferenceData } from "~/catalogue/reference.server";
import { fontBytes } from "~/lib/pdf-fonts.server";
import type { Locale } from "~/vocabulary";

/** A4 landscape in points (docs/product.md#price-list). */
export const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const;

export const INK = rgb(0.11, 0.1, 0.09);
export const MUTED = rgb(0.38, 0.36, 0.34);
export const RULE = rgb(0.8, 0.78, 0.76);
/** The shop's wine colour (`--color-wine-700` of app/app.css, the favicon's background). */
export const WINE = rgb(0x73 / 255, 0x1a / 255, 0x36 / 255);

const require = createRequire(import.meta.url);
let serifBold: Promise<Uint8Array> | undefined;

function serifBoldBytes(): Promise<Uint8Array> {
  serifBold ??= readFile(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf")).catch((error: unknown) => {
    serifBold = undefined;
    throw error;
  });
  return serifBold;
}

/** Fonts of a document, with memoized glyph advances and encodings, and its logo drawing. */
export class Fonts {
  private readonly advances = new Map<string, number>();
  /** The logo's operators, wordmark size and end, by name and position (see {@link drawLogo}). */
  readonly logos = new Map<string, LogoDrawing>();

  constructor(
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly wordmark: PDFFont,
  ) {
    for (const font of [regular, bold]) memoizeEncoding(font);
  }

  /** Whether `text` fits `width` points. */
  fits(text: string, width: number, size: number, bold = false): boolean {
    return this.width(text, size, bold) <= width;
  }

  private advance(char: string, bold: boolean): number {
    const key = `${bold ? "b" : "r"}${char}`;
    let advance = this.advances.get(key);
    if (advance === undefined) {
      advance = (bold ? this.bold : this.regular).widthOfTextAtSize(char, 1);
      this.advances.set(key, advance);
    }
    return advance;
  }

  /**
   * The width in points of `text` at `size`: the sum of its characters' advances, which is what is
   * drawn (glyphs are encoded one character at a time, see {@link memoizeEncoding}).
   */
  width(text: string, size: number, bold = false): number {
    let total = 0;
    for (const char of text) total += this.advance(char, bold);
    return total * size;
  }

  /**
   * `text` cut to fit `width` points, with an ellipsis when cut. Breaks only where the text allows
   * nothing else: the columns of a list keep one line per row.
   */
  fit(text: string, width: number, size: number, bold = false): string {
    if (this.fits(text, width, size, bold)) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.width(`${text.slice(0, mid).trimEnd()}…`, size, bold) <= width) low = mid;
      else high = mid - 1;
    }
    return `${text.slice(0, low).trimEnd()}…`;
  }

  /** Greedy word wrap to `width` points at ordinary spaces (never at a no-break space). */
  wrap(text: string, width: number, size: number, bold = false): string[] {
    if (this.fits(text, width, size, bold)) return [text];
    const lines: string[] = [];
    let current = "";
    for (const word of text.split(/[ \t\r\n]+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (this.width(candidate, size, bold) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = this.width(word, size, bold) <= width ? word : this.fit(word, width, size, bold);
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [""];
  }
}

/**
 * Encodes text one character at a time from a cache of each character's glyph code: fontkit lays
 * a string out again on every `drawText`, and a price list draws thousands of distinct strings
 * made of a few dozen characters. Safe with subset fonts: a glyph keeps its subset id once
 * included. Drawn this way, text has no kerning or ligatures, so its width is the sum of its
 * characters' advances ({@link Fonts.width}).
 */
function memoizeEncoding(font: PDFFont): void {
  const encode = font.encodeText.bind(font);
  const glyphs = new Map<string, string>();
  font.encodeText = (text: string) => {
    let hex = "";
    for (const char of text) {
      let code = glyphs.get(char);
      if (code === undefined) {
        // `<0041>` → `0041`
        code = encode(char).toString().slice(1, -1);
        glyphs.set(char, code);
      }
      hex += code;
    }
    return PDFHexString.of(hex);
  };
}

/**
 * A new document with its fonts embedded and subset (only the glyphs drawn are written).
 * @param meta the document's title, author (the shop) and language (`fr-CA`, `en-US`).
 */
export async function createListingDocument(meta: { title: string; author: string; language: string }): Promise<{
  doc: PDFDocument;
  fonts: Fonts;
}> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [files, serif] = await Promise.all([fontBytes(), serifBoldBytes()]);
  const [regular, bold, wordmark] = await Promise.all([
    doc.embedFont(files.regular, { subset: true }),
    doc.embedFont(files.bold, { subset: true }),
    doc.embedFont(serif, { subset: true }),
  ]);
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator(meta.author);
  doc.setProducer(meta.author);
  doc.setLanguage(meta.language);
  return { doc, fonts: new Fonts(regular, bold, wordmark) };
}

/** The favicon's glass (public/favicon.svg), in its 32 × 32 box. */
const GLASS_PATH = "M11 6h10v7a5 5 0 0 1-4 5v6h4v2H11v-2h4v-6a5 5 0 0 1-4-5z";
const ROUNDED_SQUARE = "M6 0h20a6 6 0 0 1 6 6v20a6 6 0 0 1-6 6H6a6 6 0 0 1-6-6V6a6 6 0 0 1 6-6z";

/** The logo at one place: its shapes' operators, where and how big the wordmark is, where it ends. */
interface LogoDrawing {
  shapes: PDFOperator[];
  textX: number;
  textSize: number;
  end: number;
}

/**
 * The shop's logo: the favicon (public/favicon.svg: a white glass on a wine square) drawn as
 * vectors, and the wordmark in DejaVu Serif Bold beside it, as the site's header shows it. The
 * paths are parsed and the wordmark measured once per document and place (every page draws the
 * same logo).
 * @param top the logo's top edge, in points from the page's bottom.
 * @param size the square's side in points; the wordmark is about as tall.
 * @returns the x where the logo ends.
 */
export function drawLogo(page: PDFPage, fonts: Fonts, name: string, x: number, top: number, size: number): number {
  const key = `${name}|${x}|${top}|${size}`;
  let logo = fonts.logos.get(key);
  if (!logo) {
    const scale = size / 32;
    const textSize = size * 0.8;
    const textX = x + size + size * 0.3;
    logo = {
      shapes: [
        ...drawSvgPath(ROUNDED_SQUARE, { x, y: top, scale, color: WINE, borderColor: undefined, borderWidth: 0 }),
        ...drawSvgPath(GLASS_PATH, { x, y: top, scale, color: rgb(1, 1, 1), borderColor: undefined, borderWidth: 0 }),
      ],
      textX,
      textSize,
      end: textX + fonts.wordmark.widthOfTextAtSize(name, textSize),
    };
    fonts.logos.set(key, logo);
  }
  page.pushOperators(...logo.shapes);
  page.drawText(name, { x: logo.textX, y: top - size * 0.78, size: logo.textSize, font: fonts.wordmark, color: WINE });
  return logo.end;
}

/**
 * The origin and characteristic filters of a list (/products' or /providers') as phrases for a
 * PDF's header ("Pays : France", "Régions : …", "Caractéristiques : …"), in that order; unknown
 * region and attribute ids are left out.
 */
export function describeOrigins(
  filters: { countries: readonly string[]; regions: readonly number[]; attributes: readonly number[] },
  reference: ReferenceData,
  locale: Locale,
  t: TFunction,
): string[] {
  const phrases: string[] = [];
  if (filters.countries.length)
    phrases.push(t("listing.describe.countries", { values: filters.countries.map((c) => countryName(c, locale)).join(", ") }));
  const regionNames = filters.regions.flatMap((id) => {
    const region = reference.regionById.get(id);
    return region ? [localizedName(region, locale)] : [];
  });
  if (regionNames.length) phrases.push(t("listing.describe.regions", { values: regionNames.join(", ") }));
  const attributeNames = filters.attributes.flatMap((id) => {
    const attribute = reference.attributeById.get(id);
    return attribute ? [localizedName(attribute, locale)] : [];
  });
  if (attributeNames.length) phrases.push(t("listing.describe.attributes", { values: attributeNames.join(", ") }));
  return phrases;
}

/** Whole seconds since the Unix epoch (docs/product.md#price-list "filename a timestamp in seconds"). */
export function timestampSeconds(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000);
}

/**
 * The document's bytes. Written in slices with `objectsPerTick`, so a long list lets other requests
 * through while it is serialized.
 */
export async function saveDocument(doc: PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  // A copy on its own ArrayBuffer: what a Response body takes.
  return new Uint8Array(await doc.save({ objectsPerTick: 20 }));
}
