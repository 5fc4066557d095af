CREATE TABLE "company_row_counts" (
	"table_name" text NOT NULL,
	"company_id" uuid NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "company_row_counts_pkey" PRIMARY KEY("table_name","company_id")
);
--> statement-breakpoint
-- A list whose only condition is the caller's companies reads its total here (modules/auth/tenancy.ts
-- rowsInScope) instead of counting a group's rows one by one. The triggers below keep the counts in the
-- transaction that writes the rows, whoever writes: a statement's inserted or deleted rows are added or
-- subtracted per company (a bulk insert is one update per company), a row whose company changes is
-- moved, and a truncate empties its table's counts.
CREATE FUNCTION "company_row_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_row_counts" ("table_name", "company_id", "row_count")
  SELECT TG_TABLE_NAME, "company_id", count(*) FROM "new_rows" GROUP BY "company_id" ORDER BY "company_id"
  ON CONFLICT ("table_name", "company_id")
    DO UPDATE SET "row_count" = "company_row_counts"."row_count" + excluded."row_count";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "company_row_counts_subtract"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "company_row_counts" AS "counts" SET "row_count" = "counts"."row_count" - "gone"."n"
  FROM (SELECT "company_id", count(*) AS "n" FROM "old_rows" GROUP BY "company_id") AS "gone"
  WHERE "counts"."table_name" = TG_TABLE_NAME AND "counts"."company_id" = "gone"."company_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "company_row_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "company_row_counts" SET "row_count" = "row_count" - 1
  WHERE "table_name" = TG_TABLE_NAME AND "company_id" = OLD."company_id";
  INSERT INTO "company_row_counts" ("table_name", "company_id", "row_count")
  VALUES (TG_TABLE_NAME, NEW."company_id", 1)
  ON CONFLICT ("table_name", "company_id") DO UPDATE SET "row_count" = "company_row_counts"."row_count" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "company_row_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "company_row_counts" WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "company_row_counts" ("table_name", "company_id", "row_count")
  SELECT 'beneficiary_employees', "company_id", count(*) FROM "beneficiary_employees" GROUP BY "company_id";
--> statement-breakpoint
CREATE TRIGGER "beneficiary_employees_row_count_insert" AFTER INSERT ON "beneficiary_employees" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "beneficiary_employees_row_count_delete" AFTER DELETE ON "beneficiary_employees" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_subtract"();
--> statement-breakpoint
CREATE TRIGGER "beneficiary_employees_row_count_move" AFTER UPDATE OF "company_id" ON "beneficiary_employees" FOR EACH ROW
  WHEN (OLD."company_id" IS DISTINCT FROM NEW."company_id") EXECUTE FUNCTION "company_row_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "beneficiary_employees_row_count_truncate" AFTER TRUNCATE ON "beneficiary_employees" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_clear"();
--> statement-breakpoint
INSERT INTO "company_row_counts" ("table_name", "company_id", "row_count")
  SELECT 'orders', "company_id", count(*) FROM "orders" GROUP BY "company_id";
--> statement-breakpoint
CREATE TRIGGER "orders_row_count_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "orders_row_count_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_subtract"();
--> statement-breakpoint
CREATE TRIGGER "orders_row_count_move" AFTER UPDATE OF "company_id" ON "orders" FOR EACH ROW
  WHEN (OLD."company_id" IS DISTINCT FROM NEW."company_id") EXECUTE FUNCTION "company_row_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "orders_row_count_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_clear"();
--> statement-breakpoint
INSERT INTO "company_row_counts" ("table_name", "company_id", "row_count")
  SELECT 'leasing_agreements', "company_id", count(*) FROM "leasing_agreements" GROUP BY "company_id";
--> statement-breakpoint
CREATE TRIGGER "leasing_agreements_row_count_insert" AFTER INSERT ON "leasing_agreements" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "leasing_agreements_row_count_delete" AFTER DELETE ON "leasing_agreements" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_subtract"();
--> statement-breakpoint
CREATE TRIGGER "leasing_agreements_row_count_move" AFTER UPDATE OF "company_id" ON "leasing_agreements" FOR EACH ROW
  WHEN (OLD."company_id" IS DISTINCT FROM NEW."company_id") EXECUTE FUNCTION "company_row_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "leasing_agreements_row_count_truncate" AFTER TRUNCATE ON "leasing_agreements" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_clear"();
--> statement-breakpoint
INSERT INTO "company_row_counts" ("table_name", "company_id", "row_count")
  SELECT 'user_payments', "company_id", count(*) FROM "user_payments" GROUP BY "company_id";
--> statement-breakpoint
CREATE TRIGGER "user_payments_row_count_insert" AFTER INSERT ON "user_payments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "user_payments_row_count_delete" AFTER DELETE ON "user_payments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_subtract"();
--> statement-breakpoint
CREATE TRIGGER "user_payments_row_count_move" AFTER UPDATE OF "company_id" ON "user_payments" FOR EACH ROW
  WHEN (OLD."company_id" IS DISTINCT FROM NEW."company_id") EXECUTE FUNCTION "company_row_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "user_payments_row_count_truncate" AFTER TRUNCATE ON "user_payments" FOR EACH STATEMENT EXECUTE FUNCTION "company_row_counts_clear"();
