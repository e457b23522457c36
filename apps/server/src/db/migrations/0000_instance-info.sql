CREATE TABLE "instance_info" (
	"id" text PRIMARY KEY DEFAULT 'singleton' NOT NULL,
	"instance_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_info_singleton" CHECK ("instance_info"."id" = 'singleton')
);
