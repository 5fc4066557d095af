CREATE TABLE "company_join_rules" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"domain_joiners" text DEFAULT 'WAIT' NOT NULL,
	"domains_only" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_join_rules_domain_joiners_check" CHECK ("company_join_rules"."domain_joiners" in ('WAIT', 'ACCEPT')),
	CONSTRAINT "company_join_rules_domains_only_check" CHECK (not "company_join_rules"."domains_only" or cardinality("company_join_rules"."domains") > 0)
);
--> statement-breakpoint
ALTER TABLE "beneficiary_employees" ADD COLUMN "join_confirmation_hash" text;--> statement-breakpoint
ALTER TABLE "beneficiary_employees" ADD COLUMN "join_confirmation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_join_rules" ADD CONSTRAINT "company_join_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_join_rules" ADD CONSTRAINT "company_join_rules_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiary_employees_join_confirmation_unique" ON "beneficiary_employees" USING btree ("join_confirmation_hash") WHERE "beneficiary_employees"."join_confirmation_hash" is not null;