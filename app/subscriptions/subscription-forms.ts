/**
 * The subscription forms, one zod schema each, used by the actions (`parseWithZod`).
 * Each is a button whose fields are hidden, written by the page (the buy and cancel `ButtonForm`s
 * of ui/plan-card.tsx, the simulated page's pay-or-cancel): nothing for the customer to fix, so
 * the browser sends them unchecked and shows the action's refusal. Messages are i18n keys
 * (`subscriptions.errors.*`). Shared with the browser.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";

/** Buying a plan: the plan's button on /subscriptions, /membres, /discovery. */
export const BuyPlanSchema = z.object({
  intent: z.literal("buy"),
  planCode: z
    .string({ message: "subscriptions.errors.unknownPlan" })
    .trim()
    .min(1, "subscriptions.errors.unknownPlan")
    .max(40, "subscriptions.errors.unknownPlan"),
});
export type BuyPlanForm = z.infer<typeof BuyPlanSchema>;

/** Cancelling one of the customer's subscriptions at the end of its paid period (/account). */
export const CancelSubscriptionSchema = z.object({
  intent: z.literal("cancel-subscription"),
  subscriptionId: z
    .number({ message: "subscriptions.errors.notFound" })
    .int("subscriptions.errors.notFound")
    .min(1, "subscriptions.errors.notFound")
    .max(MAX_ROW_ID, "subscriptions.errors.notFound"),
});
export type CancelSubscriptionForm = z.infer<typeof CancelSubscriptionSchema>;

/** The simulated payment page's two buttons. */
export const SimulatedPaymentSchema = z.object({
  intent: z.enum(["pay", "cancel"], { message: "subscriptions.errors.paymentFailed" }),
});
