/**
 * Paying an order through the payment port (docs/product.md#orders-and-payment Orders and payment;
 * docs/decisions/032): the provider the order was started with (app/payment/registry.server.ts)
 * opens its page, and whatever the path — the provider's return page, its webhook, the shop's own
 * payment page — an order becomes PAID through {@link finishPaidOrder}, which calls the one
 * idempotent `completeOrderPayment` and writes the e-mails to the outbox in the transaction that
 * made the transition (decision 027). Every function answers a value, never an exception to catch:
 * a provider that cannot be reached is `{ kind: "unavailable" }`.
 */
import type { Database } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { translatorFor } from "~/i18n/translator";
import { currentOrderPayment, paymentByReference, recordOrderPayment, setPaymentStatus } from "~/payment/payments.server";
import type { PaymentProvider, PaymentWebhookOutcome, Unavailable } from "~/payment/provider";
import { paymentProviderNamed, paymentProviders, simulatedPaymentAllowed } from "~/payment/registry.server";
import type { Locale } from "~/vocabulary";
import { mailPhotosOfChannels } from "./order-line-images.server";
import { enqueueOrderMails } from "./order-mail.server";
import {
  cancelOrder,
  completeOrderPayment,
  getOrderById,
  type Order,
  PAYMENT_WINDOW_MINUTES,
  reservationPaidBy,
  STRIPE_SESSION_MINUTES,
  type Tx,
} from "./orders.server";
import { reservationPaymentPath } from "./reservation-token.server";

/** Stripe refuses a session that expires less than 30 minutes from now; we keep one spare minute. */
const STRIPE_MIN_SESSION_SECONDS = 31 * 60;

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

/** The simulated payment page of an order. */
export function simulatedPaymentPath(order: Pick<Order, "confirmationNumber">): string {
  return `/checkout/payment?order=${order.confirmationNumber}`;
}

/** The confirmation page of an order. */
export function confirmationPath(order: Pick<Order, "confirmationNumber">): string {
  return `/checkout/confirmation?order=${order.confirmationNumber}`;
}

/** What paying a pending order leads to. */
export type OrderPaymentStep =
  /** Send the shopper there: the provider's page, the shop's own page, or the confirmation when it was paid meanwhile. */
  | { kind: "redirect"; url: string }
  /** Too old for a new payment page: its page would outlive the order's payment window. */
  | { kind: "window-closed" }
  /** A reservation's last page was completed with a payment that settles later (a bank debit): neither paid nor payable again yet (decision 018). */
  | { kind: "processing" }
  | Unavailable;

/** The provider an order is paid with: the one it was started with, else the shop's own page when allowed; null in production without it. */
function providerOf(order: Pick<Order, "paymentProvider">): PaymentProvider | null {
  return paymentProviderNamed(order.paymentProvider) ?? paymentProviders().find((provider) => provider.paysOnShopPage) ?? null;
}

/**
 * Where the shopper goes to pay a pending order: the provider's page (for Stripe a Checkout
 * Session in CAD whose line items are the pay-now parts: agency fees, boutique — each net of its
 * lines' member discount (Stripe takes no negative line) — and the taxes of the pay-now part,
 * summing to `payNowCents`; recorded in the payments table and reused while open), or the shop's
 * own page (the simulated provider).
 * The order paying a reservation lives 5 days: it gets a new page when the last one
 * expired ({@link reservationSessionExpiresAt}), and the provider's Cancel leads back to the
 * reservation's page.
 * @param origin the shop's origin for the provider's return and cancel addresses.
 * @returns the redirect, or why there is none: window-closed, processing, unavailable (the order
 *   stays pending).
 */
export async function startOrderPayment(db: Database, order: Order, origin: string): Promise<OrderPaymentStep> {
  const provider = providerOf(order);
  if (!provider) return { kind: "redirect", url: simulatedPaymentPath(order) };
  const reservation = provider.paysOnShopPage ? null : await reservationPaidBy(db, order.id);
  const current = provider.paysOnShopPage ? null : await currentOrderPayment(db, order.id);
  let expiresAt = stripeSessionExpiresAt(order);
  let idempotencyKey: string | undefined;
  let cancelUrl = `${origin}/checkout/payment?order=${order.confirmationNumber}&cancelled=1`;
  if (reservation) {
    // A reservation's order outlives a provider's page (decision 018): reuse the page while it is
    // open, finish the order if it was paid, else open the next one.
    if (current?.status === "OPEN" && current.redirectUrl) {
      const state = await provider.status(current.externalReference);
      if (state.kind === "unavailable") return logged(order, state);
      if (state.kind === "found" && state.status === "open") return { kind: "redirect", url: current.redirectUrl };
      if (state.kind === "found" && state.paid) {
        await finishPaidOrder(db, order.id, origin);
        return { kind: "redirect", url: confirmationPath(order) };
      }
      // Completed with a payment that settles later: a new page could take the money twice.
      if (state.kind === "found" && state.status === "complete") return { kind: "processing" };
    }
    const slot = reservationSessionExpiresAt(order, Date.now());
    if (slot === null) return { kind: "window-closed" };
    expiresAt = slot;
    // One key per slot and per page given up: a retry gets the same page back, a page expired or
    // cancelled early is followed by a new one.
    idempotencyKey = `order-${order.id}-checkout-${slot}-after-${current?.externalReference ?? "none"}`;
    cancelUrl = `${origin}${reservationPaymentPath(reservation.id)}`;
  } else if (current?.status === "OPEN" && current.redirectUrl) {
    return { kind: "redirect", url: current.redirectUrl };
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
  if (!provider.paysOnShopPage && expiresAt - Date.now() / 1000 < STRIPE_MIN_SESSION_SECONDS) return { kind: "window-closed" };
  const started = await provider.start({
    orderId: order.id,
    orderNumber: order.orderNumber,
    email: order.email,
    locale: order.locale,
    lineItems,
    returnUrl: `${origin}/checkout/confirmation`,
    cancelUrl,
    shopPaymentPath: simulatedPaymentPath(order),
    expiresAt,
    idempotencyKey,
  });
  if (started.kind === "unavailable") return logged(order, started);
  if (started.reference !== null) {
    await recordOrderPayment(db, {
      orderId: order.id,
      provider: provider.name,
      reference: started.reference,
      redirectUrl: started.kind === "redirect" ? started.url : null,
      amountCents: lineItems.reduce((sum, item) => sum + item.amountCents, 0),
    });
  }
  if (started.kind === "paid") {
    await finishPaidOrder(db, order.id, origin);
    return { kind: "redirect", url: confirmationPath(order) };
  }
  return { kind: "redirect", url: started.url };
}

/**
 * Whether the shop's payment page (/checkout/payment) exists for an order: for one paid at a
 * provider's own page (its Cancel lands there) and, outside production, for every other (the
 * simulated provider takes the payment there).
 */
export function shopPaymentPageServes(order: Pick<Order, "paymentProvider">): boolean {
  return simulatedPaymentAllowed() || paymentProviderNamed(order.paymentProvider)?.paysOnShopPage === false;
}

/**
 * "Pay" on the shop's payment page: a provider paid there (the simulated one) completes the order
 * through the one completion; another sends the shopper to its page again ({@link startOrderPayment}).
 * @returns the step, or "failed" when the order could not be completed.
 */
export async function payFromShopPage(db: Database, order: Order, origin: string): Promise<OrderPaymentStep | { kind: "failed" }> {
  if (!providerOf(order)?.paysOnShopPage) return startOrderPayment(db, order, origin);
  const paid = await finishPaidOrder(db, order.id, origin);
  return paid ? { kind: "redirect", url: confirmationPath(paid) } : { kind: "failed" };
}

/** Logs a provider that could not be reached (no personal data: the order number and the provider's reason). */
function logged(order: Pick<Order, "orderNumber" | "paymentProvider">, outcome: Unavailable): Unavailable {
  console.error(`payment: ${order.paymentProvider} unavailable for order ${order.orderNumber}: ${outcome.reason}`);
  return outcome;
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
  const locale: Locale = order.locale.startsWith("en") ? "en-US" : "fr-CA";
  await enqueueOrderMails(
    tx,
    {
      ...details,
      boutiqueName: order.boutiqueCode ? t(boutiqueNameKey(order.boutiqueCode)) : null,
      confirmationUrl: `${origin}${confirmationPath(order)}`,
      lineImages: await mailPhotosOfChannels(
        tx,
        details.lines.map((l) => l.productInventoryId),
        locale,
        origin,
      ),
    },
    getEnv().mail.agencyEmail,
  );
}

/**
 * Cancels a pending order and gives its stock back (the shopper's Cancel; an older order of a
 * cart placed again). The order's page at its provider is closed first so it can no longer be
 * paid; when the provider says it was paid meanwhile, the order is completed instead. The order
 * paying a reservation stays pending ("kept") until its window ends: only its page is given up.
 * @returns what the order became, or "unavailable" when the provider cannot be reached (nothing changed).
 */
export async function cancelPendingOrder(
  db: Database,
  order: Order,
  origin: string,
): Promise<"cancelled" | "paid" | "kept" | "unavailable"> {
  const closed = await closeProviderPage(db, order, origin);
  if (closed === "unavailable" || closed === "paid") return closed;
  // The order paying a reservation is kept for its 5-day window (decision 018).
  return (await cancelOrder(db, order.id)) === "kept" ? "kept" : "cancelled";
}

/** Closes the order's current page at its provider; completes the order when it was paid meanwhile. */
async function closeProviderPage(db: Database, order: Order, origin: string): Promise<"closed" | "paid" | "none" | "unavailable"> {
  const provider = paymentProviderNamed(order.paymentProvider);
  const current = provider ? await currentOrderPayment(db, order.id) : null;
  if (!provider || !current) return "none";
  const cancelled = await provider.cancel(current.externalReference);
  if (cancelled.kind === "unavailable") {
    logged(order, cancelled);
    return "unavailable";
  }
  if (cancelled.kind === "paid") {
    await finishPaidOrder(db, order.id, origin);
    return "paid";
  }
  return "closed";
}

/**
 * Closes the page of a reservation's pending payment order before staff cancels the reservation
 * (decision 018): "paid" when the provider says it was paid meanwhile (the order is completed).
 */
export async function expireOrderPayment(
  db: Database,
  orderId: number,
  origin: string,
): Promise<{ kind: "closed" | "paid" | "none" } | Unavailable> {
  const found = await getOrderById(db, orderId);
  if (found?.order.status !== "PENDING_PAYMENT") return { kind: "none" };
  const closed = await closeProviderPage(db, found.order, origin);
  return closed === "unavailable" ? { kind: "unavailable", reason: "provider unavailable" } : { kind: closed };
}

/**
 * Applies a provider's verified webhook about an order's payment (the same completion as the
 * return page): paid completes the order, expired or failed cancels it (its stock returns; a
 * reservation's order only gives its page up). Only the order's current payment counts (a test
 * account of a provider may serve several shops; an older page of a reservation's order is over).
 * Idempotent: a replayed event changes nothing.
 * @returns "applied", or "ignored" for a payment the shop does not know as the order's current one.
 */
export async function applyPaymentWebhook(
  db: Database,
  provider: PaymentProvider,
  event: Extract<PaymentWebhookOutcome, { kind: "payment" }>,
  origin: string,
): Promise<"applied" | "ignored"> {
  const orderId = await currentPaymentOrder(db, provider, event.reference, event.orderId);
  if (orderId === null) return "ignored";
  if (event.result === "paid") await finishPaidOrder(db, orderId, origin);
  else if (event.result === "expired" || event.result === "failed") await cancelOrder(db, orderId);
  return "applied";
}

/** The order whose current payment this is (the provider's record naming the same order), or null. */
async function currentPaymentOrder(
  db: Database,
  provider: PaymentProvider,
  reference: string,
  orderId: number | null,
): Promise<number | null> {
  if (orderId === null) return null;
  const payment = await paymentByReference(db, provider.name, reference);
  if (!payment || payment.orderId !== orderId) return null;
  const current = await currentOrderPayment(db, orderId);
  return current?.id === payment.id ? orderId : null;
}

/**
 * The shop's return page after a provider's page (Stripe's `?session_id=`): the payment is read at
 * its provider and, when paid, the order completed through the one idempotent function.
 * @returns the confirmation to redirect to; "not-found" for a reference the shop does not know as
 *   an order's current payment; "none" when no provider's reference is in the URL; unavailable.
 */
export async function completeReturnedPayment(
  db: Database,
  params: URLSearchParams,
  origin: string,
): Promise<{ kind: "redirect"; path: string } | { kind: "not-found" } | { kind: "none" } | Unavailable> {
  for (const provider of paymentProviders()) {
    const reference = provider.returnReference(params);
    if (!reference) continue;
    const state = await provider.status(reference);
    if (state.kind === "unavailable") return state;
    const orderId = state.kind === "found" ? await currentPaymentOrder(db, provider, reference, state.orderId) : null;
    const found = orderId !== null ? await getOrderById(db, orderId) : null;
    if (state.kind !== "found" || !found) return { kind: "not-found" };
    if (state.paid) {
      const paid = await finishPaidOrder(db, found.order.id, origin);
      return { kind: "redirect", path: confirmationPath(paid ?? found.order) };
    }
    // A payment that settles later (a bank debit) still processing: the webhook completes it later.
    return { kind: "redirect", path: confirmationPath(found.order) };
  }
  return { kind: "none" };
}

/**
 * Refunds an order's payment through the provider that took it (decision 019), when
 * it was taken at one keeping a reference (the payments table); an order paid on the shop's own
 * page has nothing to refund there. The payment row is marked REFUNDED with the provider's refund id.
 * @returns "refunded" with the refund's reference (null when no money moved through a provider),
 *   or "failed" (the provider is not configured, refused, or could not be reached: nothing changed).
 */
export async function refundOrderPayment(
  db: Database,
  order: Pick<Order, "id" | "orderNumber">,
): Promise<{ kind: "refunded"; reference: string | null } | { kind: "failed" }> {
  const payment = await currentOrderPayment(db, order.id);
  if (!payment) return { kind: "refunded", reference: null };
  const provider = paymentProviderNamed(payment.provider);
  if (!provider) {
    console.error(`fulfilment: order ${order.orderNumber} was paid with ${payment.provider}, which is not configured; not refunded`);
    return { kind: "failed" };
  }
  const refunded = await provider.refund({ orderId: order.id, reference: payment.externalReference });
  if (refunded.kind !== "refunded") {
    console.error(`fulfilment: ${provider.name} refund of order ${order.orderNumber} failed (${refunded.reason})`);
    return { kind: "failed" };
  }
  await setPaymentStatus(db, payment.id, "REFUNDED", refunded.reference);
  return refunded;
}

/**
 * How an order's money was taken, for the staff's page: whether a refund goes back through the
 * provider (a payment recorded at one that moves money) and that refund's reference once made.
 */
export async function orderPaymentRecord(
  db: Database,
  orderId: number,
): Promise<{ refundThroughProvider: boolean; refundReference: string | null }> {
  const payment = await currentOrderPayment(db, orderId);
  if (!payment) return { refundThroughProvider: false, refundReference: null };
  return { refundThroughProvider: paymentProviderNamed(payment.provider)?.refundsMoney ?? true, refundReference: payment.refundReference };
}
