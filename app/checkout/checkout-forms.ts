/**
 * The checkout's three forms (SPEC §2 "Checkout in 3 steps", §5 validation; issue 7 §1), one zod
 * schema each, keyed by `intent`: used by the checkout action (`parseWithZod`) and by the forms
 * (`useForm` + `getZodConstraint`). Messages are i18n keys (`checkout.errors.*`). Phone numbers
 * are checked by libphonenumber-js as Canadian numbers. Shared with the browser.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";
import { isCanadianPhoneNumber } from "~/lib/phone";
import type { InventoryCode } from "~/vocabulary";

/** Shortest password a guest may choose when creating an account at checkout. */
export const MIN_PASSWORD_LENGTH = 8;

const required = (key: string) => z.string({ message: key }).trim().min(1, key);

/** Step 1: personal information (SPEC §5 checkout messages; address-form e-mail and phone rules). */
export const ContactSchema = z
  .object({
    intent: z.literal("contact"),
    firstName: required("checkout.errors.firstNameRequired").max(80, "checkout.errors.tooLong"),
    lastName: required("checkout.errors.lastNameRequired").max(80, "checkout.errors.tooLong"),
    email: required("checkout.errors.emailRequired")
      .max(254, "checkout.errors.emailInvalid")
      .pipe(z.email("checkout.errors.emailInvalid")),
    phone: required("checkout.errors.phoneRequired")
      .max(30, "checkout.errors.phoneInvalid")
      .refine(isCanadianPhoneNumber, "checkout.errors.phoneInvalid"),
    createAccount: z.boolean().optional(),
    password: z.string().optional(),
  })
  .superRefine((value, context) => {
    if (!value.createAccount) return;
    if (!value.password) {
      context.addIssue({ code: "custom", path: ["password"], message: "checkout.errors.passwordRequired" });
    } else if (value.password.length < MIN_PASSWORD_LENGTH) {
      context.addIssue({ code: "custom", path: ["password"], message: "checkout.errors.passwordTooShort" });
    }
  });
export type ContactForm = z.infer<typeof ContactSchema>;

/** What step 2 must ask for, decided by the cart's sections. */
export interface DeliveryNeeds {
  /** Private-import lines: a liquor-store branch (SPEC §5). */
  branch: boolean;
  /** Shop lines: a pick-up boutique of the province. */
  boutique: boolean;
  /** The boutiques the shopper may choose. */
  boutiques: readonly InventoryCode[];
}

/**
 * Step 2: delivery. A branch when the cart holds private import ('Veuillez sélectionner une
 * branche'), a boutique of the province when it holds shop items.
 */
export function deliverySchema(needs: DeliveryNeeds) {
  const branchId = z
    .number({ message: "checkout.errors.branchRequired" })
    .int("checkout.errors.branchRequired")
    .min(1, "checkout.errors.branchRequired")
    .max(MAX_ROW_ID, "checkout.errors.branchRequired");
  const boutiqueCode = z.enum(needs.boutiques.length ? (needs.boutiques as [InventoryCode, ...InventoryCode[]]) : ["STORE_MTL"], {
    message: "checkout.errors.boutiqueRequired",
  });
  return z.object({
    intent: z.literal("delivery"),
    branchId: needs.branch ? branchId : branchId.optional(),
    boutiqueCode: needs.boutique ? boutiqueCode : boutiqueCode.optional(),
  });
}
export type DeliveryForm = z.infer<ReturnType<typeof deliverySchema>>;

/** Step 3: the shopper accepts the rules and places the order for the cart version shown. */
export const PlaceOrderSchema = z.object({
  intent: z.literal("place"),
  lockVersion: z.number({ message: "checkout.errors.conflict" }).int().min(1, "checkout.errors.conflict"),
  acceptRules: z.boolean({ message: "checkout.errors.acceptRules" }).refine((v) => v, "checkout.errors.acceptRules"),
});
export type PlaceOrderForm = z.infer<typeof PlaceOrderSchema>;
