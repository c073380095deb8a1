/**
 * The payment port (docs/decisions/032): what the shop asks of whoever takes a payment — Stripe
 * Checkout, the local simulated page, tomorrow a gift card or store credit. The orders core and
 * the routes see only this interface; each provider is one module behind it, registered once from
 * the configuration (app/payment/registry.server.ts).
 *
 * Every outcome is a value (a discriminated union on `kind`), never an exception the caller must
 * catch: a provider that cannot be reached answers `{ kind: "unavailable" }`, and the caller
 * decides (a 503, a retry later). Amounts are integer cents (CAD).
 */
import type { Locale, PaymentProvider as PaymentProviderCode } from "~/vocabulary";
import type { PaymentGateway, SubscriptionWebhookData } from "./stripe.server";

/** The name a provider is registered and stored under (`orders.payment_provider`, `payments.provider`). */
export type PaymentProviderName = Exclude<PaymentProviderCode, "none">;

/** What is asked of a provider to take the pay-now amount of an order. */
export interface StartPaymentRequest {
  orderId: number;
  /** The customer-facing order number, e.g. "CUV-000123". */
  orderNumber: string;
  email: string;
  locale: Locale;
  /** What is paid now, each > 0 (cents); their sum is the amount. */
  lineItems: { name: string; amountCents: number }[];
  /** The shop's return page; the provider adds its own reference to it (e.g. Stripe's `session_id`). */
  returnUrl: string;
  /** Where the customer lands when giving up at the provider. */
  cancelUrl: string;
  /** The shop's own payment page of the order (where the simulated provider takes the payment). */
  shopPaymentPath: string;
  /** Unix seconds when the provider's page must stop taking the payment. */
  expiresAt: number;
  /** Sent to the provider so a retry gives back the same payment. */
  idempotencyKey?: string;
}

/** A provider could not be reached (or refused for a reason that passes): try again later. `reason` is for logs. */
export interface Unavailable {
  kind: "unavailable";
  reason: string;
}

/** What starting a payment gave: a page to send the customer to, or the money taken at once. */
export type StartPaymentOutcome =
  /** `reference` is the provider's id of this payment (null when it keeps none: the shop's own page). */
  { kind: "redirect"; url: string; reference: string | null } | { kind: "paid"; reference: string | null } | Unavailable;

/** A payment as the provider sees it now. */
export type PaymentStateOutcome =
  | {
      kind: "found";
      reference: string;
      /** The order the provider's record names (metadata), or null. */
      orderId: number | null;
      /** open: still payable; complete: finished at the provider (paid, or a payment that settles later); expired. */
      status: "open" | "complete" | "expired";
      paid: boolean;
    }
  | { kind: "missing" }
  | Unavailable;

/** What cancelling (expiring) an open payment gave: it can no longer be paid, or it was paid first. */
export type CancelPaymentOutcome = { kind: "cancelled" } | { kind: "paid" } | { kind: "missing" } | Unavailable;

/** What a refund gave: `reference` is the provider's refund id (null when no money moves through it). */
export type RefundOutcome = { kind: "refunded"; reference: string | null } | { kind: "not-possible"; reason: string } | Unavailable;

/** A webhook read and verified by its provider. */
export type PaymentWebhookOutcome =
  /** Signature, timestamp or body not to be trusted: answer 400, change nothing. */
  | { kind: "invalid"; reason: string }
  /** A payment of an order: paid, failed (a payment that settles later was refused), expired. */
  | {
      kind: "payment";
      eventId: string;
      type: string;
      reference: string;
      orderId: number | null;
      result: "paid" | "failed" | "expired" | "other";
    }
  /** A subscription's event (Stripe's subscriptions only). */
  | { kind: "subscription"; eventId: string; type: string; data: SubscriptionWebhookData }
  /** An event the shop does not act on. */
  | { kind: "ignored"; eventId: string; type: string };

/** A provider's recurring billing (Stripe's subscriptions): the subscription code uses it directly. */
export type SubscriptionBilling = Pick<
  PaymentGateway,
  | "createSubscriptionCheckoutSession"
  | "retrieveSubscriptionCheckout"
  | "expireCheckoutSession"
  | "retrieveSubscription"
  | "cancelSubscriptionAtPeriodEnd"
>;

/** Whoever takes a payment. Implementations: app/payment/stripe-provider.server.ts, app/payment/simulated-provider.server.ts. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Whether the customer pays on the shop's own payment page (the simulated provider) rather than
   * on the provider's: the shop's page then takes the payment itself.
   */
  readonly paysOnShopPage: boolean;
  /** Whether a refund moves money back through the provider (else the refund is only recorded). */
  readonly refundsMoney: boolean;
  /** Recurring billing, for providers that have it. */
  readonly subscriptions?: SubscriptionBilling;
  /** Starts taking the pay-now amount of an order. */
  start(request: StartPaymentRequest): Promise<StartPaymentOutcome>;
  /** Where a payment stands at the provider. */
  status(reference: string): Promise<PaymentStateOutcome>;
  /** Cancels (expires) an open payment so it can no longer be paid. */
  cancel(reference: string): Promise<CancelPaymentOutcome>;
  /** Refunds the whole of a paid payment, once (the provider's idempotency per order). */
  refund(request: { orderId: number; reference: string }): Promise<RefundOutcome>;
  /** Reads and verifies a webhook from the raw body (exact bytes) and its headers; absent for a provider that sends none. */
  parseWebhook?(rawBody: string, headers: Headers): PaymentWebhookOutcome;
  /** The provider's reference carried by the shop's return page URL (Stripe's `session_id`), or null. */
  returnReference(params: URLSearchParams): string | null;
}
