ALTER TABLE "metrics_scrape_state" ADD COLUMN "messages_in" bigint;--> statement-breakpoint
ALTER TABLE "usage_sample" ADD COLUMN "messages_in" bigint DEFAULT 0 NOT NULL;