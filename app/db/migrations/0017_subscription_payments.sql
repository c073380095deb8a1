ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_stripe_checkout_session_id_unique";--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
-- Hand-added (docs/decisions/032): each subscription purchase's Checkout Session becomes its payment
-- row, for the plan's price (what the session charges), before the column is dropped. A purchase
-- still pending keeps its payment OPEN; one paid (ACTIVE, PAST_DUE, or CANCELLED at the end of a
-- paid period) has it PAID; an abandoned one (EXPIRED) has it CANCELLED. The session's URL was
-- never kept: the shop asks Stripe for it.
INSERT INTO "payments" ("subscription_id", "provider", "external_reference", "redirect_url", "amount_cents", "status", "created_at", "updated_at")
SELECT s."id", s."payment_provider", s."stripe_checkout_session_id", NULL, p."price_cents",
  CASE s."status"
    WHEN 'PENDING_PAYMENT' THEN 'OPEN'
    WHEN 'EXPIRED' THEN 'CANCELLED'
    ELSE 'PAID'
  END,
  s."created_at", s."updated_at"
FROM "subscriptions" s JOIN "subscription_plans" p ON p."code" = s."plan_code"
WHERE s."stripe_checkout_session_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "stripe_checkout_session_id";