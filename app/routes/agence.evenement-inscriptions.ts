/**
 * /agence/evenements/:id/inscriptions.csv (docs/decisions/050-member-events.md): the members
 * registered at an event, as a CSV file to download (headers in the staff's language). Staff only
 * (404 otherwise, and for an unknown event); never cached.
 */
import { data } from "react-router";
import { requireStaff } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { memberEventIdOf } from "~/member-events/member-event-forms";
import { listRegistrants, readStaffMemberEvent } from "~/member-events/member-events.server";
import { registrationsCsv } from "~/member-events/registrations-csv.server";
import type { Route } from "./+types/agence.evenement-inscriptions";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const eventId = memberEventIdOf(params.id);
  if (eventId === null || !(await readStaffMemberEvent(shop.db, eventId))) throw data(null, { status: 404 });
  const csv = registrationsCsv(await listRegistrants(shop.db, eventId), {
    lastName: shop.t("memberEvents.csv.lastName"),
    firstName: shop.t("memberEvents.csv.firstName"),
    email: shop.t("memberEvents.csv.email"),
    phone: shop.t("memberEvents.csv.phone"),
    registeredAt: shop.t("memberEvents.csv.registeredAt"),
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="evenement-${eventId}-inscriptions.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
