/**
 * /agence/reservations (docs/product.md#reservations reservation and pre-orders; docs/decisions/018): the
 * agency's list of reservation requests, filtered by status, province and product (name or puid)
 * in the URL, newest first, paged, with each product inventory's current stock. A REQUESTED row
 * is marked available (with the bottles received) or cancelled; an AVAILABLE one can be cancelled.
 * A change succeeds with a 303 back to the same list; a refused form answers 400 with its errors,
 * a stale one 409 with the current state shown. Staff only (404 for anyone else).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { shopOrigin } from "~/http/shop-origin.server";
import { parseReservationsFilter, StaffReservationSchema } from "~/reservations/reservation-forms";
import { cancelReservation, listReservations, markReservationAvailable } from "~/reservations/reservations.server";
import { ReservationsList, type StaffReservationActionData } from "~/reservations/ui/reservations-list";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.reservations";

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const filter = parseReservationsFilter(new URL(request.url).searchParams);
  const { items, pagination } = await listReservations(shop.db, filter);
  return { title: shop.t("reservations.staff.title"), filter, items, pagination };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: StaffReservationSchema });
  const posted = Number(formData.get("reservationId"));
  const reservationId = Number.isSafeInteger(posted) ? posted : null;
  if (submission.status !== "success") {
    return data<StaffReservationActionData>({ reservationId, result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  const origin = shopOrigin(request);
  const outcome =
    input.intent === "available"
      ? await markReservationAvailable(shop.db, {
          staff,
          reservationId: input.reservationId,
          bottlesReceived: input.bottlesReceived,
          origin,
        })
      : await cancelReservation(shop.db, { staff, reservationId: input.reservationId, origin });
  if (outcome.ok) throw redirect(request.url, 303);
  switch (outcome.error) {
    case "unavailable":
      // The payment provider could not close the payment page before a cancel: nothing changed, try again later.
      return data<StaffReservationActionData>(
        { reservationId, result: submission.reply({ formErrors: ["reservations.errors.paymentUnavailable"] }) },
        { status: 503 },
      );
    case "not-found":
      return data<StaffReservationActionData>(
        { reservationId, result: submission.reply({ formErrors: ["reservations.errors.unknown"] }) },
        { status: 404 },
      );
    case "conflict":
      return data<StaffReservationActionData>(
        { reservationId, result: submission.reply({ formErrors: ["reservations.errors.conflict"] }), conflict: outcome.reservation.status },
        { status: 409 },
      );
    case "stock":
      return data<StaffReservationActionData>(
        {
          reservationId,
          result: submission.reply({ fieldErrors: { bottlesReceived: ["reservations.errors.stock"] } }),
          stock: { stock: outcome.stock, bottles: outcome.bottles },
        },
        { status: 400 },
      );
  }
}

export default function AgencyReservations({ loaderData, actionData }: Route.ComponentProps) {
  return <ReservationsList {...loaderData} actionData={actionData} />;
}
