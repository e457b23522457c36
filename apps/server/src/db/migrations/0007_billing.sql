CREATE TABLE "builtin_pay_customer" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_pay_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_pay_invoice" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_pay_method" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_pay_session" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"payment_method_id" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "checkout" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"provider_session_id" text,
	"request" jsonb NOT NULL,
	"service_id" text,
	"failure_message" text,
	"created_by" text NOT NULL,
	"created_by_email" text,
	"ip_address" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_charge" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"service_id" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"provider_invoice_id" text,
	"message" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customer" (
	"workspace_id" text NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_customer_workspace_id_provider_pk" PRIMARY KEY("workspace_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_method" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_subscription_workspace_uq" UNIQUE("workspace_id")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" text,
	"reason" text,
	"actor" text NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"number" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"total_cents" integer NOT NULL,
	"prepaid_cents" integer NOT NULL,
	"credit_applied_cents" integer NOT NULL,
	"amount_due_cents" integer NOT NULL,
	"status" text NOT NULL,
	"collection" text NOT NULL,
	"charge_attempted_at" timestamp with time zone,
	"charge_attempts" integer DEFAULT 0 NOT NULL,
	"failure_message" text,
	"provider_invoice_id" text,
	"hosted_invoice_url" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_line" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"position" integer NOT NULL,
	"service_id" text NOT NULL,
	"service_name" text NOT NULL,
	"entity_type" text NOT NULL,
	"charge_type" text NOT NULL,
	"billing_plan" text NOT NULL,
	"nodes" integer,
	"quantity" bigint,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_run" (
	"month" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"invoices_created" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_plan_period" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"service_name" text NOT NULL,
	"billing_plan" text NOT NULL,
	"nodes" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trial_notice" (
	"service_id" text NOT NULL,
	"notice_key" text NOT NULL,
	"workspace_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "trial_notice_service_id_notice_key_pk" PRIMARY KEY("service_id","notice_key")
);
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
CREATE TABLE "marketplace_sim_usage" (
	"customer_identifier" text NOT NULL,
	"dimension" text NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"quantity" bigint NOT NULL,
	"metering_record_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketplace_sim_usage_customer_identifier_dimension_hour_start_pk" PRIMARY KEY("customer_identifier","dimension","hour_start")
);
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
ALTER TABLE "workspace" ADD COLUMN "closure_reason" text;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "billing_provider" text;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "aws_marketplace_subscription_status" text;--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "trial_messages_used" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "removal_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customer" ADD CONSTRAINT "payment_customer_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method" ADD CONSTRAINT "payment_method_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription" ADD CONSTRAINT "billing_subscription_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_notice" ADD CONSTRAINT "trial_notice_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_customer" ADD CONSTRAINT "marketplace_customer_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_sim_token" ADD CONSTRAINT "marketplace_sim_token_customer_identifier_marketplace_sim_customer_customer_identifier_fk" FOREIGN KEY ("customer_identifier") REFERENCES "public"."marketplace_sim_customer"("customer_identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_usage_report" ADD CONSTRAINT "marketplace_usage_report_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "builtin_pay_customer_idempotency_uq" ON "builtin_pay_customer" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "builtin_pay_event_pending_idx" ON "builtin_pay_event" USING btree ("delivered_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "builtin_pay_invoice_idempotency_uq" ON "builtin_pay_invoice" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "builtin_pay_session_idempotency_uq" ON "builtin_pay_session" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "builtin_pay_session_open_idx" ON "builtin_pay_session" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_provider_session_uq" ON "checkout" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "checkout_workspace_idx" ON "checkout" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charge_idempotency_uq" ON "payment_charge" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_charge_workspace_idx" ON "payment_charge" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_workspace_idx" ON "credit_ledger" USING btree ("workspace_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_invoice_uq" ON "credit_ledger" USING btree ("invoice_id","kind") WHERE "credit_ledger"."invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_workspace_period_uq" ON "invoice" USING btree ("workspace_id","period_start");--> statement-breakpoint
CREATE INDEX "invoice_collect_idx" ON "invoice" USING btree ("status") WHERE "invoice"."status" = 'open' and "invoice"."charge_attempted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_line_position_uq" ON "invoice_line" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_line_service_idx" ON "invoice_line" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_plan_period_workspace_idx" ON "service_plan_period" USING btree ("workspace_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_plan_period_open_uq" ON "service_plan_period" USING btree ("service_id") WHERE "service_plan_period"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "trial_notice_unsent_idx" ON "trial_notice" USING btree ("claimed_at") WHERE "trial_notice"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_customer_identifier_uq" ON "marketplace_customer" USING btree ("customer_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_usage_report_hour_uq" ON "marketplace_usage_report" USING btree ("customer_identifier","hour_start","dimension");--> statement-breakpoint
CREATE INDEX "marketplace_usage_report_state_idx" ON "marketplace_usage_report" USING btree ("state");--> statement-breakpoint
CREATE INDEX "service_trial_idx" ON "service" USING btree ("trial_ends_at") WHERE "service"."billing_plan" = 'freeTrial';--> statement-breakpoint
-- Services that existed before plan periods did are billed from their creation (running ones only: a suspended
-- service is not billed until it resumes, which opens its period).
INSERT INTO "service_plan_period" ("id", "service_id", "workspace_id", "service_name", "billing_plan", "nodes", "started_at", "ended_at")
SELECT 'pp-backfill-' || s."id", s."id", s."workspace_id", s."service_name", s."billing_plan", s."no_of_nodes", s."created_at", NULL
FROM "service" s
WHERE s."desired_state" = 'running'
  AND NOT EXISTS (SELECT 1 FROM "service_plan_period" p WHERE p."service_id" = s."id");
--> statement-breakpoint
-- Workspaces already running a paid plan have their subscription (User.subscriptions), as a new paid period gives.
INSERT INTO "billing_subscription" ("id", "workspace_id", "created_at")
SELECT DISTINCT ON (p."workspace_id") 'sub_' || substr(md5(random()::text || p."workspace_id"), 1, 24), p."workspace_id", now()
FROM "service_plan_period" p JOIN "workspace" w ON w."id" = p."workspace_id"
WHERE p."ended_at" IS NULL AND p."billing_plan" NOT IN ('free', 'freeTrial')
ON CONFLICT DO NOTHING;
