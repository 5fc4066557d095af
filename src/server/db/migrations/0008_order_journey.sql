CREATE TABLE "leasing_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"leasing_agreement_id" uuid NOT NULL,
	"decision" "leasing_agreement_status" NOT NULL,
	"agreement_number" text,
	"reason" text,
	"decided_by_user_id" uuid,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leasing_decisions_decision_check" CHECK ("leasing_decisions"."decision" in ('ACCEPTED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "leasing_agreements" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD COLUMN "signed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD COLUMN "signer_ip" text;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD COLUMN "signer_user_agent" text;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD COLUMN "document_sha256" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "package_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "package_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "user_payment_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "employer_approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "employer_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "employer_approved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "leasing_decisions" ADD CONSTRAINT "leasing_decisions_leasing_agreement_id_leasing_agreements_id_fk" FOREIGN KEY ("leasing_agreement_id") REFERENCES "public"."leasing_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leasing_decisions" ADD CONSTRAINT "leasing_decisions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leasing_decisions_unapplied_idx" ON "leasing_decisions" USING btree ("created_at") WHERE "leasing_decisions"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "leasing_decisions_agreement_idx" ON "leasing_decisions" USING btree ("leasing_agreement_id");--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_employer_approved_by_user_id_users_id_fk" FOREIGN KEY ("employer_approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signed_documents_sha256_unique" ON "signed_documents" USING btree ("document_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_package_token_hash_unique" ON "orders" USING btree ("package_token_hash");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_payment_check" CHECK ("orders"."user_payment_cents" >= 0);