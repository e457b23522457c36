-- Hand-written while issue 13 is built; squashed into one drizzle-kit migration before it lands.
-- Free trial lifecycle (docs/decisions/025): the trial's dates on the service, the closure reason on the workspace,
-- and one row per e-mail the trial scheduler sends (its unique key makes each one go out once).
ALTER TABLE "service" ADD COLUMN "trial_started_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "trial_ends_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "trial_messages_used" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "service" ADD COLUMN "removal_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "closure_reason" text;
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
ALTER TABLE "trial_notice" ADD CONSTRAINT "trial_notice_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "trial_notice_unsent_idx" ON "trial_notice" USING btree ("claimed_at") WHERE "trial_notice"."sent_at" is null;
--> statement-breakpoint
CREATE INDEX "service_trial_idx" ON "service" USING btree ("trial_ends_at") WHERE "service"."billing_plan" = 'freeTrial';
