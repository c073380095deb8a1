/**
 * /checkout/confirmation (docs/product.md#orders-and-payment order confirmation): `?order=<confirmation number>`
 * shows what was paid, what is due at the SAQ/LCBO, the branch or boutique and the reservations,
 * with a button to the account (customer) or to create one (guest, e-mail pre-filled). The page is
 * found by its confirmation number alone (50 random bits, the link of the confirmation e-mail;
 * decision 008); the invoice's link is given only to its owner, logged in (the invoice route checks
 * it again; docs/decisions/044-order-e-mails.md).
 * `?session_id=` is Stripe's return: the session is retrieved, the order completed through the
 * one idempotent function, then the page redirects to `?order=`.
 */
import { data, redirect } from "react-router";
import { accountAskedWith } from "~/accounts/guest-orders.server";
import { hasInvoice, invoicePath, lineView } from "~/accounts/order-history.server";
import { ConfirmationPage } from "~/checkout/ui/confirmation-page";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { shopOrigin } from "~/http/shop-origin.server";
import type { LayoutHandle } from "~/layout/page-layout";
import { getOrderByConfirmation } from "~/orders/orders.server";
import { completeReturnedPayment, simulatedPaymentPath } from "~/orders/payment.server";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { readUser } from "~/users/users.server";
import type { Route } from "./+types/checkout.confirmation";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data && "title" in data ? data.title : undefined, "checkout");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

/** Drawn in the checkout's focused frame: its own header, the minimal footer (docs/decisions/044-order-e-mails.md). */
export const handle = { layout: "checkout" } satisfies LayoutHandle;

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
  const viewer = order.customerId === null ? null : await readUser(shop.db, request);
  const ownInvoice = viewer !== null && viewer.id === order.customerId && hasInvoice(order);
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
      // Only for the order's customer, logged in: the invoice route answers 404 to anyone else.
      invoicePath: ownInvoice ? invoicePath(order.orderNumber) : null,
    },
    // The charged lines (RESERVED ones are the reservations below), amounts before taxes.
    lines: lines
      .filter((l): l is typeof l & { section: "AGENCY" | "SHOP" } => l.section !== "RESERVED")
      .map((l) => ({ ...lineView(l), inventoryCode: l.inventoryCode })),
    reservations: reservations.map((r) => ({ id: r.id, name: r.productName, quantity: r.quantity, byCase: r.byCase, bottles: r.bottles })),
  };
}

export default function Confirmation({ loaderData }: Route.ComponentProps) {
  return <ConfirmationPage data={loaderData} />;
}
