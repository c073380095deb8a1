import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { phoneForDisplay } from "~/lib/phone";
import { normalisePostalCode, PasswordChangeSchema, ProfileSchema, sameAddress } from "./profile-forms";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const valid = {
  intent: "profile",
  firstName: "Camille",
  lastName: "Tremblay",
  email: "Camille@Example.com",
  phone: "514 555-0123",
  "delivery.civicNumber": "4200",
  "delivery.street": "boulevard Saint-Laurent",
  "delivery.city": "Montréal",
  "delivery.province": "QC",
  "delivery.postalCode": "h2w 2r2",
  billingSameAsDelivery: "on",
};

const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: ProfileSchema });

describe("the profile form (docs/product.md#accounts address form)", () => {
  it("normalises Canadian postal codes typed in any case, with or without the space", () => {
    expect(normalisePostalCode("h2x1y4")).toBe("H2X 1Y4");
    expect(normalisePostalCode("H2X1Y4")).toBe("H2X 1Y4");
    expect(normalisePostalCode(" h2x  1y4 ")).toBe("H2X 1Y4");
    expect(normalisePostalCode("M5V 3L9")).toBe("M5V 3L9");
    // Not Canadian: letters Canada Post never uses (D, F, I, O, Q, U; W or Z first), US ZIP codes.
    expect(normalisePostalCode("D2X 1Y4")).toBeNull();
    expect(normalisePostalCode("W2X 1Y4")).toBeNull();
    expect(normalisePostalCode("H2O 1Y4")).toBeNull();
    expect(normalisePostalCode("90210")).toBeNull();
    expect(normalisePostalCode("H2X 1Y")).toBeNull();
  });

  it("accepts a full profile: e-mail lower-case, phone E.164, postal code `A1A 1A1`, billing copied from delivery", () => {
    const submission = parse({ ...valid, "delivery.postalCode": "h2x1y4", "billing.street": "ignored", newsletter: "on" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      firstName: "Camille",
      lastName: "Tremblay",
      email: "camille@example.com",
      phone: "+15145550123",
      newsletter: true,
      billingSameAsDelivery: true,
      delivery: {
        aptSuite: "",
        civicNumber: "4200",
        street: "boulevard Saint-Laurent",
        city: "Montréal",
        province: "QC",
        postalCode: "H2X 1Y4",
      },
      billing: {
        aptSuite: "",
        civicNumber: "4200",
        street: "boulevard Saint-Laurent",
        city: "Montréal",
        province: "QC",
        postalCode: "H2X 1Y4",
      },
      // Asked only when the e-mail changes; empty when not typed.
      currentPassword: "",
    });
  });

  it("gives the spec's message keys for a bad phone and a bad e-mail, and asks for the delivery address", () => {
    const submission = parse({ intent: "profile", firstName: "C", lastName: "T", email: "camille@", phone: "555-0123" });
    expect(submission.status === "error" && submission.error).toEqual({
      email: ["auth.errors.emailInvalid"],
      phone: ["profile.errors.phoneInvalid"],
      "delivery.street": ["profile.errors.streetRequired"],
      "delivery.city": ["profile.errors.cityRequired"],
      "delivery.province": ["profile.errors.provinceRequired"],
      "delivery.postalCode": ["profile.errors.postalCodeRequired"],
      // Not ticked: the billing address is asked for too.
      "billing.street": ["profile.errors.streetRequired"],
      "billing.city": ["profile.errors.cityRequired"],
      "billing.province": ["profile.errors.provinceRequired"],
      "billing.postalCode": ["profile.errors.postalCodeRequired"],
    });
  });

  it("refuses a number of another +1 country, a missing phone, an unknown province and a foreign postal code", () => {
    const submission = parse({ ...valid, phone: "+1 212 555 0123", "delivery.province": "NY", "delivery.postalCode": "10001" });
    expect(submission.status === "error" && submission.error).toEqual({
      phone: ["profile.errors.phoneInvalid"],
      "delivery.province": ["profile.errors.provinceRequired"],
      "delivery.postalCode": ["profile.errors.postalCodeInvalid"],
    });
    const noPhone = parse({ ...valid, phone: "" });
    expect(noPhone.status === "error" && noPhone.error).toEqual({ phone: ["profile.errors.phoneRequired"] });
  });

  it("keeps a separate billing address when the box is not ticked, and checks it", () => {
    const billing = {
      "billing.aptSuite": "300",
      "billing.civicNumber": "1",
      "billing.street": "rue Yonge",
      "billing.city": "Toronto",
      "billing.province": "ON",
      "billing.postalCode": "m5e1e5",
    };
    const { billingSameAsDelivery: _ticked, ...unticked } = valid;
    const submission = parse({ ...unticked, ...billing });
    expect(submission.status === "success" && submission.value.billing).toEqual({
      aptSuite: "300",
      civicNumber: "1",
      street: "rue Yonge",
      city: "Toronto",
      province: "ON",
      postalCode: "M5E 1E5",
    });
    const refused = parse({ ...unticked, ...billing, "billing.postalCode": "M5E" });
    expect(refused.status === "error" && refused.error).toEqual({ "billing.postalCode": ["profile.errors.postalCodeInvalid"] });
  });

  it("shows a stored E.164 number the Canadian way, and compares addresses part by part", () => {
    expect(phoneForDisplay("+15145550123")).toBe("(514) 555-0123");
    expect(phoneForDisplay("")).toBe("");
    const a = { aptSuite: "", civicNumber: "1", street: "rue A", city: "Québec", province: "QC" as const, postalCode: "G1R 4P5" };
    expect(sameAddress(a, { ...a })).toBe(true);
    expect(sameAddress(a, { ...a, aptSuite: "2" })).toBe(false);
    expect(sameAddress(a, null)).toBe(false);
  });
});

describe("the password change form", () => {
  it("asks for the current password, a long enough new one, and the same one twice", () => {
    const submission = parseWithZod(form({ intent: "password", newPassword: "short", confirmPassword: "other" }), {
      schema: PasswordChangeSchema,
    });
    expect(submission.status === "error" && submission.error).toEqual({
      currentPassword: ["profile.errors.currentPasswordRequired"],
      newPassword: ["auth.errors.passwordTooShort"],
      confirmPassword: ["profile.errors.passwordMismatch"],
    });
    const ok = parseWithZod(
      form({ intent: "password", currentPassword: "old one", newPassword: "a new password", confirmPassword: "a new password" }),
      {
        schema: PasswordChangeSchema,
      },
    );
    expect(ok.status).toBe("success");
  });
});
