/**
 * The subscription forms (issue 8 §8), one zod schema each, used by the actions (`parseWithZod`)
 * and, for the buy and cancel forms, by conform in the browser (`useForm` + `getZodConstraint`,
 * ui/plan-card.tsx and ui/account-subscriptions.tsx); the simulated page's two buttons are the
 * shared pay-or-cancel forms, checked by the action only. Messages are i18n keys
 * (`subscriptions.errors.*`). Shared with the browser.
 */
import { z } from "zod";
import { MAX_SUBSCRIPTION_ID } from "./subscription-rules";

/** Buying a plan: the plan's button on /subscriptions, /membres, /discovery. */
export const BuyPlanSchema = z.object({
  intent: z.literal("buy"),
  planCode: z.string({ message: "subscriptions.errors.unknownPlan" }).trim().min(1, "subscriptions.errors.unknownPlan").max(40, "subscriptions.errors.unknownPlan"),
});
export type BuyPlanForm = z.infer<typeof BuyPlanSchema>;

/** Cancelling one of the customer's subscriptions at the end of its paid period (/account). */
export const CancelSubscriptionSchema = z.object({
  intent: z.literal("cancel-subscription"),
  subscriptionId: z
    .number({ message: "subscriptions.errors.notFound" })
    .int("subscriptions.errors.notFound")
    .min(1, "subscriptions.errors.notFound")
    .max(MAX_SUBSCRIPTION_ID, "subscriptions.errors.notFound"),
});
export type CancelSubscriptionForm = z.infer<typeof CancelSubscriptionSchema>;

/** The simulated payment page's two buttons. */
export const SimulatedPaymentSchema = z.object({
  intent: z.enum(["pay", "cancel"], { message: "subscriptions.errors.paymentFailed" }),
});
