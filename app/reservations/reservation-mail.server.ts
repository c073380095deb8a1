/**
 * The e-mails of a reservation (docs/product.md#reservations reservation, reservation window), in the
 * reservation's language, the agency in copy, written to the outbox with the change (decision 027):
 * - "Your product is here: pay within 5 days", when staff marks it available: the amount due now,
 *   the deadline and the payment link;
 * - "Your reservation has expired", when its window ended unpaid and the product went back to
 *   stock (the sweep of unpaid orders, decision 018).
 * Plain text and an HTML part saying the same thing, in the shop's React Email layout with its logo
 * (docs/decisions/044-order-e-mails.md); every dynamic value is HTML-escaped.
 */
import type { Database } from "~/db/client.server";
import type { ComposedMail } from "~/email/mailer.server";
import { agencyCopy, renderSimpleMail } from "~/email/simple-mail.server";
import { getEnv } from "~/env.server";
import { formatDateTime, formatMoney } from "~/i18n/format";
import { translatorFor } from "~/i18n/translator";
import type { Order, Reservation } from "~/orders/orders.server";
import { RESERVATION_WINDOW_DAYS } from "~/orders/reservation-window";
import { enqueueMail } from "~/outbox/outbox.server";

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
 * to stock after the deadline. The frame is the shop's simple mail ({@link renderSimpleMail}).
 */
export function composeReservationAvailable(mail: ReservationAvailableMail): Promise<ComposedMail> {
  const { reservation: r, order } = mail;
  const locale = r.locale;
  const t = translatorFor(locale);
  const quantity = r.byCase
    ? t("reservations.quantity.cases", { count: r.quantity, bottles: r.bottles })
    : t("reservations.quantity.units", { count: r.quantity });
  const board = order.province === "ON" ? "LCBO" : "SAQ";
  return renderSimpleMail({
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
      ...(await composeReservationAvailable(mail)),
      tag: `reservation-${mail.reservation.id}-available`,
    },
    { dedupeKey: `reservation-${mail.reservation.id}-available`, attachments: [{ kind: "logo" }] },
  );
}

/**
 * Builds the "reservation expired" e-mail in the reservation's locale: the product and quantity,
 * that the payment was not received within the window and the product went back to stock, and
 * that the customer may write to the agency to reserve again.
 */
export function composeReservationExpired(
  reservation: Pick<Reservation, "productName" | "quantity" | "byCase" | "bottles" | "firstName" | "locale">,
  orderNumber: string,
): Promise<ComposedMail> {
  const t = translatorFor(reservation.locale);
  const quantity = reservation.byCase
    ? t("reservations.quantity.cases", { count: reservation.quantity, bottles: reservation.bottles })
    : t("reservations.quantity.units", { count: reservation.quantity });
  return renderSimpleMail({
    lang: reservation.locale,
    subject: t("reservations.mail.expired.subject", { orderNumber }),
    paragraphs: [
      t("reservations.mail.greeting", { firstName: reservation.firstName }),
      t("reservations.mail.expired.body", { product: reservation.productName, quantity, days: RESERVATION_WINDOW_DAYS }),
      t("reservations.mail.expired.again"),
    ],
    closing: t("reservations.mail.signature"),
  });
}

/**
 * Writes the "reservation expired" e-mail (tag `reservation-<id>-expired`, once per reservation)
 * to the outbox in the sweep's transaction `db`, the agency in copy.
 * @param orderNumber the number of the order that was to pay it (named in the subject).
 */
export async function writeReservationExpiredMail(db: Database, reservation: Reservation, orderNumber: string): Promise<void> {
  await enqueueMail(
    db,
    {
      to: reservation.email,
      cc: agencyCopy(getEnv().mail.agencyEmail),
      ...(await composeReservationExpired(reservation, orderNumber)),
      tag: `reservation-${reservation.id}-expired`,
    },
    { dedupeKey: `reservation-${reservation.id}-expired`, attachments: [{ kind: "logo" }] },
  );
}
