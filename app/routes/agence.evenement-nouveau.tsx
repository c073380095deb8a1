/**
 * /agence/evenements/nouveau (docs/decisions/050-member-events.md): a new private event for the
 * members of a province. `save` creates it → 303 to its page; invalid → 400 with the field errors
 * and values kept. Staff only (404 otherwise); rate-limited; never cached.
 */
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { answerMemberEventEditorPost, loadMemberEventEditor } from "~/member-events/member-event-pages.server";
import { MemberEventEditorPage } from "~/member-events/ui/member-event-editor";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.evenement-nouveau";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  return (await loadMemberEventEditor(shop, null, new URL(request.url)))!;
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  return answerMemberEventEditorPost(shop, staff, null, await readFormData(request));
}

export default function AgencyNewEvent({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberEventEditorPage event={loaderData.event} done={loaderData.done} reply={actionData} />;
}
