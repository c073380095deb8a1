CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" jsonb NOT NULL,
	"dedupe_key" text,
	"message_id" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('PENDING', 'FAILED', 'SENT', 'DEAD'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_dedupe_idx" ON "outbox_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" in ('PENDING', 'FAILED');--> statement-breakpoint
CREATE INDEX "outbox_messages_status_idx" ON "outbox_messages" USING btree ("status","created_at");--> statement-breakpoint
-- Newsletter sign-ups left FAILED before the outbox (Mailchimp refused or could not be reached)
-- are tried again by it, like every sign-up from now on: one job per sign-up (decision 027).
INSERT INTO "outbox_messages" ("job", "dedupe_key")
SELECT jsonb_build_object('kind', 'mailchimp-subscribe', 'signupId', "id"), 'newsletter-' || "id"
FROM "newsletter_signups" WHERE "status" = 'FAILED';
