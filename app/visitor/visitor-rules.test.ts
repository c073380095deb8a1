import { describe, expect, it } from "vitest";
import {
  isOfLegalAge,
  LEGAL_DRINKING_AGE,
  NOTHING_IN_THE_WAY,
  type VisitorAnswers,
  visitorState,
  withConsentQuery,
  withoutConsentQuery,
} from "./visitor-rules";

const NEW_VISITOR: VisitorAnswers = { confirmedAge: null, noticeSeen: false, consent: { QC: null, ON: null } };
const page = { province: "QC" as const, crawler: false, exempt: false, consentRequested: false };

describe("legal drinking age per province", () => {
  it("is 18 in Quebec and 19 in Ontario", () => {
    expect(LEGAL_DRINKING_AGE).toEqual({ QC: 18, ON: 19 });
  });
  it("a visitor confirmed at 18 may enter Quebec but must confirm 19 for Ontario", () => {
    expect(isOfLegalAge(18, "QC")).toBe(true);
    expect(isOfLegalAge(18, "ON")).toBe(false);
  });
  it("19 covers both provinces; never asked covers none", () => {
    expect(isOfLegalAge(19, "QC")).toBe(true);
    expect(isOfLegalAge(19, "ON")).toBe(true);
    expect(isOfLegalAge(null, "QC")).toBe(false);
  });
});

describe("what a visitor sees (docs/product.md#age-gate first visit: age gate → notice → consent)", () => {
  it("a new visitor sees only the age gate, asking the province's age", () => {
    expect(visitorState(NEW_VISITOR, page)).toEqual({ ageGate: { province: "QC", age: 18 }, notice: null, consent: null });
    expect(visitorState(NEW_VISITOR, { ...page, province: "ON" }).ageGate).toEqual({ province: "ON", age: 19 });
  });
  it("after the age, the notice and the consent of the province", () => {
    const answers = { ...NEW_VISITOR, confirmedAge: 18 };
    expect(visitorState(answers, page)).toEqual({
      ageGate: null,
      notice: { province: "QC" },
      consent: { province: "QC", current: null, reopened: false },
    });
  });
  it("the consent is per province: an answer in Quebec does not answer for Ontario", () => {
    const answers: VisitorAnswers = { confirmedAge: 19, noticeSeen: true, consent: { QC: "accepted", ON: null } };
    expect(visitorState(answers, page)).toEqual(NOTHING_IN_THE_WAY);
    expect(visitorState(answers, { ...page, province: "ON" }).consent).toEqual({ province: "ON", current: null, reopened: false });
  });
  it("?consent=open reopens an answered consent with the current answer", () => {
    const answers: VisitorAnswers = { confirmedAge: 18, noticeSeen: true, consent: { QC: "refused", ON: null } };
    expect(visitorState(answers, { ...page, consentRequested: true }).consent).toEqual({
      province: "QC",
      current: "refused",
      reopened: true,
    });
  });
  it("crawlers and the refusal page itself see nothing in the way", () => {
    expect(visitorState(NEW_VISITOR, { ...page, crawler: true })).toEqual(NOTHING_IN_THE_WAY);
    expect(visitorState(NEW_VISITOR, { ...page, exempt: true })).toEqual(NOTHING_IN_THE_WAY);
  });
});

describe("the consent query", () => {
  it("adds and removes ?consent=open, keeping the page's other parameters", () => {
    expect(withConsentQuery("/products?type=VIN")).toBe("/products?type=VIN&consent=open");
    expect(withoutConsentQuery("/products?type=VIN&consent=open")).toBe("/products?type=VIN");
    expect(withoutConsentQuery("/?consent=open")).toBe("/");
  });
});
