/**
 * /account/events (docs/decisions/050-member-events.md; login required): the private events of the
 * customer's province still to come, and for a member the buttons to register and cancel. POST
 * `intent` register | unregister with `eventId` → 303 back here with a notice (registering twice
 * or cancelling what was not held also answers 303: nothing changes); refused → the reason on the
 * event (403 not a member, 409 full, cancelled or begun, 404 unknown or another province's).
 * Never cached.
 */
import { requireUser } from "~/accounts/auth.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { answerRegistrationPost, loadAccountEvents } from "~/member-events/member-event-pages.server";
import { MemberEventsPage } from "~/member-events/ui/member-events-page";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/account.events";

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "account");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  return loadAccountEvents(shop, user, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  await enforceRateLimit("form", `events:user:${user.id}`);
  return answerRegistrationPost(user, shop, await readFormData(request));
}

export default function AccountEvents({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberEventsPage isMember={loaderData.isMember} events={loaderData.events} done={loaderData.done} refusal={actionData} />;
}
