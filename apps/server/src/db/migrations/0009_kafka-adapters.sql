CREATE TABLE "kafka_adapter" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"label" text NOT NULL,
	"version" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"ha_enabled" boolean DEFAULT false NOT NULL,
	"reconnect_interval" integer NOT NULL,
	"restart_generation" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'CHECKING' NOT NULL,
	"member2_status" text DEFAULT 'CHECKING' NOT NULL,
	"scheduled_version" text,
	"scheduled_timestamp" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kafka_cluster" (
	"id" text PRIMARY KEY NOT NULL,
	"adapter_id" text NOT NULL,
	"label" text NOT NULL,
	"broker_addresses" jsonb NOT NULL,
	"configuration" jsonb NOT NULL,
	"authentication" jsonb NOT NULL,
	"password_encrypted" text,
	"schema_registry_user_info_encrypted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kafka_service" (
	"id" text PRIMARY KEY NOT NULL,
	"adapter_id" text NOT NULL,
	"cluster_id" text NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kafka_adapter" ADD CONSTRAINT "kafka_adapter_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kafka_cluster" ADD CONSTRAINT "kafka_cluster_adapter_id_kafka_adapter_id_fk" FOREIGN KEY ("adapter_id") REFERENCES "public"."kafka_adapter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kafka_service" ADD CONSTRAINT "kafka_service_adapter_id_kafka_adapter_id_fk" FOREIGN KEY ("adapter_id") REFERENCES "public"."kafka_adapter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kafka_service" ADD CONSTRAINT "kafka_service_cluster_id_kafka_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."kafka_cluster"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kafka_adapter_service_id_idx" ON "kafka_adapter" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "kafka_cluster_adapter_id_idx" ON "kafka_cluster" USING btree ("adapter_id");--> statement-breakpoint
CREATE INDEX "kafka_service_adapter_id_idx" ON "kafka_service" USING btree ("adapter_id");--> statement-breakpoint
CREATE INDEX "kafka_service_cluster_id_idx" ON "kafka_service" USING btree ("cluster_id");