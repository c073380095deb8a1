/**
 * The profile page's two forms (docs/product.md#accounts my account, User, address form), one zod
 * schema each, keyed by `intent`: used by the /account/profile action (`parseWithZod`) and by the
 * forms (`useForm` + `getZodConstraint`). Messages are i18n keys: `auth.errors.*` where the
 * registration already words them, `profile.errors.*` for the rest. Shared with the browser.
 *
 * What is required (our reading of docs/product.md#accounts "street, city, province, postal code, first name, last
 * name, e-mail, phone required"):
 * - names, e-mail and phone (a valid Canadian number, stored E.164);
 * - the delivery address: street, city, province and postal code; apt/suite and civic number are
 *   optional (the spec does not list them; the civic number is often typed with the street);
 * - the billing address: the same rules, unless "billing same as delivery" is ticked, in which
 *   case whatever was typed there is ignored and the delivery address is copied.
 */
import { z } from "zod";
import { isCanadianPhoneNumber, phoneToE164 } from "~/lib/phone";
import { CANADIAN_PROVINCES, type CanadianProvince } from "~/vocabulary";
import { MIN_PASSWORD_LENGTH } from "./account-forms";

/** An address of the profile as stored and shown (postal code normalised, `A1A 1A1`). */
export interface ProfileAddress {
  aptSuite: string;
  civicNumber: string;
  street: string;
  city: string;
  province: CanadianProvince;
  postalCode: string;
}

const required = (key: string) => z.string({ message: key }).trim().min(1, key);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "profile.errors.tooLong")
    .optional()
    .transform((v) => v ?? "");

/**
 * Letters Canada Post uses: never D, F, I, O, Q, U; W and Z never first. `A1A 1A1`, upper case.
 */
const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$/;

/**
 * A Canadian postal code typed in any case, with or without its space ("h2x1y4", "H2X 1Y4"),
 * as stored: "H2X 1Y4". @returns null when it is not a Canadian postal code.
 */
export function normalisePostalCode(value: string): string | null {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  if (!POSTAL_CODE.test(compact)) return null;
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

/** Whether two addresses are the same, part by part. */
export function sameAddress(a: ProfileAddress | null, b: ProfileAddress | null): boolean {
  if (!a || !b) return a === b;
  return (["aptSuite", "civicNumber", "street", "city", "province", "postalCode"] as const).every((key) => a[key] === b[key]);
}

/** One address, every required part given (docs/product.md#accounts address form). */
export const AddressSchema = z.object({
  aptSuite: optional(20),
  civicNumber: optional(20),
  street: required("profile.errors.streetRequired").max(120, "profile.errors.tooLong"),
  city: required("profile.errors.cityRequired").max(80, "profile.errors.tooLong"),
  province: z.enum(CANADIAN_PROVINCES, { message: "profile.errors.provinceRequired" }),
  postalCode: required("profile.errors.postalCodeRequired")
    .max(10, "profile.errors.postalCodeInvalid")
    .transform((value, context) => {
      const normalised = normalisePostalCode(value);
      if (normalised) return normalised;
      context.addIssue({ code: "custom", message: "profile.errors.postalCodeInvalid" });
      return z.NEVER;
    }),
}) satisfies z.ZodType<ProfileAddress, unknown>;

/**
 * The billing address as posted: nothing required here (the browser must not ask for it when
 * "same as delivery" is ticked); the schema below checks it with {@link AddressSchema} otherwise.
 */
const PostedAddress = z
  .object({
    aptSuite: z.string(),
    civicNumber: z.string(),
    street: z.string(),
    city: z.string(),
    province: z.string(),
    postalCode: z.string(),
  })
  .partial()
  .optional();

/**
 * The profile form (`intent=profile`): names, e-mail, phone, delivery and billing addresses,
 * "billing same as delivery", the newsletter flag, and the current password (needed only to
 * change the e-mail). Field names nest: `delivery.street`,
 * `billing.postalCode`. The parsed value has the phone in E.164, postal codes normalised and
 * `billing` always filled (a copy of `delivery` when the box is ticked).
 */
export const ProfileSchema = z
  .object({
    intent: z.literal("profile"),
    firstName: required("auth.errors.firstNameRequired").max(80, "auth.errors.tooLong"),
    lastName: required("auth.errors.lastNameRequired").max(80, "auth.errors.tooLong"),
    email: required("auth.errors.emailRequired").max(254, "auth.errors.emailInvalid").pipe(z.email("auth.errors.emailInvalid")),
    phone: required("profile.errors.phoneRequired")
      .max(30, "profile.errors.phoneInvalid")
      .refine(isCanadianPhoneNumber, "profile.errors.phoneInvalid"),
    delivery: AddressSchema,
    billingSameAsDelivery: z.boolean().optional(),
    billing: PostedAddress,
    newsletter: z.boolean().optional(),
    /**
     * The current password, asked only when the e-mail changes (docs/decisions/031); the server
     * checks it against the saved e-mail, which the browser's schema does not know.
     */
    currentPassword: z.string().max(200, "profile.errors.currentPasswordWrong").optional(),
  })
  .check(
    z.superRefine(
      (value, context) => {
        if (value.billingSameAsDelivery) return;
        const billing = AddressSchema.safeParse(value.billing ?? {});
        if (billing.success) return;
        for (const issue of billing.error.issues) {
          context.addIssue({ code: "custom", path: ["billing", ...issue.path], message: issue.message });
        }
      },
      // Also when another field is refused, so every error shows at once.
      { when: ({ value }) => typeof value === "object" && value !== null },
    ),
  )
  .transform((value) => ({
    firstName: value.firstName,
    lastName: value.lastName,
    email: value.email.toLowerCase(),
    phone: phoneToE164(value.phone),
    newsletter: value.newsletter ?? false,
    delivery: value.delivery,
    billingSameAsDelivery: value.billingSameAsDelivery ?? false,
    billing: value.billingSameAsDelivery ? value.delivery : AddressSchema.parse(value.billing ?? {}),
    currentPassword: value.currentPassword ?? "",
  }));
/** A checked profile, as `saveProfile` takes it. */
export type ProfileForm = z.output<typeof ProfileSchema>;

/** The password change form (`intent=password`): the current password, the new one twice. */
export const PasswordChangeSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z
      .string({ message: "profile.errors.currentPasswordRequired" })
      .min(1, "profile.errors.currentPasswordRequired")
      .max(200, "profile.errors.currentPasswordWrong"),
    newPassword: z
      .string({ message: "auth.errors.passwordRequired" })
      .min(MIN_PASSWORD_LENGTH, "auth.errors.passwordTooShort")
      .max(200, "auth.errors.passwordTooLong"),
    confirmPassword: z.string({ message: "profile.errors.confirmPasswordRequired" }).min(1, "profile.errors.confirmPasswordRequired"),
  })
  .check(
    z.superRefine(
      (value, context) => {
        if (value.confirmPassword && value.newPassword !== value.confirmPassword) {
          context.addIssue({ code: "custom", path: ["confirmPassword"], message: "profile.errors.passwordMismatch" });
        }
      },
      { when: ({ value }) => typeof value === "object" && value !== null },
    ),
  );
export type PasswordChangeForm = z.output<typeof PasswordChangeSchema>;

/** The password fields, never sent back to the browser in a refused form's reply. */
export const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];
