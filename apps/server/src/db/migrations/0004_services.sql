CREATE TABLE "service" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"service_name" text NOT NULL,
	"label" text,
	"region" text NOT NULL,
	"billing_plan" text NOT NULL,
	"provisioning_plan" text,
	"herald_version" text NOT NULL,
	"no_of_nodes" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'CHECKING' NOT NULL,
	"desired_state" text DEFAULT 'running' NOT NULL,
	"restart_generation" integer DEFAULT 0 NOT NULL,
	"reset_generation" integer DEFAULT 0 NOT NULL,
	"suspension_reason" text,
	"sensitive_data" boolean DEFAULT false NOT NULL,
	"free_trial" boolean DEFAULT false NOT NULL,
	"interested_alerts" jsonb DEFAULT '{"topicsCapacity":true,"remoteServer":true}'::jsonb NOT NULL,
	"hint_color" text,
	"use_console_sso" boolean DEFAULT false NOT NULL,
	"scheduled_version" text,
	"scheduled_timestamp" bigint,
	"mqtt_port" integer,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"credential_version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_key" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "payment_method_exempted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "manually_billed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "credit_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "free_trial_used" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service" ADD CONSTRAINT "service_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_service_name_idx" ON "service" USING btree ("service_name");--> statement-breakpoint
CREATE UNIQUE INDEX "service_client_id_idx" ON "service" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_mqtt_port_idx" ON "service" USING btree ("mqtt_port") WHERE "service"."mqtt_port" is not null;--> statement-breakpoint
CREATE INDEX "service_workspace_id_idx" ON "service" USING btree ("workspace_id");