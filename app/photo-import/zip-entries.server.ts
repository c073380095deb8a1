/**
 * Reading the ZIP of the bulk photo upload (decision 035) without trusting it: the central
 * directory is read first and the whole archive refused before anything is inflated when it is not
 * a ZIP, names a path outside itself, holds too many entries or declares too many bytes; each
 * entry is then inflated with fflate while its bytes are counted, and one that inflates past the
 * size it declared refuses the archive too (a "zip bomb" that lies in its directory).
 *
 * fflate's `unzipSync` neither says where an entry's data starts nor stops inflating at a byte
 * budget, so the directory is read here (about forty lines of the ZIP format: no ZIP64, no
 * multi-disk archives, no encryption — a photo archive needs none) and fflate's streaming
 * `Inflate` does the decompressing.
 */
import { Inflate } from "fflate";

/** Why a whole archive is refused (each has a message `photoImport.refused.<reason>`). */
export type ZipRefusal = "notAZip" | "unsafePath" | "tooManyEntries" | "tooLargeUnpacked";

/** One file of the archive, as its central directory declares it. */
export interface ZipEntry {
  /** The path inside the archive, with `/` between folders (`produits/ABC123.jpg`). */
  name: string;
  /** Bytes once inflated, as declared (checked while inflating). */
  declaredSize: number;
  /** 0 stored, 8 deflated; anything else cannot be read. */
  method: number;
  encrypted: boolean;
  /** Where the entry's compressed bytes are in the archive. */
  dataStart: number;
  dataEnd: number;
}

export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * The files of an archive (folders left out), in the directory's order.
 * @returns the entries, or the reason the whole archive is refused.
 */
export function readZipEntries(zip: Uint8Array, limits: ZipLimits): { ok: true; entries: ZipEntry[] } | { ok: false; refusal: ZipRefusal } {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const notAZip = { ok: false, refusal: "notAZip" } as const;

  // The end-of-central-directory record: the last 22 bytes, or earlier by its comment's length.
  let end = -1;
  for (let at = zip.byteLength - 22; at >= 0 && at >= zip.byteLength - 22 - 0xffff; at--) {
    if (u32(at) === EOCD && at + 22 + u16(at + 20) === zip.byteLength) {
      end = at;
      break;
    }
  }
  if (end < 0) return notAZip;
  const count = u16(end + 10);
  const directorySize = u32(end + 12);
  const directoryStart = u32(end + 16);
  // A ZIP64 or multi-disk archive marks these fields; a photo archive under 4 GB needs neither.
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0 || count !== u16(end + 8) || count === 0xffff || directoryStart === 0xffffffff)
    return notAZip;
  if (count > limits.maxEntries) return { ok: false, refusal: "tooManyEntries" };
  if (directoryStart + directorySize > end) return notAZip;

  const entries: ZipEntry[] = [];
  let declaredTotal = 0;
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(at) !== CENTRAL) return notAZip;
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const compressedSize = u32(at + 20);
    const declaredSize = u32(at + 24);
    const nameLength = u16(at + 28);
    const next = at + 46 + nameLength + u16(at + 30) + u16(at + 32);
    const localStart = u32(at + 42);
    if (next > end) return notAZip;
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    // Bit 11: the name is UTF-8; otherwise the old DOS code page, read here as Latin-1.
    const name = new TextDecoder(flags & 0x800 ? "utf-8" : "latin1").decode(nameBytes).replaceAll("\\", "/");
    at = next;
    if (!isSafePath(name)) return { ok: false, refusal: "unsafePath" };
    if (name.endsWith("/")) continue; // a folder
    if (localStart + 30 > directoryStart || u32(localStart) !== LOCAL) return notAZip;
    const dataStart = localStart + 30 + u16(localStart + 26) + u16(localStart + 28);
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > directoryStart) return notAZip;
    declaredTotal += declaredSize;
    if (declaredTotal > limits.maxUnpackedBytes) return { ok: false, refusal: "tooLargeUnpacked" };
    entries.push({ name, declaredSize, method, encrypted: (flags & 1) === 1, dataStart, dataEnd });
  }
  return { ok: true, entries };
}

/**
 * Whether an entry's path stays inside the archive: relative, no `..` segment, no drive letter,
 * no control character.
 */
export function isSafePath(name: string): boolean {
  if (name.length === 0 || name.startsWith("/") || /^[A-Za-z]:/.test(name)) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(name)) return false;
  return !name.split("/").some((segment) => segment === "..");
}

/** Thrown (and caught below) when an entry inflates past its declared size. */
class OverDeclaredSize extends Error {}

/**
 * An entry's bytes, inflated in 16 kB steps with the output counted.
 * @returns the bytes; `"unreadable"` for an encrypted entry, an unknown method or a damaged
 *   stream; `"overDeclaredSize"` when it inflates past the size its directory declared (the
 *   archive lies: the caller refuses it whole).
 */
export function inflateZipEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array | "unreadable" | "overDeclaredSize" {
  const compressed = zip.subarray(entry.dataStart, entry.dataEnd);
  if (entry.encrypted) return "unreadable";
  if (entry.method === 0) return compressed.byteLength === entry.declaredSize ? compressed : "overDeclaredSize";
  if (entry.method !== 8) return "unreadable";
  const out = new Uint8Array(entry.declaredSize);
  let written = 0;
  let finished = false;
  const inflate = new Inflate((chunk, final) => {
    if (written + chunk.byteLength > entry.declaredSize) throw new OverDeclaredSize();
    out.set(chunk, written);
    written += chunk.byteLength;
    if (final) finished = true;
  });
  const STEP = 16 * 1024;
  try {
    for (let offset = 0; offset < compressed.byteLength; offset += STEP) {
      const last = offset + STEP >= compressed.byteLength;
      inflate.push(compressed.subarray(offset, offset + STEP), last);
    }
  } catch (error) {
    return error instanceof OverDeclaredSize ? "overDeclaredSize" : "unreadable";
  }
  return finished && written === entry.declaredSize ? out : "unreadable";
}
