/**
 * The text of a PDF as a reader's copy-paste would give it, page by page, through pdf.js (the
 * legacy build runs in Node): what invoice tests assert on. Items of a page are joined by one
 * space, and lines end with a newline. pdf.js extracts every whitespace glyph, no-break spaces
 * included, as a plain space: {@link pdfMappedCharacters} tells which ones were drawn.
 */
import { decodePDFRawStream, PDFDocument, PDFRawStream } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF file, in order. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      // No NFKC normalisation: a no-break space (U+00A0, U+202F) stays what the PDF says it is.
      const content = await page.getTextContent({ disableNormalization: true });
      const text = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : "")).join("");
      pages.push(text.replace(/ {2,}/g, " ").replace(/ \n/g, "\n"));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** The text of a whole PDF file. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join("\n");
}

/**
 * Every character the PDF's embedded fonts map a glyph to (their ToUnicode CMaps), read with
 * pdf-lib. pdf.js turns every whitespace glyph into a plain space when it extracts text, so this is
 * where a test sees that a no-break space (U+00A0) or a narrow one (U+202F) was drawn as itself.
 */
export async function pdfMappedCharacters(bytes: Uint8Array): Promise<Set<string>> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const characters = new Set<string>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const text = Buffer.from(decodePDFRawStream(object).decode()).toString("latin1");
    if (!text.includes("begincmap")) continue;
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, target] of block[1]!.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>/g)) {
        characters.add(Buffer.from(target!, "hex").swap16().toString("utf16le"));
      }
    }
  }
  return characters;
}
