/**
 * /checkout/payment?order=… (issue 7 §3): where the shopper pays a pending order. Without Stripe
 * keys it is the local simulated payment page — the amount, 'Payer' and 'Annuler' — answering 404
 * in production; with Stripe it is where Stripe's Cancel lands: pay again on Stripe, or cancel.
 * Pay completes the order through the same function as Stripe's webhook; Cancel cancels the
 * pending order (its stock returns) and goes back to step 3 with the cart intact.
 */
import { noStoreHeaders } from "~/http/cache-headers";
import { shopOrigin } from "~/http/shop-origin.server";
import { data, redirect } from "react-router";
import { getOrderByConfirmation } from "~/checkout/orders.server";
import {
  PaymentWindowClosedError,
  cancelPendingOrder,
  confirmationPath,
  finishPaidOrder,
  paymentUrl,
  simulatedPaymentAllowed,
} from "~/checkout/payment.server";
import { PaymentPage } from "~/checkout/ui/payment-page";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { PaymentUnavailableError } from "~/payment/stripe.server";
import type { Route } from "./+types/checkout.payment";
import { privatePageMeta, siteOf } from "~/seo/page-meta";

/** Title, description, `noindex` (issue 9 §9). */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "checkout");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

async function findOrder(request: Request, db: Parameters<typeof getOrderByConfirmation>[0]) {
  const confirmation = new URL(request.url).searchParams.get("order") ?? "";
  const found = await getOrderByConfirmation(db, confirmation);
  // The simulated page does not exist in production; a Stripe order may land here from Stripe's Cancel.
  if (!found || (found.order.paymentProvider !== "stripe" && !simulatedPaymentAllowed())) throw data(null, { status: 404 });
  return found.order;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const order = await findOrder(request, shop.db);
  if (order.status === "PAID" || order.status === "CONFIRMED") throw redirect(confirmationPath(order));
  return {
    title: shop.t("payment.title"),
    status: order.status,
    provider: order.paymentProvider,
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
    try {
      const outcome = await cancelPendingOrder(shop.db, order, origin);
      throw redirect(outcome === "paid" ? confirmationPath(order) : "/checkout?step=3", 303);
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
      return data({ error: "paymentUnavailable" as const }, { status: 503 });
    }
  }
  if (form.get("intent") !== "pay" || order.status !== "PENDING_PAYMENT") {
    return data({ error: "paymentFailed" as const }, { status: 400 });
  }
  if (order.paymentProvider === "stripe") {
    try {
      throw redirect(await paymentUrl(shop.db, order, origin), 303);
    } catch (error) {
      if (error instanceof PaymentWindowClosedError) {
        // Too late for a new session: the order is given up; placing again starts afresh.
        await cancelPendingOrder(shop.db, order, origin);
        throw redirect("/checkout?step=3", 303);
      }
      if (!(error instanceof PaymentUnavailableError)) throw error;
      return data({ error: "paymentUnavailable" as const }, { status: 503 });
    }
  }
  const paid = await finishPaidOrder(shop.db, order.id, origin);
  if (!paid) return data({ error: "confirmationFailed" as const }, { status: 500 });
  throw redirect(confirmationPath(paid), 303);
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentPage data={loaderData} error={actionData?.error} />;
}
