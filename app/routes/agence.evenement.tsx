/**
 * /agence/evenements/:id (docs/decisions/050-member-events.md): one private event — its editor,
 * the members registered (and their CSV), and the button that cancels it. Staff only (404
 * otherwise, loader and action); rate-limited; never cached.
 *
 * POST forms, each with its `intent`:
 * - `save`: the values with the version the form was loaded with → 303 here (`?done=saved`);
 *   invalid (a past date, a capacity below the seats taken…) → 400 with the field errors and
 *   values kept; someone saved first → 409 with the current values beside the staff's own;
 * - `cancel-event` with the version → 303 (`?done=cancelled`); stale or already cancelled → 409.
 */
import { data } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { memberEventIdOf } from "~/member-events/member-event-forms";
import { answerMemberEventEditorPost, loadMemberEventEditor } from "~/member-events/member-event-pages.server";
import { MemberEventEditorPage } from "~/member-events/ui/member-event-editor";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.evenement";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const eventId = memberEventIdOf(params.id);
  if (eventId === null) throw data(null, { status: 404 });
  const page = await loadMemberEventEditor(shop, eventId, new URL(request.url));
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const eventId = memberEventIdOf(params.id);
  if (eventId === null) throw data(null, { status: 404 });
  return answerMemberEventEditorPost(shop, staff, eventId, await readFormData(request));
}

export default function AgencyEvent({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberEventEditorPage event={loaderData.event} done={loaderData.done} reply={actionData} />;
}
