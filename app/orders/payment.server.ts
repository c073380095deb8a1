/**
 * Paying an order (issue 7 §3; DESIGN §3 Orders and payment): Stripe Checkout when
 * `STRIPE_SECRET_KEY` is set, otherwise the local simulated payment page (refused in
 * production). Whatever the path — Stripe's return page, its webhook, the simulated page — an
 * order becomes PAID through {@link finishPaidOrder}, which calls the one idempotent
 * `completeOrderPayment` and writes the e-mails to the outbox in the transaction that made the
 * transition (decision 027).
 */
import type { Database } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { translatorFor } from "~/i18n/translator";
import { createStripeGateway, type PaymentGateway } from "~/payment/stripe.server";
import { enqueueOrderMails } from "./order-mail.server";
import {
  attachStripeSession,
  cancelOrder,
  completeOrderPayment,
  getOrderById,
  PAYMENT_WINDOW_MINUTES,
  reservationPaidBy,
  STRIPE_SESSION_MINUTES,
  type Order,
  type Tx,
} from "./orders.server";
import { reservationPaymentPath } from "~/orders/reservation-token.server";

/** Stripe refuses a session that expires less than 30 minutes from now; we keep one spare minute. */
const STRIPE_MIN_SESSION_SECONDS = 31 * 60;

/**
 * A pending order too old for a new Stripe session: its session would outlive the order's payment
 * window. The caller cancels it and places the cart again (a new order, a new idempotency key).
 */
export class PaymentWindowClosedError extends Error {}

/**
 * The order's last Stripe session was completed with a payment method that settles later (a bank
 * debit): it is neither paid nor payable again until Stripe's `async_payment_succeeded` or
 * `async_payment_failed` arrives, so no new session is opened (issue 10 §2, decision 018).
 */
export class PaymentProcessingError extends Error {}

/** How long each Stripe session of a reservation's order covers, seconds (Stripe allows at most 24 h). */
const RESERVATION_SESSION_SLOT_SECONDS = 23 * 60 * 60;

/**
 * When the Stripe session opened now for a reservation's order expires, Unix seconds (decision
 * 018): the order's 5-day window is cut into 23-hour slots from its creation, and a session ends
 * at the end of the current slot (the next one when fewer than 31 minutes are left), never after
 * the payment deadline less the margin cart orders keep for a late webhook (PAYMENT_WINDOW_MINUTES −
 * STRIPE_SESSION_MINUTES = 10 minutes). Every request in the same slot sends the same `expiresAt`,
 * so Stripe's idempotency key `order-<id>-checkout-<expiresAt>-after-<previous session>` gives back
 * the same session.
 * @returns null when fewer than 31 minutes are left before that cap (no session can be opened).
 */
export function reservationSessionExpiresAt(order: Pick<Order, "createdAt" | "paymentDueAt">, nowMs: number): number | null {
  const created = Math.floor(order.createdAt.getTime() / 1000);
  const now = Math.floor(nowMs / 1000);
  let end = created + (Math.floor((now - created) / RESERVATION_SESSION_SLOT_SECONDS) + 1) * RESERVATION_SESSION_SLOT_SECONDS;
  if (end - now < STRIPE_MIN_SESSION_SECONDS) end += RESERVATION_SESSION_SLOT_SECONDS;
  const lastEnd = Math.floor(order.paymentDueAt.getTime() / 1000) - (PAYMENT_WINDOW_MINUTES - STRIPE_SESSION_MINUTES) * 60;
  const expiresAt = Math.min(end, lastEnd);
  return expiresAt - now < STRIPE_MIN_SESSION_SECONDS ? null : expiresAt;
}

/** When the order's Stripe session expires, Unix seconds: fixed at placing, so every retry sends the same request. */
export function stripeSessionExpiresAt(order: Pick<Order, "createdAt">): number {
  return Math.floor(order.createdAt.getTime() / 1000) + STRIPE_SESSION_MINUTES * 60;
}

let gatewayForTests: PaymentGateway | null | undefined;
let gateway: PaymentGateway | null | undefined;

/** Tests: use this gateway (or none, for the simulated page) instead of the configured one. */
export function usePaymentGatewayForTests(value: PaymentGateway | null | undefined): void {
  gatewayForTests = value;
}

/** The configured Stripe gateway, or null when no key is set (the simulated page then takes payments). */
export function paymentGateway(): PaymentGateway | null {
  if (gatewayForTests !== undefined) return gatewayForTests;
  if (gateway === undefined) {
    const stripe = getEnv().stripe;
    gateway = stripe ? createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret }) : null;
  }
  return gateway;
}

/** Whether the simulated payment page may be used: never in production (it would give goods away). */
export function simulatedPaymentAllowed(): boolean {
  return getEnv().nodeEnv !== "production";
}


/** The simulated payment page of an order. */
export function simulatedPaymentPath(order: Pick<Order, "confirmationNumber">): string {
  return `/checkout/payment?order=${order.confirmationNumber}`;
}

/** The confirmation page of an order. */
export function confirmationPath(order: Pick<Order, "confirmationNumber">): string {
  return `/checkout/confirmation?order=${order.confirmationNumber}`;
}

/**
 * Where the shopper goes to pay a pending order: Stripe's hosted page (a Checkout Session in CAD
 * whose line items are the pay-now parts: agency fees, boutique — each net of its lines' member
 * discount (Stripe takes no negative line) — and the taxes of the pay-now part, summing to
 * `payNowCents`; created once per order and reused), or the simulated page.
 * @param origin the shop's origin for Stripe's return and cancel addresses.
 * The order paying a reservation (issue 10 §2) lives 5 days: it gets a new session when the last
 * one expired ({@link reservationSessionExpiresAt}), and Stripe's Cancel leads back to the
 * reservation's page.
 * @throws PaymentUnavailableError when Stripe cannot be reached (the order stays pending);
 *   PaymentWindowClosedError when the order is too old for a new session; PaymentProcessingError
 *   when a reservation's last session is complete but its payment not settled yet.
 */
export async function paymentUrl(db: Database, order: Order, origin: string): Promise<string> {
  const stripe = paymentGateway();
  if (order.paymentProvider !== "stripe" || !stripe) return simulatedPaymentPath(order);
  const reservation = await reservationPaidBy(db, order.id);
  let expiresAt = stripeSessionExpiresAt(order);
  let idempotencyKey: string | undefined;
  let cancelUrl = `${origin}/checkout/payment?order=${order.confirmationNumber}&cancelled=1`;
  if (reservation) {
    // A reservation's order outlives a Stripe session (decision 018): reuse the session while it
    // is open, finish the order if it was paid, else open the next one.
    if (order.stripeSessionId && order.stripeSessionUrl) {
      const current = await stripe.retrieveCheckoutSession(order.stripeSessionId);
      if (current?.status === "open") return order.stripeSessionUrl;
      if (current?.paymentStatus === "paid") {
        await finishPaidOrder(db, order.id, origin);
        return confirmationPath(order);
      }
      // Completed with a payment that settles later: a new session could take the money twice.
      if (current?.status === "complete") throw new PaymentProcessingError(order.orderNumber);
    }
    const slot = reservationSessionExpiresAt(order, Date.now());
    if (slot === null) throw new PaymentWindowClosedError(order.orderNumber);
    expiresAt = slot;
    // One key per slot and per session given up: a retry gets the same session back, a session
    // expired or cancelled early is followed by a new one.
    idempotencyKey = `order-${order.id}-checkout-${slot}-after-${order.stripeSessionId ?? "none"}`;
    cancelUrl = `${origin}${reservationPaymentPath(reservation.id)}`;
  } else if (order.stripeSessionUrl) {
    return order.stripeSessionUrl;
  }
  const details = await getOrderById(db, order.id);
  const t = translatorFor(order.locale);
  const payNowTaxes = (details?.taxLines ?? []).filter((t) => t.part === "PAY_NOW" && t.amountCents > 0);
  const discountOf = (section: "AGENCY" | "SHOP") =>
    (details?.lines ?? []).filter((l) => l.section === section).reduce((sum, l) => sum + l.memberDiscountCents, 0);
  const lineItems = [
    { name: t("payment.lineItems.agencyFees"), amountCents: order.agencyFeesCents - discountOf("AGENCY") },
    { name: t("payment.lineItems.boutique"), amountCents: order.boutiqueCents - discountOf("SHOP") },
    ...payNowTaxes.map((tax) => ({ name: t(`payment.lineItems.${tax.code}`), amountCents: tax.amountCents })),
  ].filter((item) => item.amountCents > 0);
  if (expiresAt - Date.now() / 1000 < STRIPE_MIN_SESSION_SECONDS) throw new PaymentWindowClosedError(order.orderNumber);
  const session = await stripe.createCheckoutSession({
    orderId: order.id,
    orderNumber: order.orderNumber,
    email: order.email,
    locale: order.locale,
    lineItems,
    successUrl: `${origin}/checkout/confirmation?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl,
    expiresAt,
    idempotencyKey,
  });
  await attachStripeSession(db, order.id, session);
  return session.url;
}

/**
 * Marks an order paid (idempotent) and, when this call made the transition, writes its e-mails to
 * the outbox in the same transaction (decision 027): a crash after the commit loses none, and a
 * repeated completion writes none. Every payment path calls it.
 * @returns the order after the call, or null when there is no such order.
 */
export async function finishPaidOrder(db: Database, orderId: number, origin: string): Promise<Order | null> {
  const result = await completeOrderPayment(db, orderId, new Date(), (tx, order) => writeOrderMails(tx, order, origin));
  if (!result) return null;
  if (result.transitioned) console.log(`payment: order ${result.order.orderNumber} paid (${result.order.paymentProvider})`);
  return result.order;
}

/**
 * Writes the order's e-mails (confirmation, and "reservations received" when it has any, each with
 * the agency in copy) to the outbox, in the caller's transaction `tx`: for an order just paid
 * ({@link finishPaidOrder}) or confirmed when placed (nothing due now).
 * @param origin the shop's origin, for the confirmation link.
 */
export async function writeOrderMails(tx: Tx, order: Order, origin: string): Promise<void> {
  const details = await getOrderById(tx, order.id);
  if (!details) return;
  const t = translatorFor(order.locale);
  await enqueueOrderMails(
    tx,
    {
      ...details,
      boutiqueName: order.boutiqueCode ? t(`inventories.${order.boutiqueCode}`) : null,
      confirmationUrl: `${origin}${confirmationPath(order)}`,
    },
    getEnv().mail.agencyEmail,
  );
}

/**
 * Cancels a pending order and gives its stock back (the shopper's Cancel; an older order of a
 * cart placed again). A Stripe order's session is expired first so it can no longer be paid; when
 * Stripe says it was paid meanwhile, the order is completed instead. The order paying a reservation
 * stays pending ("kept") until its window ends: only its session is given up.
 * @returns what the order became.
 * @throws PaymentUnavailableError when Stripe cannot be reached (nothing changed).
 */
export async function cancelPendingOrder(db: Database, order: Order, origin: string): Promise<"cancelled" | "paid" | "kept"> {
  const stripe = paymentGateway();
  if (order.paymentProvider === "stripe" && order.stripeSessionId && stripe) {
    const session = await stripe.expireCheckoutSession(order.stripeSessionId);
    if (session?.paymentStatus === "paid") {
      await finishPaidOrder(db, order.id, origin);
      return "paid";
    }
  }
  // The order paying a reservation is kept for its 5-day window (decision 018).
  return (await cancelOrder(db, order.id)) === "kept" ? "kept" : "cancelled";
}
