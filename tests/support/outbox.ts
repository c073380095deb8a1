/**
 * The outbox in integration tests (decision 027): no worker runs there, so a test that expects an
 * e-mail (or a Mailchimp call) sends what its action wrote with {@link sendOutbox}, through the
 * shop's own handlers (the mailer set by `useShopMailerForTests`, or the outbox folder).
 */
import type { Database } from "~/db/client.server";
import type { Mailer, OutgoingMail } from "~/email/mailer.server";
import { drainOutbox, type OutboxRun } from "~/outbox/outbox.server";
import { shopOutboxHandlers } from "~/outbox-handlers.server";

/** Sends every message of the outbox that is due now; resolves with what was done. */
export function sendOutbox(db: Database): Promise<OutboxRun> {
  return drainOutbox(db, shopOutboxHandlers(db));
}

/** A mailer that keeps what it is given in `sent` (install it with `useShopMailerForTests`). */
export function capturingMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      return { messageId: mail.messageId ?? `<${sent.length}@test>` };
    },
  };
}
