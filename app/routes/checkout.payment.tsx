/**
 * /checkout/payment?order=…: where the shopper pays a pending order. Without Stripe
 * keys it is the local simulated payment page — the amount, 'Payer' and 'Annuler' — answering 404
 * in production; with Stripe it is where Stripe's Cancel lands: pay again on Stripe, or cancel.
 * Pay completes the order through the same function as Stripe's webhook; Cancel cancels the
 * pending order (its stock returns) and goes back to step 3 with the cart intact. Anyone with the
 * link may pay; only whoever placed the order, or staff, may cancel it (docs/decisions/031).
 */
import { data, redirect } from "react-router";
import { mayCancelOrder } from "~/checkout/order-owner.server";
import { PaymentPage } from "~/checkout/ui/payment-page";
import { shopContext } from "~/context";
import type { Database } from "~/db/client.server";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { shopOrigin } from "~/http/shop-origin.server";
import type { LayoutHandle } from "~/layout/page-layout";
import { getOrderByConfirmation, type Order, reservationPaidBy } from "~/orders/orders.server";
import { cancelPendingOrder, confirmationPath, payFromShopPage, shopPaymentPageServes } from "~/orders/payment.server";
import { reservationPaymentPath } from "~/orders/reservation-token.server";
import { paysOnShopPage } from "~/payment/registry.server";
import { pickupMissing } from "~/reservations/reservations.server";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/checkout.payment";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "checkout");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

/** Drawn in the checkout's focused frame: its own header, the minimal footer (docs/decisions/044-order-e-mails.md). */
export const handle = { layout: "checkout", backTo: "cart" } satisfies LayoutHandle;

async function findOrder(request: Request, db: Parameters<typeof getOrderByConfirmation>[0]) {
  const confirmation = new URL(request.url).searchParams.get("order") ?? "";
  const found = await getOrderByConfirmation(db, confirmation);
  // The simulated page does not exist in production; an order paid at a provider's page may land here from its Cancel.
  if (!found || !shopPaymentPageServes(found.order)) throw data(null, { status: 404 });
  return found.order;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const order = await findOrder(request, shop.db);
  if (order.status === "PAID" || order.status === "CONFIRMED") throw redirect(confirmationPath(order));
  const pickup = await reservationPickupPath(shop.db, order);
  if (pickup) throw redirect(pickup);
  return {
    title: shop.t("payment.title"),
    status: order.status,
    simulated: paysOnShopPage(order.paymentProvider),
    orderNumber: order.orderNumber,
    payNowCents: order.payNowCents,
    payAtLiquorBoardCents: order.payAtLiquorBoardCents,
    province: order.province,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  await enforceRateLimit("checkout", context.get(requestContext).clientAddress);
  const order = await findOrder(request, shop.db);
  const form = await readFormData(request);
  const origin = shopOrigin(request);
  if (form.get("intent") === "cancel") {
    if (!(await mayCancelOrder(shop.db, request, order))) {
      // A reservation's order is never cancelled here anyway (decision 018): back to its page.
      const reservation = await reservationPaidBy(shop.db, order.id);
      if (reservation) throw redirect(reservationPaymentPath(reservation.id), 303);
      return data({ error: "cancelRefused" as const }, { status: 403 });
    }
    const outcome = await cancelPendingOrder(shop.db, order, origin);
    if (outcome === "unavailable") return data({ error: "paymentUnavailable" as const }, { status: 503 });
    throw redirect(await pathAfterCancel(shop.db, order, outcome), 303);
  }
  if (form.get("intent") !== "pay" || order.status !== "PENDING_PAYMENT") {
    return data({ error: "paymentFailed" as const }, { status: 400 });
  }
  const pickup = await reservationPickupPath(shop.db, order);
  if (pickup) throw redirect(pickup, 303);
  const step = await payFromShopPage(shop.db, order, origin);
  switch (step.kind) {
    case "redirect":
      throw redirect(step.url, 303);
    case "window-closed": {
      // Too late for a new page: a cart's order is given up (placing again starts afresh); a
      // reservation's order is kept, and its page says what is left to do.
      const outcome = await cancelPendingOrder(shop.db, order, origin);
      if (outcome === "unavailable") return data({ error: "paymentUnavailable" as const }, { status: 503 });
      throw redirect(await pathAfterCancel(shop.db, order, outcome), 303);
    }
    case "processing":
      // A reservation's last payment is still being settled: its page says so.
      throw redirect(await pathAfterCancel(shop.db, order, "kept"), 303);
    case "unavailable":
      return data({ error: "paymentUnavailable" as const }, { status: 503 });
    case "failed":
      return data({ error: "confirmationFailed" as const }, { status: 500 });
  }
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentPage data={loaderData} error={actionData?.error} />;
}

/**
 * The reservation's page when the order pays a reservation whose pick-up place (branch or
 * boutique) is not chosen yet: it is chosen there, before paying. Null otherwise.
 */
async function reservationPickupPath(db: Database, order: Order): Promise<string | null> {
  if (order.status !== "PENDING_PAYMENT") return null;
  const reservation = await reservationPaidBy(db, order.id);
  if (!reservation) return null;
  const missing = pickupMissing(reservation, order);
  return missing.branch || missing.boutique ? reservationPaymentPath(reservation.id) : null;
}

/**
 * Where Cancel leads: the confirmation when the payment went through meanwhile; the reservation's
 * page when the order pays a reservation (it is kept for its 5-day window, decision 018); the
 * checkout's last step otherwise (the cart is intact).
 */
async function pathAfterCancel(db: Database, order: Order, outcome: "cancelled" | "paid" | "kept"): Promise<string> {
  if (outcome === "paid") return confirmationPath(order);
  const reservation = outcome === "kept" ? await reservationPaidBy(db, order.id) : null;
  return reservation ? reservationPaymentPath(reservation.id) : "/checkout?step=3";
}
