import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/i18n/translator";
import { BRANCH_FOLLOW_UP_BUSINESS_DAYS } from "./branch-follow-up";

/** Every string that states the branch follow-up. */
const STATING_THE_FOLLOW_UP = ["checkout.rules.privateImport", "fulfilment.steps.readyForPickup.help", "mail.branchRule"] as const;

describe("the branch follow-up", () => {
  it("is 10 business days (docs/product.md#branch-follow-up)", () => {
    expect(BRANCH_FOLLOW_UP_BUSINESS_DAYS).toBe(10);
  });

  it("is the number every page and e-mail states, in both languages", () => {
    const fr = translatorFor("fr-CA");
    const en = translatorFor("en-US");
    for (const key of STATING_THE_FOLLOW_UP) {
      // Stated through {{days}}, never written in: another number would show another delay.
      expect(fr(key, { days: 99, board: "SAQ", orderNumber: "A-1" }), key).toMatch(/99\s+jours ouvrables/);
      expect(en(key, { days: 99, board: "SAQ", orderNumber: "A-1" }), key).toMatch(/99[\s-]business[\s-]day/);
      const days = BRANCH_FOLLOW_UP_BUSINESS_DAYS;
      expect(fr(key, { days, board: "SAQ", orderNumber: "A-1" }), key).toMatch(new RegExp(`${days}\\s+jours ouvrables`));
    }
  });

  it("is the number the help pages state (their prose cannot interpolate it)", () => {
    const dir = path.resolve(import.meta.dirname, "../../content/pages");
    const stated = readdirSync(dir).flatMap((file) =>
      [...readFileSync(path.join(dir, file), "utf8").matchAll(/(\d+)(?:\s|\u00a0|-)+(?:business[\s-]days?|jours ouvrables)/g)].map(
        (m) => `${file}: ${m[1]}`,
      ),
    );
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.filter((s) => !s.endsWith(`: ${BRANCH_FOLLOW_UP_BUSINESS_DAYS}`))).toEqual([]);
  });
});
