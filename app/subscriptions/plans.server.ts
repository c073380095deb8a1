/**
 * The subscription plans as the pages show them (docs/product.md#subscriptions /subscriptions, /membres, /discovery;
 * docs/product.md#subscriptions subscription plans; prices). Plans are rows (`subscription_plans`, seeded from
 * `plan-directory.ts`); names and descriptions in the page's language.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscriptionPlans } from "~/db/schema";
import { localized } from "~/lib/localized";
import type { Locale, PlanKind } from "~/vocabulary";
import type { PlanView } from "./subscription-types";

export type { PlanView };

/** A plan row, both languages. */
export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** The plan's name and description in a language. */
export function localizePlan(plan: PlanRow, locale: Locale): PlanView {
  return {
    code: plan.code,
    kind: plan.kind,
    priceCents: plan.priceCents,
    interval: plan.interval,
    name: localized(locale, plan.nameFr, plan.nameEn),
    description: localized(locale, plan.descriptionFr, plan.descriptionEn),
  };
}

/**
 * The plans on sale (`active`), in display order (membership, then the discovery packages).
 * @param kinds only these kinds (default: all).
 */
export async function listPlans(db: Database, locale: Locale, kinds?: readonly PlanKind[]): Promise<PlanView[]> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.active, true), kinds ? inArray(subscriptionPlans.kind, [...kinds]) : undefined))
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.code));
  return rows.map((row) => localizePlan(row, locale));
}

/** A plan on sale by its code, or null (unknown, or no longer sold). */
export async function getPlan(db: Database, code: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.code, code), eq(subscriptionPlans.active, true)))
    .limit(1);
  return row ?? null;
}
