CREATE TABLE "dashboard_revocation" (
	"workspace_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"not_before" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "dashboard_revocation_workspace_id_customer_id_pk" PRIMARY KEY("workspace_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_revocation" ADD CONSTRAINT "dashboard_revocation_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;