CREATE TYPE "public"."invitation_source" AS ENUM('employer', 'scim', 'import');--> statement-breakpoint
CREATE TYPE "public"."invitation_status" AS ENUM('PENDING', 'ACCEPTED', 'DECLINED', 'WITHDRAWN');--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYMENT_INVITED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYMENT_INVITATION_UPDATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYMENT_INVITATION_ACCEPTED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYMENT_INVITATION_DECLINED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYMENT_INVITATION_WITHDRAWN';--> statement-breakpoint
CREATE TABLE "employment_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"language" "language" DEFAULT 'fi' NOT NULL,
	"employer_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" "invitation_source" NOT NULL,
	"status" "invitation_status" DEFAULT 'PENDING' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"scim_external_id" text,
	"invited_by_user_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employment_invitations" ADD CONSTRAINT "employment_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_invitations" ADD CONSTRAINT "employment_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_invitations" ADD CONSTRAINT "employment_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employment_invitations_open_unique" ON "employment_invitations" USING btree ("company_id","user_id") WHERE "employment_invitations"."status" in ('PENDING', 'DECLINED');--> statement-breakpoint
CREATE INDEX "employment_invitations_company_created_idx" ON "employment_invitations" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "employment_invitations_user_status_idx" ON "employment_invitations" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "employment_invitations_company_email_idx" ON "employment_invitations" USING btree ("company_id","email");--> statement-breakpoint
CREATE INDEX "employment_invitations_company_scim_external_id_idx" ON "employment_invitations" USING btree ("company_id","scim_external_id") WHERE "employment_invitations"."scim_external_id" is not null;