import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/i18n/translator";
import { RESERVATION_WINDOW_DAYS } from "./reservation-window";

/** Every string that states the reservation window, and the words it must then show. */
const STATING_THE_WINDOW = [
  "cart.sectionNotes.RESERVED",
  "checkout.rules.reservations",
  "history.reservationsNote",
  "reservations.staff.intro",
  "mail.reservationPayment",
] as const;

describe("the reservation window", () => {
  it("is 5 days (docs/product.md#reservations)", () => {
    expect(RESERVATION_WINDOW_DAYS).toBe(5);
  });

  it("is the number every page and e-mail states, in both languages", () => {
    const fr = translatorFor("fr-CA");
    const en = translatorFor("en-US");
    for (const key of STATING_THE_WINDOW) {
      expect(fr(key, { days: RESERVATION_WINDOW_DAYS }), key).toContain(`${RESERVATION_WINDOW_DAYS} jours`);
      expect(en(key, { days: RESERVATION_WINDOW_DAYS }), key).toContain(`${RESERVATION_WINDOW_DAYS} days`);
      // Stated through {{days}}, never written in: another number would show another window.
      expect(fr(key, { days: 99 }), key).toContain("99 jours");
      expect(en(key, { days: 99 }), key).toContain("99 days");
    }
  });

  it("is the number the help pages state (their prose cannot interpolate it)", () => {
    const dir = path.resolve(import.meta.dirname, "../../content/pages");
    const stated = readdirSync(dir).flatMap((file) =>
      // Calendar days only: "10 business days" / "10 jours ouvrables" is the branch follow-up.
      [...readFileSync(path.join(dir, file), "utf8").matchAll(/(\d+)(?:\s|\u00a0)+(?:days|jours)(?!\s+ouvrables)/g)].map(
        (m) => `${file}: ${m[1]}`,
      ),
    );
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.filter((s) => !s.endsWith(`: ${RESERVATION_WINDOW_DAYS}`))).toEqual([]);
  });
});
