/**
 * The contact form (docs/product.md#contact "Registration and contact forms: first name, last name, e-mail
 * required. Contact form has an 'I am not a robot' checkbox": plus a message).
 * One zod schema, used by the action (`parseWithZod`) and the form (`useForm` +
 * `getZodConstraint`); messages are i18n keys (the registration's where the wording is the same).
 * Shared with the browser. The anti-bot fields (the honeypot, named in ~/lib/honeypot, and the time
 * token, named here) are checked by `anti-bot.server.ts`, not by the schema: the browser cannot
 * judge them.
 */
import { z } from "zod";

/** Shortest and longest message accepted, in characters (after trimming). */
export const MESSAGE_MIN_LENGTH = 10;
export const MESSAGE_MAX_LENGTH = 5000;

/** The hidden field carrying the signed time the form was rendered. */
export const TOKEN_FIELD = "formToken";

const required = (key: string) => z.string({ message: key }).trim().min(1, key);

export const ContactSchema = z.object({
  firstName: required("auth.errors.firstNameRequired").max(80, "auth.errors.tooLong"),
  lastName: required("auth.errors.lastNameRequired").max(80, "auth.errors.tooLong"),
  email: required("auth.errors.emailRequired").max(254, "auth.errors.emailInvalid").pipe(z.email("auth.errors.emailInvalid")),
  message: required("contact.errors.messageRequired")
    .min(MESSAGE_MIN_LENGTH, "contact.errors.messageTooShort")
    .max(MESSAGE_MAX_LENGTH, "contact.errors.messageTooLong"),
  /** The 'I am not a robot' checkbox: an HTML checkbox posts "on" when checked, nothing otherwise. */
  notRobot: z.literal("on", { message: "contact.errors.notRobot" }),
});
export type ContactForm = z.infer<typeof ContactSchema>;
