/**
 * The checkout's three forms (docs/product.md#checkout "Checkout in 3 steps", validation), one zod
 * schema each, keyed by `intent`: used by the checkout action (`parseWithZod`) and by the forms
 * (`useForm` + `getZodConstraint`). Messages are i18n keys (`checkout.errors.*`). Phone numbers
 * are checked by libphonenumber-js as Canadian numbers. Shared with the browser. A guest types their
 * own e-mail here; no address is ever generated for a guest
 * (docs/decisions/052-reading-the-spec-as-a-server-rendered-shop.md).
 */
import { z } from "zod";
import { isCanadianPhoneNumber } from "~/lib/phone";

/** Shortest password a guest may choose when creating an account at checkout. */
export const MIN_PASSWORD_LENGTH = 8;

const required = (key: string) => z.string({ message: key }).trim().min(1, key);

/** Step 1: personal information (docs/product.md#checkout checkout messages; address-form e-mail and phone rules). */
export const ContactSchema = z
  .object({
    intent: z.literal("contact"),
    firstName: required("checkout.errors.firstNameRequired").max(80, "checkout.errors.tooLong"),
    lastName: required("checkout.errors.lastNameRequired").max(80, "checkout.errors.tooLong"),
    email: required("checkout.errors.emailRequired").max(254, "checkout.errors.emailInvalid").pipe(z.email("checkout.errors.emailInvalid")),
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

/** Step 3: the shopper accepts the rules and places the order for the cart version shown. */
export const PlaceOrderSchema = z.object({
  intent: z.literal("place"),
  lockVersion: z.number({ message: "checkout.errors.conflict" }).int().min(1, "checkout.errors.conflict"),
  acceptRules: z.boolean({ message: "checkout.errors.acceptRules" }).refine((v) => v, "checkout.errors.acceptRules"),
});
export type PlaceOrderForm = z.infer<typeof PlaceOrderSchema>;
