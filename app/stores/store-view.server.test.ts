import { describe, expect, it } from "vitest";
import { storeBySlug } from "./store-directory";
import { storeView } from "./store-view.server";

describe("a store's page, written for the visitor's language", () => {
  it("names the weekdays from Monday and writes the hours and phone as people read them", () => {
    const montreal = storeView(storeBySlug("montreal")!, "fr-CA");
    expect(montreal.hours.map((h) => h.day)).toEqual(["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]);
    expect(montreal.hours[0]!.open).toBeNull();
    expect(montreal.hours[1]!.open).toEqual({ opens: expect.stringMatching(/^11\sh/), closes: expect.stringMatching(/^19\sh/) });
    expect(montreal.phoneDisplay).toBe("(514) 555-0140");
    const toronto = storeView(storeBySlug("toronto")!, "en-US");
    expect(toronto.hours[6]!.day).toBe("Sunday");
    expect(toronto.hours[1]!.open?.closes).toMatch(/^8:00\sp\.m\.$/);
  });
});
