import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { inflateZipEntry, isSafePath, readZipEntries } from "./zip-entries.server";

const limits = { maxEntries: 10, maxUnpackedBytes: 1_000_000 };
const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);

/** The central directory header of the entry named `name` (its offset in the archive). */
function centralHeaderOf(zip: Uint8Array, name: string): number {
  const view = new DataView(zip.buffer, zip.byteOffset);
  for (let at = zip.byteLength - 46; at >= 0; at--) {
    if (view.getUint32(at, true) === 0x02014b50 && new TextDecoder().decode(zip.subarray(at + 46, at + 46 + name.length)) === name)
      return at;
  }
  throw new Error("no such entry");
}

describe("readZipEntries and inflateZipEntry", () => {
  it("list the files (not the folders) and give back their bytes, stored or deflated", () => {
    const zip = zipSync({ "produits/": {}, "produits/A.jpg": [bytes(5000), { level: 0 }], "logos/b.png": [bytes(20_000), { level: 9 }] });
    const read = readZipEntries(zip, limits);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.entries.map((e) => [e.name, e.declaredSize])).toEqual([
      ["produits/A.jpg", 5000],
      ["logos/b.png", 20_000],
    ]);
    for (const entry of read.entries) expect(inflateZipEntry(zip, entry)).toEqual(bytes(entry.declaredSize));
  });

  it("refuse what is not a ZIP, and a truncated one", () => {
    expect(readZipEntries(new TextEncoder().encode("just text, not a zip"), limits)).toEqual({ ok: false, refusal: "notAZip" });
    const zip = zipSync({ "a.jpg": bytes(100) });
    expect(readZipEntries(zip.subarray(0, zip.byteLength - 30), limits)).toEqual({ ok: false, refusal: "notAZip" });
  });

  it("refuse paths outside the archive", () => {
    for (const name of ["../evil.jpg", "produits/../../evil.jpg", "/etc/evil.jpg", "C:/evil.jpg", "..\\evil.jpg"]) {
      expect(readZipEntries(zipSync({ [name]: bytes(10) }), limits), name).toEqual({ ok: false, refusal: "unsafePath" });
    }
    expect(isSafePath("produits/a..b.jpg")).toBe(true);
  });

  it("refuse too many entries, and too many bytes declared, before inflating anything", () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.jpg`, bytes(1)]));
    expect(readZipEntries(zipSync(many), limits)).toEqual({ ok: false, refusal: "tooManyEntries" });
    expect(readZipEntries(zipSync({ "a.jpg": bytes(600_000), "b.jpg": bytes(600_000) }), limits)).toEqual({
      ok: false,
      refusal: "tooLargeUnpacked",
    });
  });

  it("stop inflating an entry that lies about its size", () => {
    const zip = zipSync({ "bomb.jpg": [bytes(500_000, 0), { level: 9 }] });
    new DataView(zip.buffer).setUint32(centralHeaderOf(zip, "bomb.jpg") + 24, 1000, true);
    const read = readZipEntries(zip, limits);
    expect(read.ok && read.entries[0]!.declaredSize).toBe(1000);
    if (read.ok) expect(inflateZipEntry(zip, read.entries[0]!)).toBe("overDeclaredSize");
  });

  it("say an encrypted or damaged entry cannot be read", () => {
    const zip = zipSync({ "a.jpg": [bytes(50_000, 3), { level: 6 }] });
    const read = readZipEntries(zip, limits);
    if (!read.ok) throw new Error("unexpected");
    const entry = read.entries[0]!;
    expect(inflateZipEntry(zip, { ...entry, encrypted: true })).toBe("unreadable");
    expect(inflateZipEntry(zip, { ...entry, method: 12 })).toBe("unreadable");
    expect(inflateZipEntry(zip, { ...entry, dataEnd: entry.dataStart + 5 })).toBe("unreadable");
  });
});
