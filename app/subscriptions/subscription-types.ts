/**
 * The shapes the subscription pages show, shared by the server modules and the UI
 * (types only: the browser never loads a `.server` module).
 */
import type { PaymentProvider, PlanInterval, PlanKind, SubscriptionStatus } from "~/vocabulary";

/** A plan in one language. `priceCents` is integer cents (CAD) per `interval`. */
export interface PlanView {
  code: string;
  kind: PlanKind;
  priceCents: number;
  interval: PlanInterval;
  name: string;
  description: string;
}

/** A plan as a page shows it, with the logged-in customer's hold on it. */
export interface PlanOffer extends PlanView {
  /** When the customer holds the plan: the end of the paid period (formatted) and whether it renews then. */
  held: { until: string; renews: boolean } | null;
}

/** A customer's subscription as a page shows it: dates already formatted in the page's language. */
export interface SubscriptionSummary {
  id: number;
  planName: string;
  planKind: PlanKind;
  /** Integer cents (CAD) per `interval`. */
  priceCents: number;
  interval: PlanInterval;
  status: SubscriptionStatus;
  paymentProvider: PaymentProvider;
  /** The end of the paid period, formatted; null before the first payment. */
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Holds the plan now: may be cancelled. */
  live: boolean;
  /** Where to finish paying a pending purchase, else null. */
  paymentPath: string | null;
}
