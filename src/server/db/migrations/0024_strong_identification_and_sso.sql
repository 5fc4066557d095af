CREATE TABLE "company_identity_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"preset" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_identity_providers_preset_check" CHECK ("company_identity_providers"."preset" in ('ENTRA_ID', 'GOOGLE', 'OIDC'))
);
--> statement-breakpoint
CREATE TABLE "oidc_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"issuer" text NOT NULL,
	"user_id" uuid,
	"order_id" uuid,
	"company_id" uuid,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oidc_sign_ins_purpose_check" CHECK ("oidc_sign_ins"."purpose" in ('SIGN_AGREEMENT', 'APPROVE_ORDER', 'SSO_LOGIN'))
);
--> statement-breakpoint
CREATE TABLE "sso_email_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_email_domains_lower_check" CHECK ("sso_email_domains"."domain" = lower("sso_email_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "strong_identifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"verified_name" text NOT NULL,
	"level_of_assurance" text,
	"authenticated_at" timestamp with time zone,
	"id_token" text NOT NULL,
	"identity_code_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_external_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "signing_policy" text DEFAULT 'SMS_CODE' NOT NULL;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD COLUMN "signing_method" text;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD COLUMN "strong_identification_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_code_hash" text;--> statement-breakpoint
ALTER TABLE "company_identity_providers" ADD CONSTRAINT "company_identity_providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_email_domains" ADD CONSTRAINT "sso_email_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strong_identifications" ADD CONSTRAINT "strong_identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strong_identifications" ADD CONSTRAINT "strong_identifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_external_identities" ADD CONSTRAINT "user_external_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_external_identities" ADD CONSTRAINT "user_external_identities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_identity_providers_company_unique" ON "company_identity_providers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_sign_ins_state_unique" ON "oidc_sign_ins" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_expires_idx" ON "oidc_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_email_domains_company_idx" ON "sso_email_domains" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "strong_identifications_order_idx" ON "strong_identifications" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_external_identities_subject_unique" ON "user_external_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_external_identities_user_idx" ON "user_external_identities" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_strong_identification_id_strong_identifications_id_fk" FOREIGN KEY ("strong_identification_id") REFERENCES "public"."strong_identifications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_signing_policy_check" CHECK ("companies"."signing_policy" in ('SMS_CODE', 'STRONG_OR_SMS_CODE', 'STRONG'));--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_strong_evidence_check" CHECK (("signed_documents"."signing_method" = 'STRONG') = ("signed_documents"."strong_identification_id" is not null));--> statement-breakpoint
-- Every signature made so far was made with a code sent by SMS.
UPDATE "signed_documents" SET "signing_method" = 'SMS_CODE' WHERE "signed_by_user_id" IS NOT NULL;
