CREATE TABLE "contact_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"new_value" text NOT NULL,
	"secret_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_change_requests_kind_check" CHECK ("contact_change_requests"."kind" in ('EMAIL', 'PHONE')),
	CONSTRAINT "contact_change_requests_attempts_check" CHECK ("contact_change_requests"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contact_change_requests" ADD CONSTRAINT "contact_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_change_requests_secret_hash_unique" ON "contact_change_requests" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "contact_change_requests_user_idx" ON "contact_change_requests" USING btree ("user_id","kind","created_at");