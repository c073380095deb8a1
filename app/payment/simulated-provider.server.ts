/**
 * The simulated provider (docs/decisions/032): without Stripe keys, the shop's own payment page
 * (/checkout/payment) shows the amount with "Pay" and "Cancel", and "Pay" completes the order.
 * It keeps no reference, sends no webhook and moves no money; the registry never offers it in
 * production (it would give goods away).
 */
import type { PaymentProvider } from "./provider";

export const simulatedProvider: PaymentProvider = {
  name: "simulated",
  paysOnShopPage: true,
  refundsMoney: false,
  async start(request) {
    return { kind: "redirect", url: request.shopPaymentPath, reference: null };
  },
  async status() {
    return { kind: "missing" };
  },
  async cancel() {
    return { kind: "cancelled" };
  },
  async refund() {
    return { kind: "refunded", reference: null };
  },
  returnReference() {
    return null;
  },
};
