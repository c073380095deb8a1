/**
 * The newsletter's two schemas (docs/product.md#newsletter "Newsletter short form and dialog: first name, last name,
 * email required"; interest values per province): what each accepts, trims and refuses, with
 * the i18n keys the forms show.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { NEWSLETTER_INTERESTS } from "~/vocabulary";
import {
  interestNumber,
  interestNumbersOf,
  interestOfNumber,
  interestsInOrder,
  interestsOfNumbers,
  isInterestOf,
  NewsletterInterestsSchema,
  NewsletterPersonSchema,
} from "./newsletter-forms";

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
  it("accepts a province with none, one or several of its interests' numbers", () => {
    expect(interests({ province: "QC" })).toMatchObject({ status: "success", value: { province: "QC", interests: [] } });
    expect(interests({ province: "QC", interests: "2" })).toMatchObject({ status: "success", value: { interests: ["2"] } });
    expect(interests({ province: "ON", interests: ["4", "1", "2", "3", "5"] })).toMatchObject({
      status: "success",
      value: { province: "ON", interests: ["4", "1", "2", "3", "5"] },
    });
  });

  it("refuses numbers a province does not have, codes and anything else", () => {
    for (const refused of [["1", "6"], "0", "10", "lcbo", "arrivalAtSAQ", "<script>", "1.0", " 1"]) {
      expect(interests({ province: "QC", interests: refused }).reply().error, String(refused)).toEqual({
        interests: ["newsletter.errors.interestOfProvince"],
      });
    }
  });

  it("requires a province of the shop", () => {
    expect(interests({}).reply().error).toEqual({ province: ["newsletter.errors.provinceRequired"] });
    expect(interests({ province: "NB" }).reply().error).toEqual({ province: ["newsletter.errors.provinceRequired"] });
  });

  it("knows each province's interests and puts chosen ones in the province's order, once each", () => {
    expect(NEWSLETTER_INTERESTS.QC.every((interest) => isInterestOf("QC", interest))).toBe(true);
    expect(isInterestOf("QC", "lcbo")).toBe(false);
    expect(isInterestOf("ON", "ourRestaurant")).toBe(true);
    expect(interestsInOrder("QC", ["ourRestaurant", "arrivalAtSAQ", "ourRestaurant", "lcbo"])).toEqual(["arrivalAtSAQ", "ourRestaurant"]);
  });

  it("numbers each province's interests 1 to 5 in the spec's order, the general newsletter last", () => {
    expect(interestNumbersOf("QC")).toEqual(["1", "2", "3", "4", "5"]);
    expect(interestNumbersOf("ON")).toEqual(["1", "2", "3", "4", "5"]);
    expect(["1", "2", "3", "4", "5"].map((n) => interestOfNumber("QC", n))).toEqual([
      "arrivalAtSAQ",
      "IParrival",
      "ourEvents",
      "ourRestaurant",
      "generalNews",
    ]);
    expect(["1", "2", "3", "4", "5"].map((n) => interestOfNumber("ON", n))).toEqual([
      "privateOrders",
      "events",
      "ourRestaurant",
      "lcbo",
      "generalNews",
    ]);
    expect(interestNumber("QC", "ourRestaurant")).toBe(4);
    expect(interestNumber("ON", "ourRestaurant")).toBe(3);
    expect(interestNumber("ON", "generalNews")).toBe(5);
    expect(() => interestNumber("QC", "lcbo")).toThrow();
    for (const other of ["0", "6", "", "x", "01"]) expect(interestOfNumber("QC", other)).toBeNull();
  });

  it("turns posted numbers into the stored codes, each once, in the province's order", () => {
    expect(interestsOfNumbers("QC", ["3", "1", "3"])).toEqual(["arrivalAtSAQ", "ourEvents"]);
    expect(interestsOfNumbers("ON", ["4", "9", "lcbo"])).toEqual(["lcbo"]);
    expect(interestsOfNumbers("ON", [])).toEqual([]);
  });
});
