/**
 * The naming rule of the bulk photo upload (decision 035): the folder a photo is in says what it
 * shows, its name says whose it is. Folders rather than suffixes, because product codes (puids)
 * may themselves hold `-`, `_` and `.`, and producer slugs hold `-`: `ABC-2.jpg` or
 * `domaine-x-logo.png` could name two things, a folder cannot.
 *
 * | path in the ZIP | what it does |
 * |---|---|
 * | `produits/<puid>.jpg` | the product's main photo (replaces the current one) |
 * | `produits/<puid>/<any name>.jpg` | another photo of the product, added after its photos (files in name order) |
 * | `producteurs/<slug>.jpg` | the producer's photo (replaces the current one) |
 * | `logos/<slug>.png` | the producer's logo (replaces the current one) |
 *
 * `products/` and `producers/` are taken for `produits/` and `producteurs/`; the folders may sit
 * inside one folder of any name (what zipping a folder gives); names are compared without regard
 * to case. The extension is not trusted: the content decides the format. macOS's `__MACOSX/`
 * folder and hidden files (`.DS_Store`, `._photo.jpg`) are skipped. Shared with the browser.
 */

/** The folder names read, in lower case. */
export const PHOTO_FOLDERS = {
  produits: "product",
  products: "product",
  producteurs: "producer",
  producers: "producer",
  logos: "logo",
} as const;

/** What a path in the ZIP names. */
export type PhotoPathTarget =
  | { kind: "productMain"; code: string }
  | { kind: "productExtra"; code: string }
  | { kind: "providerPhoto"; code: string }
  | { kind: "providerLogo"; code: string }
  /** A file outside the folders above, or deeper than the rule allows. */
  | { kind: "misplaced" };

/**
 * What a ZIP entry's path names under the rule above.
 * @returns null for a file to skip without a word (macOS's metadata, hidden files).
 */
export function photoTargetOfPath(path: string): PhotoPathTarget | null {
  const segments = path.split("/").filter((s) => s.length > 0);
  const file = segments[segments.length - 1];
  if (!file || file.startsWith(".") || segments.some((s) => s === "__MACOSX")) return null;
  const at = segments.findIndex((s) => Object.hasOwn(PHOTO_FOLDERS, s.toLowerCase()));
  if (at < 0) return { kind: "misplaced" };
  const folder = PHOTO_FOLDERS[segments[at]!.toLowerCase() as keyof typeof PHOTO_FOLDERS];
  const rest = segments.slice(at + 1);
  if (folder === "product" && rest.length === 2) return codeOf(rest[0]!, "productExtra");
  if (rest.length !== 1) return { kind: "misplaced" };
  const stem = withoutExtension(rest[0]!);
  return codeOf(stem, folder === "product" ? "productMain" : folder === "producer" ? "providerPhoto" : "providerLogo");
}

function codeOf(code: string, kind: Exclude<PhotoPathTarget["kind"], "misplaced">): PhotoPathTarget {
  const trimmed = code.trim();
  return trimmed.length === 0 || trimmed.length > 200 ? { kind: "misplaced" } : { kind, code: trimmed };
}

/** `ABC.123.jpg` → `ABC.123`: the last dot's extension (letters and digits, up to 5) is dropped. */
export function withoutExtension(file: string): string {
  return file.replace(/\.[A-Za-z0-9]{1,5}$/, "");
}
