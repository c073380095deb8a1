/**
 * "Your product is here: pay within 5 days" (SPEC §4 reservation, §9 reservation window; issue 10
 * §2): the e-mail a customer gets when staff marks their reservation available, in the
 * reservation's language, with the amount due now, the deadline and the payment link. Plain text
 * and a simple HTML part saying the same thing; every dynamic value is HTML-escaped. Sent through
 * the shop's mailer (SMTP, or data/outbox/), the agency in copy.
 */
import type { Order, Reservation } from "~/checkout/orders.server";
import type { Database } from "~/db/client.server";
import { enqueueMail } from "~/outbox/outbox.server";
import { agencyCopy, composeSimpleMail } from "~/email/simple-mail.server";
import { getEnv } from "~/env.server";
import { formatDateTime, formatMoney } from "~/i18n/format";
import { translatorFor } from "~/i18n/translator";

/** What the e-mail says: the reservation, the order that pays it, and the absolute payment link. */
export interface ReservationAvailableMail {
  reservation: Pick<Reservation, "id" | "productName" | "quantity" | "byCase" | "bottles" | "firstName" | "email" | "locale">;
  order: Pick<Order, "orderNumber" | "payNowCents" | "payAtLiquorBoardCents" | "paymentDueAt" | "province">;
  /** e.g. "https://cuvee.example/reservations/42.Vh3…" */
  paymentUrl: string;
}

/**
 * Builds the e-mail in the reservation's locale (fr-CA, or en-US): subject with the order number;
 * greeting; the product and quantity; the amount due now (and, for private import, the estimate
 * paid at the SAQ / LCBO at pick-up); the deadline; the link; the rule that the product returns
 * to stock after the deadline. The frame is the shop's simple mail ({@link composeSimpleMail}).
 */
export function composeReservationAvailable(mail: ReservationAvailableMail): { subject: string; text: string; html: string } {
  const { reservation: r, order } = mail;
  const locale = r.locale;
  const t = translatorFor(locale);
  const quantity = r.byCase
    ? t("reservations.quantity.cases", { count: r.quantity, bottles: r.bottles })
    : t("reservations.quantity.units", { count: r.quantity });
  const board = order.province === "ON" ? "LCBO" : "SAQ";
  return composeSimpleMail({
    lang: locale,
    subject: t("reservations.mail.subject", { orderNumber: order.orderNumber }),
    paragraphs: [
      t("reservations.mail.greeting", { firstName: r.firstName }),
      t("reservations.mail.arrived", { product: r.productName, quantity }),
      t("reservations.mail.amount", { amount: formatMoney(order.payNowCents, locale) }),
      ...(order.payAtLiquorBoardCents > 0
        ? [t("reservations.mail.atBoard", { board, amount: formatMoney(order.payAtLiquorBoardCents, locale) })]
        : []),
      t("reservations.mail.deadline", { deadline: formatDateTime(order.paymentDueAt.toISOString(), locale) }),
      t("reservations.mail.rule"),
    ],
    link: { label: t("reservations.mail.link"), url: mail.paymentUrl },
    closing: t("reservations.mail.signature"),
  });
}

/**
 * Writes the e-mail to the reservation's address (tag `reservation-<id>-available`), the agency in
 * copy when configured, to the outbox in the caller's transaction (decision 027): it is sent
 * once the reservation is saved AVAILABLE, and never without it.
 * @param db the transaction that makes the reservation available.
 */
export async function writeReservationAvailableMail(db: Database, mail: ReservationAvailableMail): Promise<void> {
  await enqueueMail(
    db,
    {
      to: mail.reservation.email,
      cc: agencyCopy(getEnv().mail.agencyEmail),
      ...composeReservationAvailable(mail),
      tag: `reservation-${mail.reservation.id}-available`,
    },
    { dedupeKey: `reservation-${mail.reservation.id}-available` },
  );
}
