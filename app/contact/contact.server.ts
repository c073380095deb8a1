/**
 * Messages of the contact form: each is stored (`contact_messages`) and its e-mail to
 * the agency, with Reply-To the visitor's address so the agency answers with one click, is written
 * to the outbox in the same transaction (decision 027): the outbox sends it, and tries again when
 * the mail server fails, so the visitor is thanked once both are saved.
 *
 * The agency's copy is in French (the agency's language, docs/product.md#contact default) and says which language
 * the visitor wrote from. Every value the visitor typed is HTML-escaped in the HTML part.
 */
import type { Database } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { getEnv } from "~/env.server";
import { translatorFor } from "~/i18n/translator";
import { escapeXml } from "~/lib/xml";
import { enqueueMail } from "~/outbox/outbox.server";
import type { Locale, Province } from "~/vocabulary";
import type { ContactForm } from "./contact-form";

/** What the visitor wrote (the validated form without its checkbox). */
export type ContactInput = Pick<ContactForm, "firstName" | "lastName" | "email" | "message">;

/** Where the message comes from. */
export interface ContactContext {
  locale: Locale;
  province: Province;
  /** The logged-in customer's id, or null for a visitor. */
  userId: number | null;
  /** Defaults to AGENCY_EMAIL, else the address of MAIL_FROM (`getEnv().agency.supportEmail`). */
  agencyEmail?: string;
}

/** Names on one line (no line break reaches a mail header). */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The agency's copy of a message.
 * @returns subject, plain text and HTML (same content; the visitor's text escaped in HTML).
 */
function composeContactMail(input: ContactInput, context: Pick<ContactContext, "locale" | "province" | "userId">, id: number) {
  const t = translatorFor("fr-CA");
  const name = oneLine(`${input.firstName} ${input.lastName}`);
  const subject = t("contact.mail.subject", { name, id });
  const rows: [string, string][] = [
    [t("contact.mail.from"), name],
    [t("contact.mail.email"), input.email],
    [t("contact.mail.language"), t(`contact.mail.locales.${context.locale}`)],
    [t("contact.mail.province"), t(`provinces.${context.province}`)],
    [t("contact.mail.account"), context.userId === null ? t("contact.mail.noAccount") : `#${context.userId}`],
  ];
  const text = [
    t("contact.mail.intro"),
    "",
    ...rows.map(([label, value]) => `${label} : ${value}`),
    "",
    t("contact.mail.message"),
    "",
    input.message,
    "",
    t("contact.mail.replyHint"),
    "",
  ].join("\n");
  const html =
    `<!doctype html><html lang="fr-CA"><head><meta charset="utf-8"><title>${escapeXml(subject)}</title></head>\n` +
    `<body style="font-family:Arial,sans-serif;color:#222">\n` +
    `<p>${escapeXml(t("contact.mail.intro"))}</p>\n<table>\n` +
    rows
      .map(
        ([label, value]) => `<tr><th style="text-align:left;padding-right:12px">${escapeXml(label)}</th><td>${escapeXml(value)}</td></tr>`,
      )
      .join("\n") +
    `\n</table>\n<h2 style="font-size:16px">${escapeXml(t("contact.mail.message"))}</h2>\n` +
    `<p style="white-space:pre-wrap">${escapeXml(input.message)}</p>\n` +
    `<p style="font-size:12px;color:#555">${escapeXml(t("contact.mail.replyHint"))}</p>\n</body></html>\n`;
  return { subject, text, html };
}

/**
 * Stores a contact message and writes its e-mail to the agency to the outbox, in one transaction
 * (decision 027).
 * @param input the validated form (trimmed names, e-mail, message of 10–5000 characters).
 * @returns the row's id. Rejects only when the database cannot be written (then nothing is).
 */
export async function sendContactMessage(db: Database, input: ContactInput, context: ContactContext): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(contactMessages)
      .values({
        locale: context.locale,
        province: context.province,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        message: input.message,
        userId: context.userId,
        mailedAt: now,
      })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    await enqueueMail(
      tx,
      {
        to: context.agencyEmail ?? getEnv().agency.supportEmail,
        replyTo: input.email,
        ...composeContactMail(input, context, id),
        tag: `contact-${id}`,
      },
      { now },
    );
    return { id };
  });
}
