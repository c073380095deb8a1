import { describe, expect, it } from "vitest";
import { priceTaxIn } from "~/pricing/taxes";
import { buildDemoCatalogue, createPrng, generateDemoCatalogue, productSlug, slugify } from "./demo-catalogue";
import { INVENTORIES, PRODUCT_TYPES, REGIONS } from "./reference-data";

describe("createPrng", () => {
  it("repeats the same sequence for the same seed and differs for another", () => {
    const a = createPrng(42);
    const b = createPrng(42);
    const c = createPrng(43);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe("slugify", () => {
  it("gives URL-safe, accent-free slugs", () => {
    expect(slugify("Clos du Tue-Bœuf Frileuse 2022")).toBe("clos-du-tue-boeuf-frileuse-2022");
    expect(slugify("Domaine de la Pépière — Muscadet Clos des Briords 2022")).toBe("domaine-de-la-pepiere-muscadet-clos-des-briords-2022");
    expect(slugify("Grüner Silvaner «Trocken»")).toBe("gruner-silvaner-trocken");
  });
});

describe("productSlug", () => {
  it("ends in the puid, lower-cased (the synthetic catalogue's slugs) or slugified (an imported puid)", () => {
    expect(productSlug("Domaine Zéro", "Cuvée d’essai", 2022, "S0000001")).toBe("domaine-zero-cuvee-d-essai-2022-s0000001");
    expect(productSlug("Domaine Zéro", "Tire-bouchon", null, "Imp.01_b")).toBe("domaine-zero-tire-bouchon-imp-01-b");
  });
});

describe("buildDemoCatalogue (data only)", () => {
  const catalogue = buildDemoCatalogue();
  const regionCodes = new Set(REGIONS.map((r) => r.code));
  const provinceOf = new Map(INVENTORIES.map((i) => [i.code, i.province]));

  it("is deterministic: two independent builds give the same rows", () => {
    const first = generateDemoCatalogue();
    const second = generateDemoCatalogue();
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    // The cached catalogue is one of those builds, unchanged by the tests that read it.
    expect(catalogue).toEqual(first);
  });

  it("has enough producers and products, with regions that exist", () => {
    expect(catalogue.providers.length).toBeGreaterThanOrEqual(40);
    expect(catalogue.products.length).toBeGreaterThanOrEqual(300);
    for (const p of catalogue.providers) for (const r of p.regionCodes) expect(regionCodes.has(r)).toBe(true);
    const withColor = catalogue.providers.filter((p) => p.imageColor !== null).length / catalogue.providers.length;
    expect(withColor).toBeGreaterThan(0.7);
    expect(withColor).toBeLessThan(0.9);
    for (const p of catalogue.providers) if (p.imageColor) expect(p.imageColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("uses unique URL-safe slugs and puids of the documented shape", () => {
    const slugs = catalogue.products.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const providerSlugs = catalogue.providers.map((p) => p.slug);
    expect(new Set(providerSlugs).size).toBe(providerSlugs.length);
    catalogue.products.forEach((p, i) => {
      expect(p.puid).toBe(`P${String(i + 1).padStart(6, "0")}`);
      for (const inv of p.inventories) expect(inv.puid).toBe(`${p.puid}-${inv.inventoryCode}`);
    });
  });

  it("prices in integer cents within the channel ranges, taxes from priceTaxIn", () => {
    for (const p of catalogue.products) {
      expect(p.inventories.length).toBeGreaterThan(0);
      expect(new Set(p.inventories.map((i) => i.inventoryCode)).size).toBe(p.inventories.length);
      for (const inv of p.inventories) {
        expect(Number.isInteger(inv.priceCents)).toBe(true);
        const kind = INVENTORIES.find((i) => i.code === inv.inventoryCode)!.channelKind;
        if (kind === "PRIVATE_IMPORT") {
          expect(inv.priceCents).toBeGreaterThanOrEqual(2200);
          expect(inv.priceCents).toBeLessThanOrEqual(9000);
          expect(inv.agencyFeeCents / inv.priceCents).toBeGreaterThanOrEqual(0.19);
          expect(inv.agencyFeeCents / inv.priceCents).toBeLessThanOrEqual(0.31);
          expect(inv.quantity % p.uvc).toBe(0);
        } else {
          expect(inv.agencyFeeCents).toBe(0);
        }
        if (kind === "SHOP") {
          expect(inv.priceCents).toBeGreaterThanOrEqual(500);
          expect(inv.priceCents).toBeLessThanOrEqual(6000);
        }
        if (kind === "LIQUOR_BOARD") expect(inv.liquorBoardCode).toMatch(/^\d{6,8}$/);
        if (inv.availabilityStatus === "UPCOMING") expect(inv.quantity).toBe(0);
        expect(inv.priceTaxInCents).toBe(priceTaxIn(inv.priceCents, provinceOf.get(inv.inventoryCode)!, p.zeroRated));
      }
    }
  });

  it("covers every type, both zero-rated and taxed foods, goods sold by the unit", () => {
    const types = new Set(catalogue.products.map((p) => p.typeCode));
    expect([...types].sort()).toEqual(PRODUCT_TYPES.map((t) => t.code).sort());
    const foods = catalogue.products.filter((p) => p.typeCode === "FOODS");
    expect(foods.some((p) => p.zeroRated)).toBe(true);
    expect(foods.some((p) => !p.zeroRated)).toBe(true);
    expect(catalogue.products.filter((p) => p.zeroRated).every((p) => p.typeCode === "FOODS")).toBe(true);
    for (const p of catalogue.products) {
      if (p.typeCode === "FOODS" || p.typeCode === "GOODS") expect(p.uvc).toBe(1);
      if (p.typeCode === "GOODS") expect(p.volumeMl).toBeNull();
    }
    const volumes = new Set(catalogue.products.map((p) => p.volumeMl));
    for (const v of [750, 1500, 375, 500, 700, null]) expect(volumes.has(v)).toBe(true);
  });
});
