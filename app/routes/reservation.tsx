/**
 * /reservations/:token (docs/product.md#reservations reservation, 5-day window; docs/decisions/018):
 * the payment link e-mailed when staff marks a reservation available. The token is signed, so the
 * page works for a guest and cannot be guessed; a bad token answers 404. It shows the reservation,
 * the amount due now and the deadline; when the reservation's order had no pick-up place it first
 * asks for the branch (private import, searchable list) or the boutique (shop). "Payer" goes
 * through the checkout's payment path (Stripe Checkout, or the simulated page), which marks the
 * order and the reservation PAID. Every form is a POST with a 303 and works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { shopOrigin } from "~/http/shop-origin.server";
import type { LayoutHandle } from "~/layout/page-layout";
import { searchBranches } from "~/orders/branches.server";
import { confirmationPath, startOrderPayment } from "~/orders/payment.server";
import { deliverySchema } from "~/orders/pickup";
import { readReservationToken } from "~/orders/reservation-token.server";
import { chooseReservationPickup, getReservationPayment } from "~/reservations/reservations.server";
import { type ReservationPageActionData, ReservationPaymentPage } from "~/reservations/ui/reservation-payment-page";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/reservation";

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

/** Drawn in the checkout's focused frame: its own header, the minimal footer (docs/decisions/044-order-e-mails.md). */
export const handle = { layout: "checkout" } satisfies LayoutHandle;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "checkout");
}

async function findReservation(db: Parameters<typeof getReservationPayment>[0], token: string) {
  const id = readReservationToken(token);
  const found = id === null ? null : await getReservationPayment(db, id);
  if (!found) throw data(null, { status: 404 });
  return found;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { view } = await findReservation(shop.db, params.token);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim();
  const branches = view.needs.branch ? await searchBranches(shop.db, view.province, query) : [];
  return {
    title: shop.t("reservations.page.title"),
    view,
    path: url.pathname,
    query,
    branches: branches.map((b) => ({ id: b.id, name: b.name, street: b.street, city: b.city, postalCode: b.postalCode })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  await enforceRateLimit("checkout", context.get(requestContext).clientAddress);
  const { reservation, order, view } = await findReservation(shop.db, params.token);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!order || order.status !== "PENDING_PAYMENT") {
    if (order && (order.status === "PAID" || order.status === "CONFIRMED")) throw redirect(confirmationPath(order), 303);
    return data<ReservationPageActionData>({ intent: null, result: undefined, error: "closed" }, { status: 409 });
  }
  if (intent === "delivery") {
    const submission = parseWithZod(formData, { schema: deliverySchema(view.needs) });
    if (submission.status !== "success")
      return data<ReservationPageActionData>({ intent: "delivery", result: submission.reply() }, { status: 400 });
    const chosen = await chooseReservationPickup(shop.db, reservation, submission.value);
    if (!chosen) {
      return data<ReservationPageActionData>(
        {
          intent: "delivery",
          result: submission.reply({
            fieldErrors: reservation.byCase
              ? { branchId: ["checkout.errors.branchRequired"] }
              : { boutiqueCode: ["checkout.errors.boutiqueRequired"] },
          }),
        },
        { status: 400 },
      );
    }
    throw redirect(new URL(request.url).pathname, 303);
  }
  if (intent !== "pay")
    return data<ReservationPageActionData>({ intent: null, result: undefined, error: "unknownIntent" }, { status: 400 });
  if (view.needs.branch || view.needs.boutique) {
    return data<ReservationPageActionData>({ intent: "pay", result: undefined, error: "pickupMissing" }, { status: 400 });
  }
  const step = await startOrderPayment(shop.db, order, shopOrigin(request));
  switch (step.kind) {
    case "redirect":
      throw redirect(step.url, 303);
    case "window-closed":
      return data<ReservationPageActionData>({ intent: "pay", result: undefined, error: "windowClosing" }, { status: 409 });
    case "processing":
      return data<ReservationPageActionData>({ intent: "pay", result: undefined, error: "processing" }, { status: 409 });
    case "unavailable":
      return data<ReservationPageActionData>({ intent: "pay", result: undefined, error: "paymentUnavailable" }, { status: 503 });
  }
}

export default function Reservation({ loaderData, actionData }: Route.ComponentProps) {
  return <ReservationPaymentPage {...loaderData} actionData={actionData} />;
}
