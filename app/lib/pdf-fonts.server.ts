/**
 * The fonts the shop's PDFs embed (invoices, price list, producers list): DejaVu Sans, which has
 * French's narrow no-break spaces, from the dejavu-fonts-ttf package.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/**
 * DejaVu Sans regular and bold, read once per process (a failed read is retried next time): the
 * invoices' fonts and the price list's and producers list's (app/listing/pdf-kit.server.ts).
 */
export function fontBytes(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  fontFiles ??= Promise.all([
    readFile(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    readFile(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fontFiles = undefined;
      throw error;
    },
  );
  return fontFiles;
}
