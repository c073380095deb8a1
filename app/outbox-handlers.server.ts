/**
 * How the shop carries out each job of the outbox (decision 027): e-mails through the configured
 * mailer (SMTP, or `.eml` files in the outbox folder) with the files they name built at each try
 * (the logo, an order's invoice PDF: docs/decisions/044-order-e-mails.md), newsletter sign-ups to
 * Mailchimp. Kept beside
 * boot.server.ts, where features are put together: the outbox knows no feature, and the features
 * that write jobs do not know who sends them.
 */
import type { Database } from "~/db/client.server";
import type { MailAttachmentRef } from "~/db/outbox-job";
import { logoAttachment } from "~/email/logo.server";
import { type MailAttachment, shopMailer } from "~/email/mailer.server";
import { orderInvoice } from "~/invoices/invoice-pdf.server";
import { deliverNewsletterSignup } from "~/newsletter/newsletter.server";
import type { OutboxHandlers } from "~/outbox/outbox.server";

/** The shop's handlers, on database `db` (the newsletter job reads and updates its sign-up there). */
export function shopOutboxHandlers(db: Database): OutboxHandlers {
  return {
    async email(mail, attachments) {
      const files = await attachmentsOf(db, attachments);
      await shopMailer().send(files.length > 0 ? { ...mail, attachments: files } : mail);
    },
    async "mailchimp-subscribe"(signupId) {
      await deliverNewsletterSignup(db, signupId);
    },
  };
}

/**
 * Builds the files a mail names: the logo; an order's invoice, rendered now from its snapshot rows
 * (an order without an invoice any more — cancelled meanwhile — goes without it, and the log says
 * so). A database error rejects, and the outbox tries the mail again later.
 */
async function attachmentsOf(db: Database, refs: readonly MailAttachmentRef[]): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const ref of refs) {
    if (ref.kind === "logo") {
      files.push(logoAttachment());
      continue;
    }
    const invoice = await orderInvoice(db, ref.orderId);
    if (invoice) files.push({ filename: invoice.fileName, contentType: "application/pdf", content: invoice.bytes });
    else console.error(`outbox: order ${ref.orderId} has no invoice to attach; its mail goes without it`);
  }
  return files;
}
