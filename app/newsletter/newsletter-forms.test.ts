/**
 * The newsletter's two schemas (SPEC §5 "Newsletter short form and dialog: first name, last name,
 * email required"; §3 interest values per province): what each accepts, trims and refuses, with
 * the i18n keys the forms show.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { NEWSLETTER_INTERESTS } from "~/vocabulary";
import { interestsInOrder, isInterestOf, NewsletterInterestsSchema, NewsletterPersonSchema } from "./newsletter-forms";

/** A posted form, as the browser sends it (repeated names for checkboxes). */
function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
}

const person = (fields: Record<string, string>) => parseWithZod(form({ intent: "person", ...fields }), { schema: NewsletterPersonSchema });
const interests = (fields: Record<string, string | string[]>) =>
  parseWithZod(form({ intent: "interests", ...fields }), { schema: NewsletterInterestsSchema });

describe("newsletter short form (step 1)", () => {
  it("accepts names and an e-mail, trimmed", () => {
    const result = person({ firstName: "  Zoé ", lastName: " Roy", email: " zoe.roy@example.com " });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      intent: "person",
      firstName: "Zoé",
      lastName: "Roy",
      email: "zoe.roy@example.com",
    });
  });

  it("requires first name, last name and e-mail, blank ones included", () => {
    const result = person({ firstName: "   ", lastName: "" });
    expect(result.reply().error).toEqual({
      firstName: ["auth.errors.firstNameRequired"],
      lastName: ["auth.errors.lastNameRequired"],
      email: ["auth.errors.emailRequired"],
    });
  });

  it("refuses a malformed e-mail and over-long values", () => {
    expect(person({ firstName: "A", lastName: "B", email: "zoe@" }).reply().error).toEqual({ email: ["auth.errors.emailInvalid"] });
    expect(person({ firstName: "x".repeat(81), lastName: "B", email: `${"a".repeat(250)}@example.com` }).reply().error).toEqual({
      firstName: ["auth.errors.tooLong"],
      email: ["auth.errors.emailInvalid"],
    });
  });
});

describe("newsletter interests (step 2)", () => {
  it("accepts a province with none, one or several of its interests", () => {
    expect(interests({ province: "QC" })).toMatchObject({ status: "success", value: { province: "QC", interests: [] } });
    expect(interests({ province: "QC", interests: "IParrival" })).toMatchObject({ status: "success", value: { interests: ["IParrival"] } });
    expect(interests({ province: "ON", interests: ["lcbo", "privateOrders", "events", "ourRestaurant"] })).toMatchObject({
      status: "success",
      value: { province: "ON", interests: ["lcbo", "privateOrders", "events", "ourRestaurant"] },
    });
  });

  it("refuses the other province's interests and unknown ones", () => {
    expect(interests({ province: "QC", interests: ["ourEvents", "lcbo"] }).reply().error).toEqual({
      interests: ["newsletter.errors.interestOfProvince"],
    });
    expect(interests({ province: "ON", interests: "arrivalAtSAQ" }).reply().error).toEqual({
      interests: ["newsletter.errors.interestOfProvince"],
    });
    expect(interests({ province: "QC", interests: "<script>" }).reply().error).toEqual({
      interests: ["newsletter.errors.interestOfProvince"],
    });
  });

  it("requires a province of the shop", () => {
    expect(interests({}).reply().error).toEqual({ province: ["newsletter.errors.provinceRequired"] });
    expect(interests({ province: "NB" }).reply().error).toEqual({ province: ["newsletter.errors.provinceRequired"] });
  });

  it("knows each province's interests (SPEC §3) and puts chosen ones in the province's order, once each", () => {
    expect(NEWSLETTER_INTERESTS.QC.every((interest) => isInterestOf("QC", interest))).toBe(true);
    expect(isInterestOf("QC", "lcbo")).toBe(false);
    expect(isInterestOf("ON", "ourRestaurant")).toBe(true);
    expect(interestsInOrder("QC", ["ourRestaurant", "arrivalAtSAQ", "ourRestaurant", "lcbo"])).toEqual(["arrivalAtSAQ", "ourRestaurant"]);
  });
});
