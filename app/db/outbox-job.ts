/**
 * What the outbox can be asked to do after a saved change (decision 027). A job is stored as JSON in
 * `outbox_messages.job` and carries everything its sending needs, so a worker in any process can
 * send it later without the request that wrote it. In db/ because the schema's column carries its
 * type (a stored shape is part of the schema; docs/decisions/034-folder-layering.md).
 */
import type { OutgoingMail } from "~/email/mailer.server";

/**
 * A file an e-mail carries, named by what rebuilds it when the mail is sent (docs/decisions/044):
 * the shop's logo (inline, by Content-ID), or the invoice PDF of the order of that id. The bytes are
 * not stored in the row.
 */
export type MailAttachmentRef = { kind: "logo" } | { kind: "invoice"; orderId: number };

/**
 * One job:
 * - `email`: a composed e-mail (recipient, copies, subject, text and HTML bodies, tag), sent with
 *   the row's Message-ID, with the files `attachments` names (rebuilt at each try);
 * - `mailchimp-subscribe`: the newsletter sign-up of that id sent to its province's audience.
 */
export type OutboxJob =
  | { kind: "email"; mail: Omit<OutgoingMail, "messageId" | "date" | "attachments">; attachments?: MailAttachmentRef[] }
  | { kind: "mailchimp-subscribe"; signupId: number };
