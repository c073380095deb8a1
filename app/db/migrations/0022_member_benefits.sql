CREATE TABLE "member_event_registrations" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_event_registrations_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "member_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"province" text NOT NULL,
	"title_fr" text NOT NULL,
	"title_en" text NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"place" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_events_kind_check" CHECK ("member_events"."kind" in ('WINEMAKER', 'NEW_ARRIVALS', 'EXCLUSIVE')),
	CONSTRAINT "member_events_province_check" CHECK ("member_events"."province" in ('QC', 'ON')),
	CONSTRAINT "member_events_capacity_check" CHECK ("member_events"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_tastings" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"tasted_on" date NOT NULL,
	"store_code" text NOT NULL,
	"with_guest" boolean DEFAULT false NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_benefit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "members_only_from" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "members_only_until" date;--> statement-breakpoint
ALTER TABLE "member_event_registrations" ADD CONSTRAINT "member_event_registrations_event_id_member_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."member_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_event_registrations" ADD CONSTRAINT "member_event_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tastings" ADD CONSTRAINT "member_tastings_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tastings" ADD CONSTRAINT "member_tastings_store_code_inventories_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."inventories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tastings" ADD CONSTRAINT "member_tastings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_event_registrations_user_idx" ON "member_event_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_events_province_starts_idx" ON "member_events" USING btree ("province","starts_at");--> statement-breakpoint
CREATE INDEX "member_tastings_subscription_idx" ON "member_tastings" USING btree ("subscription_id","tasted_on");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_benefit_check" CHECK ("orders"."price_benefit" is null or "orders"."price_benefit" in ('MEMBER', 'DISCOVERY'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_members_only_check" CHECK (("products"."members_only_from" is null) = ("products"."members_only_until" is null) and ("products"."members_only_from" is null or "products"."members_only_from" <= "products"."members_only_until"));