/**
 * What the three plan pages share (docs/product.md#subscriptions /subscriptions, /membres, /discovery): the
 * plans of the page from the database, which of them the logged-in customer already holds, and
 * the "buy" POST (works without JavaScript): a visitor goes to /login?redirect=<the page>, a
 * customer is sent (303) to Stripe Checkout or to the simulated payment page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { shopOrigin } from "~/http/shop-origin.server";
import { readUser } from "~/users/users.server";
import type { PlanKind } from "~/vocabulary";
import { listPlans } from "./plans.server";
import { BuyPlanSchema } from "./subscription-forms";
import { formatShopDate } from "./subscription-rules";
import type { PlanOffer } from "./subscription-types";
import { listUserSubscriptions, startSubscription } from "./subscriptions.server";

/**
 * The plans of the given kinds with the logged-in customer's holds (none for a visitor).
 * @returns `{ plans, loggedIn }`.
 */
export async function loadPlanOffers(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kinds?: readonly PlanKind[],
  now = new Date(),
): Promise<{ plans: PlanOffer[]; loggedIn: boolean }> {
  const { db, locale } = context.get(shopContext);
  const [plans, user] = await Promise.all([listPlans(db, locale, kinds), readUser(db, request)]);
  const held = new Map<string, PlanOffer["held"]>();
  if (user) {
    for (const s of await listUserSubscriptions(db, user.id, locale, now)) {
      if (s.live && s.currentPeriodEnd)
        held.set(s.planCode, { until: formatShopDate(s.currentPeriodEnd, locale), renews: !s.cancelAtPeriodEnd });
    }
  }
  return { plans: plans.map((plan) => ({ ...plan, held: held.get(plan.code) ?? null })), loggedIn: user !== null };
}

/**
 * The "buy" POST of a plan page.
 * @param pagePath the page's own path, where the login sends the visitor back.
 * @throws a 303 redirect: to /login?redirect=<pagePath> for a visitor, to Stripe or the simulated
 *   page for a customer; a 429 when the client is over the checkout limit.
 * @returns a refusal with status 400 (unknown plan, plan already held) or 503 (payment
 *   unavailable): conform's reply with the message, and the plan it concerns.
 */
export async function buyPlanAction(request: Request, context: Readonly<RouterContextProvider>, pagePath: string) {
  const shop = context.get(shopContext);
  await enforceRateLimit("checkout", context.get(requestContext).clientAddress);
  const submission = parseWithZod(await readFormData(request), { schema: BuyPlanSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), planCode: null }, { status: 400 });
  const user = await readUser(shop.db, request);
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirect: pagePath })}`, 303);
  const started = await startSubscription(shop.db, user, submission.value.planCode, shopOrigin(request));
  if (started.ok) throw redirect(started.url, 303);
  const message = {
    "unknown-plan": "subscriptions.errors.unknownPlan",
    "already-subscribed": "subscriptions.errors.alreadySubscribed",
    "payment-unavailable": "subscriptions.errors.paymentUnavailable",
  }[started.reason];
  return data(
    { result: submission.reply({ formErrors: [message] }), planCode: submission.value.planCode },
    { status: started.reason === "payment-unavailable" ? 503 : 400 },
  );
}
