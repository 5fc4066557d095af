ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_STORE_USER_ADDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_STORE_USER_REMOVED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_STORE_DETAILS_UPDATED';--> statement-breakpoint
CREATE TABLE "bike_store_users" (
	"user_id" uuid NOT NULL,
	"bike_store_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "bike_store_users_user_id_bike_store_id_pk" PRIMARY KEY("user_id","bike_store_id")
);
--> statement-breakpoint
DROP INDEX "orders_bike_store_idx";--> statement-breakpoint
ALTER TABLE "bike_stores" ADD COLUMN "contact_person_name" text;--> statement-breakpoint
ALTER TABLE "bike_stores" ADD COLUMN "contact_person_email" text;--> statement-breakpoint
ALTER TABLE "bike_store_users" ADD CONSTRAINT "bike_store_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_store_users" ADD CONSTRAINT "bike_store_users_bike_store_id_bike_stores_id_fk" FOREIGN KEY ("bike_store_id") REFERENCES "public"."bike_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_store_users" ADD CONSTRAINT "bike_store_users_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bike_store_users_store_idx" ON "bike_store_users" USING btree ("bike_store_id");--> statement-breakpoint
CREATE INDEX "orders_bike_store_idx" ON "orders" USING btree ("bike_store_id","created_at","id");--> statement-breakpoint
-- A store user's stores are part of the session user (modules/auth/session-user.ts): binding or
-- unbinding a store moves the user's version, so the next request reads them anew (0012).
CREATE TRIGGER "bike_store_users_auth_version_insert" AFTER INSERT ON "bike_store_users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "bike_store_users_auth_version_update" AFTER UPDATE ON "bike_store_users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_changed_rows"();
--> statement-breakpoint
CREATE TRIGGER "bike_store_users_auth_version_delete" AFTER DELETE ON "bike_store_users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_old_rows"();
