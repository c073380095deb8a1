/**
 * The e-mails that tell an account's owner what happened to it (docs/decisions/031):
 * - someone asked to register with their address, which already has an account (registration
 *   and checkout answer the visitor the same either way, so the owner learns it here);
 * - the account's e-mail was changed (sent to the OLD address, so a stolen session cannot move
 *   the account away silently).
 * Each mail is composed by a pure function in the owner's language (wording in `locales/`,
 * `auth.registrationMail.*`, `profile.emailChangedMail.*`) and handed to the mailer after the
 * change is saved, like the password-reset mail.
 */
import { escapeXml } from "~/catalogue/images";
import type { ComposedMail } from "~/email/mailer.server";
import { translatorFor } from "~/i18n/translator";
import type { Locale } from "~/vocabulary";

/** A paragraph or a link of a mail, in order. */
type Part = { text: string } | { link: string; label: string };

/** Plain text and HTML of the same parts; every dynamic value is escaped in the HTML. */
function render(locale: Locale, subject: string, parts: Part[]): ComposedMail {
  const t = translatorFor(locale);
  const text = `${parts.map((part) => ("text" in part ? part.text : t("mail.pair", { label: part.label, value: part.link }))).join("\n\n")}\n`;
  const html =
    `<!doctype html>\n<html lang="${escapeXml(locale)}"><head><meta charset="utf-8"><title>${escapeXml(subject)}</title></head>\n` +
    `<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">\n` +
    `<div style="max-width:600px;margin:0 auto">\n` +
    parts
      .map((part) =>
        "text" in part
          ? `<p style="margin:8px 0">${escapeXml(part.text)}</p>`
          : `<p style="margin:8px 0"><a href="${escapeXml(part.link)}" style="color:#7b1e3a">${escapeXml(part.label)}</a></p>`,
      )
      .join("\n") +
    `\n</div>\n</body></html>\n`;
  return { subject, text, html };
}

/**
 * The mail to the owner of an existing account when someone asks to create an account with its
 * address (registration form or checkout): nothing changed; if it was you, log in or choose a new
 * password; otherwise ignore it.
 * @param origin the shop's origin for the links, e.g. "https://shop.example" (no trailing slash).
 */
export function composeRegistrationAttemptMail(owner: { firstName: string; locale: Locale }, origin: string): ComposedMail {
  const t = translatorFor(owner.locale);
  return render(owner.locale, t("auth.registrationMail.subject"), [
    { text: t("auth.registrationMail.greeting", { firstName: owner.firstName }) },
    { text: t("auth.registrationMail.intro") },
    { text: t("auth.registrationMail.ifYou") },
    { link: `${origin}/login`, label: t("auth.registrationMail.login") },
    { link: `${origin}/forgot-password`, label: t("auth.registrationMail.reset") },
    { text: t("auth.registrationMail.ifNotYou") },
    { text: t("auth.registrationMail.signature") },
  ]);
}

/**
 * The mail to an account's OLD address once its e-mail was changed: the new address, and what to
 * do if the owner did not make the change.
 * @param newEmail the address the account now has (lower-case).
 */
export function composeEmailChangedMail(owner: { firstName: string; locale: Locale }, newEmail: string): ComposedMail {
  const t = translatorFor(owner.locale);
  return render(owner.locale, t("profile.emailChangedMail.subject"), [
    { text: t("profile.emailChangedMail.greeting", { firstName: owner.firstName }) },
    { text: t("profile.emailChangedMail.intro", { email: newEmail }) },
    { text: t("profile.emailChangedMail.ifNotYou") },
    { text: t("profile.emailChangedMail.signature") },
  ]);
}
