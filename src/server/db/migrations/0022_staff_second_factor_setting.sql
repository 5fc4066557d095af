ALTER TYPE "public"."event_type" ADD VALUE 'PLATFORM_SETTINGS_UPDATED';--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"staff_authenticator_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid,
	CONSTRAINT "platform_settings_one_row" CHECK ("platform_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "platform_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The session users cached between requests (session-user-cache.ts) carry whether a staff user must
-- still set up an authenticator app: the setting moves auth_generation (everyone is read again), and a
-- user's authenticator moves their auth_version, as 0012_session_versions does for roles.
CREATE TRIGGER "platform_settings_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "platform_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();--> statement-breakpoint
CREATE TRIGGER "user_authenticators_auth_version_insert" AFTER INSERT ON "user_authenticators" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_new_rows"();--> statement-breakpoint
CREATE TRIGGER "user_authenticators_auth_version_update" AFTER UPDATE ON "user_authenticators" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_changed_rows"();--> statement-breakpoint
CREATE TRIGGER "user_authenticators_auth_version_delete" AFTER DELETE ON "user_authenticators" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_old_rows"();
