/**
 * Who is a member (docs/product.md#members: member prices, −20 % on single bottles in the shop and −15 % from
 * $500), and who holds a discovery package (its preferential prices, decision 048). One question,
 * asked by the cart, checkout, the order snapshot and the product pages.
 */
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscriptionPlans, subscriptions } from "~/db/schema";

/**
 * Whether the customer holds a membership whose paid period is running: status ACTIVE and
 * `current_period_end` after `now`. A membership cancelled at period end counts until then. A
 * PAST_DUE one does not count: Stripe moves the period end forward when the renewal starts, before
 * it is paid, so a failed renewal stops the member prices at once (they come back when Stripe
 * collects the payment and the subscription is active again).
 * @param customerId the user's id, or null for a guest (never a member).
 */
export async function hasActiveMembership(db: Database, customerId: number | null, now = new Date()): Promise<boolean> {
  if (customerId === null) return false;
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
    .where(
      and(
        eq(subscriptions.userId, customerId),
        eq(subscriptionPlans.kind, "MEMBERSHIP"),
        eq(subscriptions.status, "ACTIVE"),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the customer holds a discovery package whose paid period is running (decision 048:
 * preferential prices on private imports): a plan of kind DISCOVERY, status ACTIVE and
 * `current_period_end` after `now`, read exactly as {@link hasActiveMembership} reads a membership
 * (cancelled at period end counts until then; PAST_DUE does not).
 * @param customerId the user's id, or null for a guest (never a subscriber).
 */
export async function hasActiveDiscoveryPackage(db: Database, customerId: number | null, now = new Date()): Promise<boolean> {
  if (customerId === null) return false;
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
    .where(
      and(
        eq(subscriptions.userId, customerId),
        eq(subscriptionPlans.kind, "DISCOVERY"),
        eq(subscriptions.status, "ACTIVE"),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The price benefits a customer holds, as `summarizeCart` takes them (decision 048). */
export interface PriceBenefits {
  isMember: boolean;
  isDiscoverySubscriber: boolean;
}

/**
 * Both price benefits of a customer at `now` (a guest has neither): the one question the cart,
 * checkout, the order written and a reservation's payment order ask before pricing.
 */
export async function priceBenefitsOf(db: Database, customerId: number | null, now = new Date()): Promise<PriceBenefits> {
  // One after the other: `db` may be a transaction, one connection.
  const isMember = await hasActiveMembership(db, customerId, now);
  return { isMember, isDiscoverySubscriber: await hasActiveDiscoveryPackage(db, customerId, now) };
}
