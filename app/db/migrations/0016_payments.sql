CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"subscription_id" integer,
	"provider" text NOT NULL,
	"external_reference" text NOT NULL,
	"redirect_url" text,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"refund_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_one_owner_check" CHECK (("payments"."order_id" is null) <> ("payments"."subscription_id" is null)),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('OPEN', 'PAID', 'CANCELLED', 'REFUNDED')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_stripe_session_id_unique";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("provider","external_reference");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
-- Hand-added (docs/decisions/032): every order's Stripe Checkout Session becomes its payment row,
-- with its refund, before the orders' Stripe columns are dropped. A session whose URL was given up
-- (a reservation's order whose page expired) or whose order closed unpaid is CANCELLED.
INSERT INTO "payments" ("order_id", "provider", "external_reference", "redirect_url", "amount_cents", "status", "refund_reference", "created_at", "updated_at")
SELECT "id", 'stripe', "stripe_session_id",
  CASE WHEN "status" = 'PENDING_PAYMENT' THEN "stripe_session_url" END, "pay_now_cents",
  CASE
    WHEN "stripe_refund_id" IS NOT NULL THEN 'REFUNDED'
    WHEN "paid_at" IS NOT NULL THEN 'PAID'
    WHEN "status" = 'PENDING_PAYMENT' AND "stripe_session_url" IS NOT NULL THEN 'OPEN'
    ELSE 'CANCELLED'
  END,
  "stripe_refund_id", "created_at", coalesce("refunded_at", "paid_at", "closed_at", "created_at")
FROM "orders" WHERE "stripe_session_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stripe_session_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stripe_session_url";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stripe_refund_id";