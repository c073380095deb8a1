ALTER TABLE "blogs" ADD COLUMN "cover_alt_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "cover_alt_en" text DEFAULT '' NOT NULL;