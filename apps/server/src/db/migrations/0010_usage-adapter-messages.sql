ALTER TABLE "metrics_scrape_state" ADD COLUMN "adapter_billed_messages" bigint;--> statement-breakpoint
ALTER TABLE "usage_sample" ADD COLUMN "adapter_billed_messages" bigint DEFAULT 0 NOT NULL;