/**
 * The account forms (docs/product.md#accounts registration): one zod schema each, used by the action
 * (`parseWithZod`) and the form (`useForm` + `getZodConstraint`); messages are i18n keys.
 * Shared with the browser.
 */
import { z } from "zod";

/** Shortest password accepted (shown on the registration form). */
export const MIN_PASSWORD_LENGTH = 8;

const required = (key: string) => z.string({ message: key }).trim().min(1, key);

export const LoginSchema = z.object({
  email: required("auth.errors.emailRequired").max(254, "auth.errors.emailInvalid").pipe(z.email("auth.errors.emailInvalid")),
  password: z
    .string({ message: "auth.errors.passwordRequired" })
    .min(1, "auth.errors.passwordRequired")
    .max(200, "auth.errors.invalidCredentials"),
  /** Where to go after logging in (docs/product.md#accounts navigation guard), checked by safeRedirect. */
  redirect: z.string().max(2048).optional(),
});
export type LoginForm = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({
  firstName: required("auth.errors.firstNameRequired").max(80, "auth.errors.tooLong"),
  lastName: required("auth.errors.lastNameRequired").max(80, "auth.errors.tooLong"),
  email: required("auth.errors.emailRequired").max(254, "auth.errors.emailInvalid").pipe(z.email("auth.errors.emailInvalid")),
  password: z
    .string({ message: "auth.errors.passwordRequired" })
    .min(MIN_PASSWORD_LENGTH, "auth.errors.passwordTooShort")
    .max(200, "auth.errors.passwordTooLong"),
  redirect: z.string().max(2048).optional(),
  /** The confirmation number of the guest order this account is created from. */
  order: z.string().max(32).optional(),
});
export type RegisterForm = z.infer<typeof RegisterSchema>;
