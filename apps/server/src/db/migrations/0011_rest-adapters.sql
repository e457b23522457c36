CREATE TABLE "rest_adapter" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"version" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"restart_generation" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'CHECKING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rest_adapter_service_id_unique" UNIQUE("service_id")
);
--> statement-breakpoint
CREATE TABLE "rest_api" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"label" text NOT NULL,
	"headers" jsonb NOT NULL,
	"base_url" text NOT NULL,
	"base_topic_path" text DEFAULT '' NOT NULL,
	"authentication_type" text DEFAULT 'none' NOT NULL,
	"authentication_username" text,
	"secret_encrypted" text,
	"query_parameters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rest_endpoint" (
	"id" text PRIMARY KEY NOT NULL,
	"api_id" text NOT NULL,
	"path" text NOT NULL,
	"topic_path" text,
	"poll_interval_ms" integer NOT NULL,
	"value_pointer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rest_adapter" ADD CONSTRAINT "rest_adapter_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rest_api" ADD CONSTRAINT "rest_api_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rest_endpoint" ADD CONSTRAINT "rest_endpoint_api_id_rest_api_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."rest_api"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rest_api_service_id_idx" ON "rest_api" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "rest_endpoint_api_id_idx" ON "rest_endpoint" USING btree ("api_id");