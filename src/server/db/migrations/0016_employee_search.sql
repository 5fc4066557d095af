CREATE TABLE "employee_search" (
	"beneficiary_employee_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"email" text
);
--> statement-breakpoint
-- Each employee's name and e-mail beside it, for the lists' searches by a person (db/person-search.ts).
-- The same expression as system_users_full_name_trgm_idx, so a search finds exactly whom it found
-- through system_users.
INSERT INTO "employee_search" ("beneficiary_employee_id", "user_id", "name", "email")
  SELECT "be"."id", "be"."user_id", "su"."first_name" || ' ' || "su"."last_name", "u"."email"
  FROM "beneficiary_employees" AS "be"
  JOIN "users" AS "u" ON "u"."id" = "be"."user_id"
  LEFT JOIN "system_users" AS "su" ON "su"."user_id" = "be"."user_id";
--> statement-breakpoint
ALTER TABLE "employee_search" ADD CONSTRAINT "employee_search_beneficiary_employee_id_beneficiary_employees_id_fk" FOREIGN KEY ("beneficiary_employee_id") REFERENCES "public"."beneficiary_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_search_user_idx" ON "employee_search" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "employee_search_name_trgm_idx" ON "employee_search" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employee_search_email_trgm_idx" ON "employee_search" USING gin ("email" gin_trgm_ops);

--> statement-breakpoint
-- Kept in the writing transaction, whoever writes: a new employee gets its row; a change of a user's
-- name or e-mail, or of an employee's user, reads the user's rows again. A deleted employee's row goes
-- with it (the foreign key's cascade).
CREATE FUNCTION "employee_search_refresh"("user_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "employee_search" AS "s" SET
    "name" = (SELECT "su"."first_name" || ' ' || "su"."last_name" FROM "system_users" AS "su"
      WHERE "su"."user_id" = "s"."user_id"),
    "email" = (SELECT "u"."email" FROM "users" AS "u" WHERE "u"."id" = "s"."user_id")
  WHERE "s"."user_id" = ANY("user_ids");
$$;
--> statement-breakpoint
CREATE FUNCTION "employee_search_add_employees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "employee_search" ("beneficiary_employee_id", "user_id", "name", "email")
    SELECT "n"."id", "n"."user_id", "su"."first_name" || ' ' || "su"."last_name", "u"."email"
    FROM "new_rows" AS "n"
    JOIN "users" AS "u" ON "u"."id" = "n"."user_id"
    LEFT JOIN "system_users" AS "su" ON "su"."user_id" = "n"."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "employee_search_move_employee"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "employee_search" SET "user_id" = NEW."user_id" WHERE "beneficiary_employee_id" = NEW."id";
  PERFORM "employee_search_refresh"(ARRAY[NEW."user_id"]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "employee_search_refresh_new_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "employee_search_refresh"(ARRAY(SELECT "user_id" FROM "new_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "employee_search_refresh_old_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "employee_search_refresh"(ARRAY(SELECT "user_id" FROM "old_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "employee_search_refresh_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "employee_search_refresh"(ARRAY[OLD."user_id", NEW."user_id"]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "employee_search_refresh_email"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "employee_search_refresh"(ARRAY[NEW."id"]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "beneficiary_employees_search_insert" AFTER INSERT ON "beneficiary_employees" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "employee_search_add_employees"();
--> statement-breakpoint
CREATE TRIGGER "beneficiary_employees_search_user" AFTER UPDATE OF "user_id" ON "beneficiary_employees" FOR EACH ROW
  WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "employee_search_move_employee"();
--> statement-breakpoint
CREATE TRIGGER "system_users_search_insert" AFTER INSERT ON "system_users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "employee_search_refresh_new_users"();
--> statement-breakpoint
CREATE TRIGGER "system_users_search_update" AFTER UPDATE OF "first_name", "last_name", "user_id" ON "system_users" FOR EACH ROW
  WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "employee_search_refresh_user"();
--> statement-breakpoint
CREATE TRIGGER "system_users_search_delete" AFTER DELETE ON "system_users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "employee_search_refresh_old_users"();
--> statement-breakpoint
CREATE TRIGGER "users_search_email" AFTER UPDATE OF "email" ON "users" FOR EACH ROW
  WHEN (OLD."email" IS DISTINCT FROM NEW."email") EXECUTE FUNCTION "employee_search_refresh_email"();
