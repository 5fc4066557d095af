ALTER TYPE "public"."event_type" ADD VALUE 'SCIM_TOKEN_CREATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'SCIM_TOKEN_ROTATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'SCIM_TOKEN_REVOKED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'SCIM_EMPLOYEE_DEACTIVATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'SCIM_EMPLOYEE_REACTIVATED';--> statement-breakpoint
CREATE TABLE "company_scim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "company_scim_tokens_hash_check" CHECK (length("company_scim_tokens"."token_hash") = 64)
);
--> statement-breakpoint
ALTER TABLE "beneficiary_employees" ADD COLUMN "scim_external_id" text;--> statement-breakpoint
ALTER TABLE "beneficiary_employees" ADD COLUMN "scim_deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_scim_tokens" ADD CONSTRAINT "company_scim_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_scim_tokens" ADD CONSTRAINT "company_scim_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_scim_tokens_hash_unique" ON "company_scim_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "company_scim_tokens_company_active_unique" ON "company_scim_tokens" USING btree ("company_id") WHERE "company_scim_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "beneficiary_employees_company_scim_external_id_idx" ON "beneficiary_employees" USING btree ("company_id","scim_external_id") WHERE "beneficiary_employees"."scim_external_id" is not null;