-- Hand-written while issue 13 is built; squashed into one drizzle-kit migration before it lands.
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
CREATE INDEX "service_plan_period_workspace_idx" ON "service_plan_period" USING btree ("workspace_id","started_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "service_plan_period_open_uq" ON "service_plan_period" USING btree ("service_id") WHERE "service_plan_period"."ended_at" is null;
--> statement-breakpoint
-- Services that existed before plan periods did are billed from their creation (running ones only: a suspended
-- service is not billed until it resumes, which opens its period).
INSERT INTO "service_plan_period" ("id", "service_id", "workspace_id", "service_name", "billing_plan", "nodes", "started_at", "ended_at")
SELECT 'pp-backfill-' || s."id", s."id", s."workspace_id", s."service_name", s."billing_plan", s."no_of_nodes", s."created_at", NULL
FROM "service" s
WHERE s."desired_state" = 'running'
  AND NOT EXISTS (SELECT 1 FROM "service_plan_period" p WHERE p."service_id" = s."id");
--> statement-breakpoint
CREATE TABLE "billing_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_subscription_workspace_uq" UNIQUE("workspace_id")
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
CREATE TABLE "invoice_run" (
	"month" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"invoices_created" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_subscription" ADD CONSTRAINT "billing_subscription_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_workspace_period_uq" ON "invoice" USING btree ("workspace_id","period_start");
--> statement-breakpoint
CREATE INDEX "invoice_collect_idx" ON "invoice" USING btree ("status") WHERE "invoice"."status" = 'open' and "invoice"."charge_attempted_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_line_position_uq" ON "invoice_line" USING btree ("invoice_id","position");
--> statement-breakpoint
-- Workspaces already running a paid plan have their subscription (User.subscriptions), as a new paid period gives.
INSERT INTO "billing_subscription" ("id", "workspace_id", "created_at")
SELECT DISTINCT ON (p."workspace_id") 'sub_' || substr(md5(random()::text || p."workspace_id"), 1, 24), p."workspace_id", now()
FROM "service_plan_period" p JOIN "workspace" w ON w."id" = p."workspace_id"
WHERE p."ended_at" IS NULL AND p."billing_plan" NOT IN ('free', 'freeTrial')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX "invoice_line_service_idx" ON "invoice_line" USING btree ("service_id");
--> statement-breakpoint
CREATE INDEX "credit_ledger_workspace_idx" ON "credit_ledger" USING btree ("workspace_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_invoice_uq" ON "credit_ledger" USING btree ("invoice_id","kind") WHERE "credit_ledger"."invoice_id" is not null;
