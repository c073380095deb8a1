import { describe, expect, it } from "vitest";
import { BRANCH_SEEDS, type BranchSeed } from "./branch-directory";

const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;
const E164_NANP = /^\+1\d{10}$/;
const BOARD_OF: Record<BranchSeed["province"], BranchSeed["liquorBoard"]> = { QC: "SAQ", ON: "LCBO" };
const POSTAL_LETTERS: Record<BranchSeed["province"], string[]> = { QC: ["G", "H", "J"], ON: ["K", "L", "M", "N", "P"] };

const inProvince = (province: BranchSeed["province"]) => BRANCH_SEEDS.filter((b) => b.province === province);
const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe("BRANCH_SEEDS", () => {
  it("has at least 25 branches in each province", () => {
    expect(inProvince("QC").length).toBeGreaterThanOrEqual(25);
    expect(inProvince("ON").length).toBeGreaterThanOrEqual(25);
  });

  it("puts only the province's own board in each province (QC → SAQ, ON → LCBO)", () => {
    for (const branch of BRANCH_SEEDS) expect(branch.liquorBoard, branch.name).toBe(BOARD_OF[branch.province]);
  });

  it("formats postal codes as 'A1A 1A1', starting with the province's letters", () => {
    for (const branch of BRANCH_SEEDS) {
      expect(branch.postalCode, branch.name).toMatch(POSTAL_CODE);
      expect(POSTAL_LETTERS[branch.province], branch.name).toContain(branch.postalCode[0]);
    }
  });

  it("gives every phone in E.164 with the +1 country code", () => {
    for (const branch of BRANCH_SEEDS) expect(branch.phone, branch.name).toMatch(E164_NANP);
  });

  it("has no two branches with the same board and store number", () => {
    expect(duplicates(BRANCH_SEEDS.map((b) => `${b.liquorBoard}:${b.storeNumber}`))).toEqual([]);
  });

  it("has no two branches with the same name", () => {
    expect(duplicates(BRANCH_SEEDS.map((b) => b.name))).toEqual([]);
  });

  it("has a non-empty store number, name, street and city on every branch", () => {
    for (const branch of BRANCH_SEEDS) {
      expect(branch.storeNumber.trim(), branch.name).not.toBe("");
      expect(branch.name.trim()).not.toBe("");
      expect(branch.street.trim(), branch.name).not.toBe("");
      expect(branch.city.trim(), branch.name).not.toBe("");
    }
  });

  it("covers Montréal and Toronto with several branches each, and cities with accents", () => {
    expect(BRANCH_SEEDS.filter((b) => b.city === "Montréal").length).toBeGreaterThanOrEqual(3);
    expect(BRANCH_SEEDS.filter((b) => b.city === "Toronto").length).toBeGreaterThanOrEqual(3);
    const accented = new Set(BRANCH_SEEDS.map((b) => b.city).filter((city) => city !== city.normalize("NFD")));
    expect(accented.size).toBeGreaterThanOrEqual(2);
  });

  it("is ordered by province, then city, then name", () => {
    const collator = new Intl.Collator("fr-CA", { sensitivity: "base" });
    const sorted = [...BRANCH_SEEDS].sort(
      (a, b) => collator.compare(a.province, b.province) || collator.compare(a.city, b.city) || collator.compare(a.name, b.name),
    );
    expect(BRANCH_SEEDS.map((b) => b.name)).toEqual(sorted.map((b) => b.name));
  });
});
