-- Hand-written while issue 13 is built; squashed into one drizzle-kit migration before it lands.
ALTER TABLE "workspace" ADD COLUMN "billing_provider" text;
--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "aws_marketplace_subscription_status" text;
--> statement-breakpoint
CREATE TABLE "marketplace_customer" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"customer_identifier" text NOT NULL,
	"product_code" text NOT NULL,
	"customer_aws_account_id" text,
	"connected_at" timestamp with time zone NOT NULL,
	"status_checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "marketplace_customer" ADD CONSTRAINT "marketplace_customer_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_customer_identifier_uq" ON "marketplace_customer" USING btree ("customer_identifier");
--> statement-breakpoint
CREATE TABLE "marketplace_usage_report" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"customer_identifier" text NOT NULL,
	"dimension" text NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"quantity" bigint NOT NULL,
	"state" text NOT NULL,
	"result_status" text,
	"metering_record_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "marketplace_usage_report" ADD CONSTRAINT "marketplace_usage_report_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_usage_report_hour_uq" ON "marketplace_usage_report" USING btree ("customer_identifier","hour_start","dimension");
--> statement-breakpoint
CREATE INDEX "marketplace_usage_report_state_idx" ON "marketplace_usage_report" USING btree ("state");
--> statement-breakpoint
CREATE TABLE "marketplace_sim_customer" (
	"customer_identifier" text PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"customer_aws_account_id" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_sim_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_identifier" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_sim_token" ADD CONSTRAINT "marketplace_sim_token_customer_identifier_marketplace_sim_customer_customer_identifier_fk" FOREIGN KEY ("customer_identifier") REFERENCES "public"."marketplace_sim_customer"("customer_identifier") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "marketplace_sim_usage" (
	"customer_identifier" text NOT NULL,
	"dimension" text NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"quantity" bigint NOT NULL,
	"metering_record_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketplace_sim_usage_customer_identifier_dimension_hour_start_pk" PRIMARY KEY("customer_identifier","dimension","hour_start")
);
