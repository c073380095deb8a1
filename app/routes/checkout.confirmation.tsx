/**
 * /checkout/confirmation (SPEC §2 order confirmation): `?order=<confirmation number>`
 * shows what was paid, what is due at the SAQ/LCBO, the branch or boutique and the reservations,
 * with a button to the account (customer) or to create one (guest, e-mail pre-filled).
 * `?session_id=` is Stripe's return: the session is retrieved, the order completed through the
 * one idempotent function, then the page redirects to `?order=`.
 */
import { data, redirect } from "react-router";
import { accountAskedWith } from "~/accounts/guest-orders.server";
import { ConfirmationPage } from "~/checkout/ui/confirmation-page";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { shopOrigin } from "~/http/shop-origin.server";
import { getOrderByConfirmation } from "~/orders/orders.server";
import { completeReturnedPayment, simulatedPaymentPath } from "~/orders/payment.server";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/checkout.confirmation";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data && "title" in data ? data.title : undefined, "checkout");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  // A provider's return (Stripe's `?session_id=`): the order is completed when paid, then shown by `?order=`.
  const returned = await completeReturnedPayment(shop.db, url.searchParams, shopOrigin(request));
  if (returned.kind === "redirect") throw redirect(returned.path);
  if (returned.kind === "not-found") throw data(null, { status: 404 });
  if (returned.kind === "unavailable") return { failed: true as const, title: shop.t("confirmation.title") };
  const found = await getOrderByConfirmation(shop.db, url.searchParams.get("order") ?? "");
  if (!found) throw data(null, { status: 404 });
  const { order, lines, reservations } = found;
  return {
    failed: false as const,
    title: shop.t("confirmation.title"),
    order: {
      orderNumber: order.orderNumber,
      confirmationNumber: order.confirmationNumber,
      status: order.status,
      province: order.province,
      email: order.email,
      firstName: order.firstName,
      branchLabel: order.branchLabel,
      boutiqueCode: order.boutiqueCode,
      payNowCents: order.payNowCents,
      payAtLiquorBoardCents: order.payAtLiquorBoardCents,
      totalCents: order.totalCents,
      // The same for a created account and one the e-mail already had (docs/decisions/031).
      isCustomer: accountAskedWith(order),
      paymentPath: order.status === "PENDING_PAYMENT" ? simulatedPaymentPath(order) : null,
    },
    lines: lines.map((l) => ({ id: l.id, section: l.section, name: l.productName, vintage: l.vintage, quantity: l.quantity, uvc: l.uvc })),
    reservations: reservations.map((r) => ({ id: r.id, name: r.productName, quantity: r.quantity, byCase: r.byCase, bottles: r.bottles })),
  };
}

export default function Confirmation({ loaderData }: Route.ComponentProps) {
  return <ConfirmationPage data={loaderData} />;
}
