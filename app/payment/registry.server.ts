/**
 * Which payment providers the shop has (docs/decisions/032), chosen once from the configuration:
 * Stripe when `STRIPE_SECRET_KEY` is set, and the simulated page outside production. The first one
 * takes new payments; an order or a subscription is served by the provider it was started with
 * (its `payment_provider`), looked up here by name. Nothing else in the shop compares provider
 * names: it asks this registry and dispatches through the {@link PaymentProvider} port.
 */
import { getEnv } from "~/env.server";
import type { PaymentProvider as PaymentProviderCode } from "~/vocabulary";
import type { PaymentProvider, SubscriptionBilling } from "./provider";
import { simulatedProvider } from "./simulated-provider.server";
import { createStripeGateway } from "./stripe.server";
import { createStripeProvider } from "./stripe-provider.server";

let registered: readonly PaymentProvider[] | null = null;
let configured: readonly PaymentProvider[] | undefined;

/** Whether the simulated page may take payments: never in production. */
export function simulatedPaymentAllowed(): boolean {
  return getEnv().nodeEnv !== "production";
}

function fromConfiguration(): readonly PaymentProvider[] {
  if (configured === undefined) {
    const stripe = getEnv().stripe;
    configured = [
      ...(stripe ? [createStripeProvider(createStripeGateway({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret }))] : []),
      simulatedProvider,
    ];
  }
  return configured;
}

/**
 * Sets the providers the shop uses instead of those of the configuration, the first taking new
 * payments (a second tender, a test's fake or msw-backed Stripe); `null` goes back to the
 * configuration. The simulated one is still refused in production.
 */
export function registerPaymentProviders(providers: readonly PaymentProvider[] | null): void {
  registered = providers;
}

/** The providers in use, in order of preference; the simulated one only outside production. */
function providers(): readonly PaymentProvider[] {
  const list = registered ?? fromConfiguration();
  return simulatedPaymentAllowed() ? list : list.filter((provider) => !provider.paysOnShopPage);
}

/** The provider that takes new payments, or null when none may (production without Stripe keys: checkout answers 503). */
export function activePaymentProvider(): PaymentProvider | null {
  return providers()[0] ?? null;
}

/** The provider an order or subscription was started with, when it is still available; null for "none" or one not configured. */
export function paymentProviderNamed(name: PaymentProviderCode): PaymentProvider | null {
  return providers().find((provider) => provider.name === name) ?? null;
}

/** Every provider in use (the return page asks each for its reference). */
export function paymentProviders(): readonly PaymentProvider[] {
  return providers();
}

/** Whether what was started with this provider is paid on the shop's own page (the simulated one, outside production). */
export function paysOnShopPage(name: PaymentProviderCode): boolean {
  return paymentProviderNamed(name)?.paysOnShopPage === true;
}

/** The recurring billing of the first provider that has it (Stripe's subscriptions), or null. */
export function subscriptionBilling(): SubscriptionBilling | null {
  return providers().find((provider) => provider.subscriptions)?.subscriptions ?? null;
}
