CREATE SEQUENCE "public"."service_log_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "log_checkpoint" (
	"source_key" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"file_id" text NOT NULL,
	"offset" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_log" (
	"seq" bigint DEFAULT nextval('service_log_seq') NOT NULL,
	"service_id" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" text DEFAULT '' NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"level" smallint NOT NULL,
	"message" text NOT NULL,
	"fields" jsonb,
	CONSTRAINT "service_log_seq_received_at_pk" PRIMARY KEY("seq","received_at")
) PARTITION BY RANGE ("received_at");
--> statement-breakpoint
-- Edited by hand (drizzle-kit cannot express partitions): daily partitions are created ahead and dropped after the
-- retention by adapters/log-store/log-partitions.ts; the default partition only catches rows when that failed.
CREATE TABLE "service_log_default" PARTITION OF "service_log" DEFAULT;
--> statement-breakpoint
CREATE TABLE "metrics_scrape_state" (
	"service_id" text PRIMARY KEY NOT NULL,
	"runtime_started_at" bigint NOT NULL,
	"billed_messages" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"scraped_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_sample" (
	"service_id" text NOT NULL,
	"seconds" integer NOT NULL,
	"start" bigint NOT NULL,
	"billed_messages" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"sessions_max" integer DEFAULT 0 NOT NULL,
	"sessions_min" integer DEFAULT 0 NOT NULL,
	"topics_max" integer DEFAULT 0 NOT NULL,
	"topics_min" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_sample_service_id_seconds_start_pk" PRIMARY KEY("service_id","seconds","start")
);
--> statement-breakpoint
ALTER TABLE "log_checkpoint" ADD CONSTRAINT "log_checkpoint_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_log" ADD CONSTRAINT "service_log_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_log_stream_idx" ON "service_log" USING btree ("service_id","kind","source_id","seq");--> statement-breakpoint
CREATE INDEX "usage_sample_service_start_idx" ON "usage_sample" USING btree ("service_id","start");