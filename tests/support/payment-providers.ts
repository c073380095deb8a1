/**
 * The payment providers a test runs with, registered through the shop's own registry
 * (app/payment/registry.server.ts; docs/decisions/032): Stripe over a gateway pointed at the msw
 * handlers of tests/mocks/stripe.ts, the simulated page, or the configuration again.
 */
import type { Database } from "~/db/client.server";
import type { Order } from "~/orders/orders.server";
import { startOrderPayment } from "~/orders/payment.server";
import { registerPaymentProviders } from "~/payment/registry.server";
import { simulatedProvider } from "~/payment/simulated-provider.server";
import type { PaymentGateway } from "~/payment/stripe.server";
import { createStripeProvider } from "~/payment/stripe-provider.server";

/**
 * Stripe over `gateway` (the simulated page beside it, as when a key is configured outside
 * production); `null`: the simulated page only (no Stripe key); `undefined`: the configuration.
 */
export function useStripeGateway(gateway: PaymentGateway | null | undefined): void {
  if (gateway === undefined) registerPaymentProviders(null);
  else registerPaymentProviders(gateway ? [createStripeProvider(gateway), simulatedProvider] : [simulatedProvider]);
}

/** The page paying an order leads to; rejects with an Error named after the outcome otherwise (window-closed, processing, unavailable). */
export async function paymentUrl(db: Database, order: Order, origin: string): Promise<string> {
  const step = await startOrderPayment(db, order, origin);
  if (step.kind === "redirect") return step.url;
  throw Object.assign(new Error(`payment: ${step.kind}`), { name: step.kind });
}
