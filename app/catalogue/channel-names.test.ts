/**
 * The shopper-facing names of channels and boutiques (docs/decisions/040), judged with the real
 * inventories (the reference data) and the real locale files: here because the inventories are the
 * catalogue's.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BOUTIQUE_CODES, boutiqueNameKey, channelNameKey } from "~/i18n/channel-names";
import { INVENTORY_CODES, LOCALES } from "~/vocabulary";
import { INVENTORIES } from "./seed/reference-data";

type Tree = { [key: string]: string | Tree };

function translate(locale: string): (key: string) => string | undefined {
  const tree = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../locales", locale, "common.json"), "utf8")) as Tree;
  return (key) => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };
}

/** Internal codes and the near-synonym the shop dropped ("Magasin" beside "Boutique"). */
const INTERNAL = /Brouhh|BROUHH|MERCH|STORE_|\bIP\b|\bPI\b|Magasin|store\b/;

describe.each(LOCALES)("channel and boutique names in %s", (locale) => {
  const t = translate(locale);

  it("name every inventory, in words a shopper knows (no internal code)", () => {
    for (const code of INVENTORY_CODES) {
      const name = t(channelNameKey(code));
      expect(name, code).toBeTruthy();
      expect(name, code).not.toMatch(INTERNAL);
    }
  });

  it("give each channel of a province its own name, so no two filters or card lines read alike", () => {
    for (const province of ["QC", "ON"] as const) {
      const names = INVENTORIES.filter((i) => i.province === province).map((i) => t(channelNameKey(i.code)));
      expect(new Set(names).size, province).toBe(names.length);
    }
  });

  it("name each pick-up boutique plainly, and the same way as the by-the-bottle channel of its city where there is one", () => {
    for (const code of BOUTIQUE_CODES) {
      const name = t(boutiqueNameKey(code));
      expect(name, code).toBeTruthy();
      expect(name, code).not.toMatch(INTERNAL);
      expect(t(channelNameKey(code)), code).not.toBe(name);
    }
    expect(t(boutiqueNameKey("STORE_MTL"))).toBe(t(channelNameKey("MERCH_MTL")));
    expect(t(boutiqueNameKey("STORE_TORONTO"))).toBe(t(channelNameKey("MERCH_TORONTO")));
  });
});

describe("the keys", () => {
  it("are the inventories' names, and the boutiques' for the store views only", () => {
    expect(channelNameKey("SAQ")).toBe("inventories.SAQ");
    expect(boutiqueNameKey("STORE_QC")).toBe("boutiques.STORE_QC");
    expect(boutiqueNameKey("MERCH_MTL")).toBe("inventories.MERCH_MTL");
  });
});
