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
