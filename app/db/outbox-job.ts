/**
 * What the outbox can be asked to do after a saved change (decision 027). A job is stored as JSON in
 * `outbox_messages.job` and carries everything its sending needs, so a worker in any process can
 * send it later without the request that wrote it. In db/ because the schema's column carries its
 * type (a stored shape is part of the schema; docs/decisions/034-folder-layering.md).
 */
import type { OutgoingMail } from "~/email/mailer.server";

/**
 * One job:
 * - `email`: a composed e-mail (recipient, copies, subject, text and HTML bodies, tag), sent with
 *   the row's Message-ID;
 * - `mailchimp-subscribe`: the newsletter sign-up of that id sent to its province's audience.
 */
export type OutboxJob =
  { kind: "email"; mail: Omit<OutgoingMail, "messageId" | "date"> } | { kind: "mailchimp-subscribe"; signupId: number };
