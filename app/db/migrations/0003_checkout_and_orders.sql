CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"liquor_board" text NOT NULL,
	"province" text NOT NULL,
	"store_number" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"phone" text NOT NULL,
	CONSTRAINT "branches_province_check" CHECK ("branches"."province" in ('QC', 'ON'))
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"create_account" boolean DEFAULT false NOT NULL,
	"account_password_hash" text,
	"branch_id" integer,
	"boutique_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_inventory_id" integer NOT NULL,
	"section" text NOT NULL,
	"inventory_code" text NOT NULL,
	"product_name" text NOT NULL,
	"provider_name" text NOT NULL,
	"vintage" integer,
	"quantity" integer NOT NULL,
	"uvc" integer NOT NULL,
	"bottles" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"agency_fee_cents" integer NOT NULL,
	"agency_fees_cents" integer NOT NULL,
	"liquor_board_part_cents" integer NOT NULL,
	"boutique_cents" integer NOT NULL,
	"zero_rated" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_tax_lines" (
	"order_id" integer NOT NULL,
	"part" text NOT NULL,
	"code" text NOT NULL,
	"rate" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "order_tax_lines_order_id_part_code_pk" PRIMARY KEY("order_id","part","code")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text GENERATED ALWAYS AS ('CUV-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"confirmation_number" text NOT NULL,
	"status" text NOT NULL,
	"province" text NOT NULL,
	"locale" text NOT NULL,
	"guest_id" text,
	"customer_id" integer,
	"cart_id" integer,
	"cart_lock_version" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"account_password_hash" text,
	"branch_id" integer,
	"branch_label" text,
	"boutique_code" text,
	"agency_fees_cents" integer NOT NULL,
	"liquor_board_fees_cents" integer NOT NULL,
	"boutique_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"qst_cents" integer NOT NULL,
	"hst_cents" integer NOT NULL,
	"pay_now_cents" integer NOT NULL,
	"pay_at_liquor_board_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_provider" text NOT NULL,
	"stripe_session_id" text,
	"stripe_session_url" text,
	"payment_due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_confirmation_number_unique" UNIQUE("confirmation_number"),
	CONSTRAINT "orders_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('PENDING_PAYMENT', 'PAID', 'CONFIRMED', 'CANCELLED', 'EXPIRED')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."pay_now_cents" >= 0 and "orders"."total_cents" = "orders"."pay_now_cents" + "orders"."pay_at_liquor_board_cents")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_inventory_id" integer NOT NULL,
	"status" text NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"by_case" boolean NOT NULL,
	"bottles" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"locale" text NOT NULL,
	"province" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"payment_due_at" timestamp with time zone,
	CONSTRAINT "reservations_quantity_check" CHECK ("reservations"."quantity" >= 1 and "reservations"."bottles" >= "reservations"."quantity")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_inventory_id_product_inventories_id_fk" FOREIGN KEY ("product_inventory_id") REFERENCES "public"."product_inventories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_product_inventory_id_product_inventories_id_fk" FOREIGN KEY ("product_inventory_id") REFERENCES "public"."product_inventories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_board_store_idx" ON "branches" USING btree ("liquor_board","store_number");--> statement-breakpoint
CREATE INDEX "branches_province_idx" ON "branches" USING btree ("province");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_version_idx" ON "orders" USING btree ("cart_id","cart_lock_version") WHERE "orders"."status" in ('PENDING_PAYMENT', 'PAID', 'CONFIRMED');--> statement-breakpoint
CREATE INDEX "orders_pending_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."status" = 'PENDING_PAYMENT';--> statement-breakpoint
CREATE INDEX "reservations_status_idx" ON "reservations" USING btree ("status");