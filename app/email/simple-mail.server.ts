/**
 * The shop's simple e-mails (the customer's mail at each agency step; meant for every
 * mail that is a few paragraphs and a link): one composition, rendered to plain text and to the
 * same inline-styled HTML frame as the order confirmation (app/orders/order-mail.server.ts),
 * every dynamic value HTML-escaped. Pure.
 */
import { translatorFor } from "~/i18n/translator";
import { escapeXml } from "~/lib/xml";
import type { Locale } from "~/vocabulary";
import { type MailBlock, renderMail } from "./mail-layout.server";
import type { ComposedMail } from "./mailer.server";

/** A link of a mail: its label and absolute URL. */
export interface MailLink {
  label: string;
  url: string;
}

/** What a simple mail says, already in its language. */
export interface SimpleMail {
  /** The mail's language: the `lang` of the HTML part and the "label : value" punctuation of the link line. */
  lang: Locale;
  subject: string;
  /** Paragraphs, in order (a greeting first, usually); a link among them is a paragraph of its own. */
  paragraphs: (string | MailLink)[];
  /** A link after the paragraphs, e.g. "Voir votre commande" to the order's page (absolute URL). */
  link?: MailLink;
  /** The last paragraph, e.g. the shop's signature. */
  closing: string;
}

/**
 * Renders a simple mail: the text part is the paragraphs, the link as "label : url" (`mail.pair`
 * of `lang`), then the closing, separated by blank lines and ending with a newline; the HTML part
 * is the same in `<p>` elements, the link as an anchor, in a 600-pixel column.
 */
export function composeSimpleMail({ lang, subject, paragraphs, link, closing }: SimpleMail): ComposedMail {
  const t = translatorFor(lang);
  const textOf = (p: string | MailLink) => (typeof p === "string" ? p : t("mail.pair", { label: p.label, value: p.url }));
  const anchor = (l: MailLink) => `<a href="${escapeXml(l.url)}" style="color:#7b1e3a">${escapeXml(l.label)}</a>`;
  const textBlocks = [...paragraphs.map(textOf), ...(link ? [textOf(link)] : []), closing];
  const htmlBlocks = [
    ...paragraphs.map((p) => `<p style="margin:8px 0">${typeof p === "string" ? escapeXml(p) : anchor(p)}</p>`),
    ...(link ? [`<p style="margin:16px 0">${anchor(link)}</p>`] : []),
    `<p style="margin:8px 0">${escapeXml(closing)}</p>`,
  ];
  return {
    subject,
    text: `${textBlocks.join("\n\n")}\n`,
    html:
      `<!doctype html>\n<html lang="${escapeXml(lang)}"><head><meta charset="utf-8"><title>${escapeXml(subject)}</title></head>\n` +
      `<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">\n` +
      `<div style="max-width:600px;margin:0 auto">\n${htmlBlocks.join("\n")}\n</div>\n</body></html>\n`,
  };
}

/**
 * Renders a simple mail with the shop's React Email layout (app/email/mail-layout.server.tsx;
 * docs/decisions/044-order-e-mails.md): the logo on top — its sender attaches it, the outbox job's
 * `{ kind: "logo" }` — then the paragraphs, the link and the closing. The text part is the same as
 * {@link composeSimpleMail}'s.
 */
export function renderSimpleMail({ lang, subject, paragraphs, link, closing }: SimpleMail): Promise<ComposedMail> {
  const t = translatorFor(lang);
  const blocks: MailBlock[] = [
    ...paragraphs.map((p): MailBlock =>
      typeof p === "string" ? { kind: "paragraph", text: p } : { kind: "link", label: p.label, url: p.url },
    ),
    ...(link ? [{ kind: "link", label: link.label, url: link.url } as const] : []),
    { kind: "paragraph", text: closing },
  ];
  return renderMail({
    lang,
    subject,
    preview: typeof paragraphs[1] === "string" ? paragraphs[1] : undefined,
    blocks,
    pair: (label, value) => t("mail.pair", { label, value }),
  });
}

/**
 * The agency's copy of a customer's mail: `[agencyEmail]` trimmed, or undefined (no copy) when it
 * is unset or blank (the `cc` of {@link import("~/email/mailer.server").OutgoingMail}).
 */
export function agencyCopy(agencyEmail: string | undefined): string[] | undefined {
  const address = agencyEmail?.trim();
  return address ? [address] : undefined;
}
