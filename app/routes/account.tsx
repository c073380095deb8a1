/**
 * /account (docs/product.md#accounts customer area, login required): the overview — greeting, links
 * to the profile and the order history, the customer's subscriptions with status and renewal date,
 * and a cancel POST per running subscription (end of the paid period; 303 back here with a notice).
 * The navigation guard sends a visitor without a session to /login with this route as `redirect`.
 * Never cached.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireUser } from "~/accounts/auth.server";
import { AccountOverview } from "~/accounts/ui/account-overview";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { readMemberTastings } from "~/member-tastings/member-tastings.server";
import { AccountTastings } from "~/member-tastings/ui/account-tastings";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { CancelSubscriptionSchema } from "~/subscriptions/subscription-forms";
import { cancelSubscription, listUserSubscriptions, summarizeSubscription } from "~/subscriptions/subscriptions.server";
import type { Route } from "./+types/account";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "account");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  const subscriptions = (await listUserSubscriptions(shop.db, user.id, shop.locale)).map((s) => summarizeSubscription(s, shop.locale));
  const cancelledId = Number(new URL(request.url).searchParams.get("cancelled"));
  const cancelled = subscriptions.find((s) => s.id === cancelledId && s.cancelAtPeriodEnd);
  // Decision 049: a member sees the in-store tastings left this membership year.
  const tastings = await readMemberTastings(shop.db, user.id);
  return {
    title: shop.t("auth.account.title"),
    firstName: user.firstName,
    email: user.email,
    staff: user.role === "staff",
    subscriptions,
    cancelledNotice: cancelled ? { plan: cancelled.planName, date: cancelled.periodEnd ?? "" } : null,
    tastings: tastings && { year: tastings.year, allowed: tastings.allowed, left: tastings.left, tastings: tastings.tastings },
  };
}

const REFUSALS = {
  "not-live": "subscriptions.errors.notLive",
  "payment-unavailable": "subscriptions.errors.paymentUnavailable",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  await enforceRateLimit("form", context.get(requestContext).clientAddress);
  const submission = parseWithZod(await readFormData(request), { schema: CancelSubscriptionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), subscriptionId: null }, { status: 400 });
  const id = submission.value.subscriptionId;
  const cancelled = await cancelSubscription(shop.db, user.id, id);
  // Another customer's subscription, or a guessed id: not found.
  if (!cancelled) throw data(null, { status: 404 });
  if (!cancelled.ok) {
    return data(
      { result: submission.reply({ formErrors: [REFUSALS[cancelled.reason]] }), subscriptionId: id },
      { status: cancelled.reason === "payment-unavailable" ? 503 : 400 },
    );
  }
  throw redirect(`/account?${new URLSearchParams({ cancelled: String(id) })}`, 303);
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountOverview
      firstName={loaderData.firstName}
      email={loaderData.email}
      subscriptions={loaderData.subscriptions}
      cancelledNotice={loaderData.cancelledNotice}
      refusal={actionData}
      staff={loaderData.staff}
      benefits={loaderData.tastings ? <AccountTastings tastings={loaderData.tastings} /> : null}
    />
  );
}
