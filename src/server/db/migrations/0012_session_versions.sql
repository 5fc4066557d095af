CREATE TABLE "auth_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_generation_one_row" CHECK ("auth_generation"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auth_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO "auth_generation" ("id", "value") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The session user (modules/auth/session-user.ts) is kept in memory between requests and read again
-- when users.auth_version or auth_generation has moved; these triggers move them on every write of
-- what it is made of, whoever writes.
CREATE FUNCTION "users_bump_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.auth_version := OLD.auth_version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_version" BEFORE UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.phone_number IS DISTINCT FROM NEW.phone_number
    OR OLD.language IS DISTINCT FROM NEW.language OR OLD.deactivated IS DISTINCT FROM NEW.deactivated)
  EXECUTE FUNCTION "users_bump_auth_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_auth_version_of_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "auth_version" = "auth_version" + 1 WHERE "id" IN (SELECT "user_id" FROM "new_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_auth_version_of_old_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "auth_version" = "auth_version" + 1 WHERE "id" IN (SELECT "user_id" FROM "old_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_auth_version_of_changed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "auth_version" = "auth_version" + 1
  WHERE "id" IN (SELECT "user_id" FROM "new_rows" UNION SELECT "user_id" FROM "old_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "system_users_auth_version_insert" AFTER INSERT ON "system_users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "system_users_auth_version_update" AFTER UPDATE ON "system_users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_changed_rows"();
--> statement-breakpoint
CREATE TRIGGER "system_users_auth_version_delete" AFTER DELETE ON "system_users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_version_insert" AFTER INSERT ON "user_roles" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_version_update" AFTER UPDATE ON "user_roles" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_changed_rows"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_version_delete" AFTER DELETE ON "user_roles" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "user_preferences_auth_version_insert" AFTER INSERT ON "user_preferences" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "user_preferences_auth_version_update" AFTER UPDATE ON "user_preferences" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_changed_rows"();
--> statement-breakpoint
CREATE TRIGGER "user_preferences_auth_version_delete" AFTER DELETE ON "user_preferences" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version_of_old_rows"();
--> statement-breakpoint
CREATE FUNCTION "bump_auth_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_generation" SET "value" = "value" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_auth_generation" AFTER INSERT OR DELETE OR UPDATE OF "name", "group_company_id", "deleted_at" ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();
--> statement-breakpoint
CREATE TRIGGER "permissions_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();
