/**
 * How the shop carries out each job of the outbox (decision 027): e-mails through the configured
 * mailer (SMTP, or `.eml` files in the outbox folder), newsletter sign-ups to Mailchimp. Kept beside
 * boot.server.ts, where features are put together: the outbox knows no feature, and the features
 * that write jobs do not know who sends them.
 */
import type { Database } from "~/db/client.server";
import { shopMailer } from "~/email/mailer.server";
import { deliverNewsletterSignup } from "~/newsletter/newsletter.server";
import type { OutboxHandlers } from "~/outbox/outbox.server";

/** The shop's handlers, on database `db` (the newsletter job reads and updates its sign-up there). */
export function shopOutboxHandlers(db: Database): OutboxHandlers {
  return {
    async email(mail) {
      await shopMailer().send(mail);
    },
    async "mailchimp-subscribe"(signupId) {
      await deliverNewsletterSignup(db, signupId);
    },
  };
}
