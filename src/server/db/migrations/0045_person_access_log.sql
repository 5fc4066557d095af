CREATE TABLE "person_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"viewer_user_id" uuid,
	"subject_user_id" uuid,
	"company_id" uuid,
	"kind" text NOT NULL,
	"shown_count" integer,
	"address_range" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_access_log_kind_check" CHECK (kind in ('EMPLOYEE_DETAILS', 'USER_DETAILS', 'CLAIM_FILE', 'PERSONAL_DATA_EXPORT', 'EMPLOYEE_LIST', 'USER_LIST'))
);
--> statement-breakpoint
ALTER TABLE "person_access_log" ADD CONSTRAINT "person_access_log_viewer_user_id_users_id_fk" FOREIGN KEY ("viewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_access_log" ADD CONSTRAINT "person_access_log_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_access_log" ADD CONSTRAINT "person_access_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_access_log_subject_idx" ON "person_access_log" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "person_access_log_viewer_idx" ON "person_access_log" USING btree ("viewer_user_id","created_at");