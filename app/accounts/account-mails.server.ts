/**
 * The e-mails that tell an account's owner what happened to it (docs/decisions/031):
 * - someone asked to register with their address, which already has an account (registration
 *   and checkout answer the visitor the same either way, so the owner learns it here);
 * - the account's e-mail was changed (sent to the OLD address, so a stolen session cannot move
 *   the account away silently).
 * Each mail is composed by a pure function in the owner's language (wording in `locales/`,
 * `auth.registrationMail.*`, `profile.emailChangedMail.*`) as the shop's simple mail
 * ({@link composeSimpleMail}), and written to the outbox with the change (decision 027).
 */
import type { ComposedMail } from "~/email/mailer.server";
import { composeSimpleMail } from "~/email/simple-mail.server";
import { translatorFor } from "~/i18n/translator";
import type { Locale } from "~/vocabulary";

/**
 * The mail to the owner of an existing account when someone asks to create an account with its
 * address (registration form or checkout): nothing changed; if it was you, log in or choose a new
 * password; otherwise ignore it.
 * @param origin the shop's origin for the links, e.g. "https://shop.example" (no trailing slash).
 */
export function composeRegistrationAttemptMail(owner: { firstName: string; locale: Locale }, origin: string): ComposedMail {
  const t = translatorFor(owner.locale);
  return composeSimpleMail({
    lang: owner.locale,
    subject: t("auth.registrationMail.subject"),
    paragraphs: [
      t("auth.registrationMail.greeting", { firstName: owner.firstName }),
      t("auth.registrationMail.intro"),
      t("auth.registrationMail.ifYou"),
      { url: `${origin}/login`, label: t("auth.registrationMail.login") },
      { url: `${origin}/forgot-password`, label: t("auth.registrationMail.reset") },
      t("auth.registrationMail.ifNotYou"),
    ],
    closing: t("auth.registrationMail.signature"),
  });
}

/**
 * The mail to an account's OLD address once its e-mail was changed: the new address, and what to
 * do if the owner did not make the change.
 * @param newEmail the address the account now has (lower-case).
 */
export function composeEmailChangedMail(owner: { firstName: string; locale: Locale }, newEmail: string): ComposedMail {
  const t = translatorFor(owner.locale);
  return composeSimpleMail({
    lang: owner.locale,
    subject: t("profile.emailChangedMail.subject"),
    paragraphs: [
      t("profile.emailChangedMail.greeting", { firstName: owner.firstName }),
      t("profile.emailChangedMail.intro", { email: newEmail }),
      t("profile.emailChangedMail.ifNotYou"),
    ],
    closing: t("profile.emailChangedMail.signature"),
  });
}
