/**
 * The forgot-password and reset-password forms (docs/product.md#accounts /forgot-password,
 * /reset-password, password expired): one zod schema each, used by the action
 * (`parseWithZod`) and the form (`useForm` + `getZodConstraint`); messages are i18n keys.
 * Shared with the browser.
 */
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./account-forms";

export const ForgotPasswordSchema = z.object({
  email: z
    .string({ message: "auth.errors.emailRequired" })
    .trim()
    .min(1, "auth.errors.emailRequired")
    .max(254, "auth.errors.emailInvalid")
    .pipe(z.email("auth.errors.emailInvalid")),
});
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    /** The reset link's token (hidden field); absent when a logged-in user's password expired. */
    token: z.string().max(2048).optional(),
    password: z
      .string({ message: "auth.errors.passwordRequired" })
      .min(MIN_PASSWORD_LENGTH, "auth.errors.passwordTooShort")
      .max(200, "auth.errors.passwordTooLong"),
    confirmation: z.string({ message: "passwordReset.errors.confirmationRequired" }).max(200, "auth.errors.passwordTooLong"),
    /** Where an expired-password user goes next (the login's wanted route), checked by safeRedirect. */
    redirect: z.string().max(2048).optional(),
  })
  .refine((form) => form.confirmation === form.password, { message: "passwordReset.errors.mismatch", path: ["confirmation"] });
export type ResetPasswordForm = z.infer<typeof ResetPasswordSchema>;
