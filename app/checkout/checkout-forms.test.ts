import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { deliverySchema } from "~/orders/pickup";
import { ContactSchema } from "./checkout-forms";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

describe("step 1: personal information (docs/product.md#checkout)", () => {
  it("gives the spec's message for each missing field", () => {
    const submission = parseWithZod(form({ intent: "contact" }), { schema: ContactSchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toMatchObject({
      firstName: ["checkout.errors.firstNameRequired"],
      lastName: ["checkout.errors.lastNameRequired"],
      email: ["checkout.errors.emailRequired"],
      phone: ["checkout.errors.phoneRequired"],
    });
  });
  it("refuses an invalid e-mail and phone, and asks a password only for an account", () => {
    const base = { intent: "contact", firstName: "Camille", lastName: "Tremblay", email: "x@", phone: "123" };
    const refused = parseWithZod(form(base), { schema: ContactSchema });
    expect(refused.status === "error" && refused.error).toMatchObject({
      email: ["checkout.errors.emailInvalid"],
      phone: ["checkout.errors.phoneInvalid"],
    });
    const account = parseWithZod(form({ ...base, email: "c@example.com", phone: "514 555-0123", createAccount: "on" }), {
      schema: ContactSchema,
    });
    expect(account.status === "error" && account.error).toEqual({ password: ["checkout.errors.passwordRequired"] });
    const ok = parseWithZod(form({ ...base, email: "c@example.com", phone: "514 555-0123" }), { schema: ContactSchema });
    expect(ok.status).toBe("success");
  });
});

describe("step 2: delivery (docs/product.md#checkout)", () => {
  const needs = { branch: true, boutique: true, boutiques: ["STORE_MTL", "STORE_QC"] as const };
  it("asks for a branch ('Veuillez sélectionner une branche') and a boutique of the province", () => {
    const submission = parseWithZod(form({ intent: "delivery", boutiqueCode: "STORE_TORONTO" }), { schema: deliverySchema(needs) });
    expect(submission.status === "error" && submission.error).toMatchObject({
      branchId: ["checkout.errors.branchRequired"],
      boutiqueCode: ["checkout.errors.boutiqueRequired"],
    });
  });
  it("asks for nothing a cart does not need", () => {
    const submission = parseWithZod(form({ intent: "delivery" }), {
      schema: deliverySchema({ branch: false, boutique: false, boutiques: [] }),
    });
    expect(submission.status).toBe("success");
  });
});
