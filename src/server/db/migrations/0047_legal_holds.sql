ALTER TYPE "public"."event_type" ADD VALUE 'PERSON_ERASED';--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_user_id" uuid,
	"erasure_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"legal_basis" text NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_holds_entity_type_check" CHECK (length("legal_holds"."entity_type") > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_holds_subject_idx" ON "legal_holds" USING btree ("subject_user_id");--> statement-breakpoint
CREATE INDEX "legal_holds_ends_idx" ON "legal_holds" USING btree ("ends_on");--> statement-breakpoint
CREATE INDEX "legal_holds_entity_idx" ON "legal_holds" USING btree ("entity_type","entity_id");