-- Every app instance keeps the sessions it has checked in memory (modules/auth/session-cache.ts) and
-- listens on the channel pedaali_sessions for what ends or changes them, whoever writes: 'u:<user id>'
-- drops that user's sessions, '*' drops every one. A notification is sent when its transaction commits.
-- What a session user is made of already moves users.auth_version or auth_generation (0012, 0022,
-- 0029); a session ends when its refresh_sessions row is revoked for another reason than its rotation
-- (a rotated session stays valid for its access token's life) or is deleted.
CREATE FUNCTION "notify_session_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('pedaali_sessions', 'u:' || OLD."id");
  ELSE
    PERFORM pg_notify('pedaali_sessions', 'u:' || NEW."id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_session_notify_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD."auth_version" IS DISTINCT FROM NEW."auth_version") EXECUTE FUNCTION "notify_session_user"();
--> statement-breakpoint
CREATE TRIGGER "users_session_notify_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_session_user"();
--> statement-breakpoint
CREATE FUNCTION "notify_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pedaali_sessions', 'u:' || "ended"."user_id")
  FROM (
    SELECT DISTINCT n."user_id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE n."revoked_reason" IS DISTINCT FROM 'ROTATED'
      AND (n."revoked_at", n."revoked_reason", n."user_id") IS DISTINCT FROM (o."revoked_at", o."revoked_reason", o."user_id")
    UNION
    SELECT o."user_id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE n."user_id" <> o."user_id"
  ) "ended";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "notify_sessions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pedaali_sessions', 'u:' || "ended"."user_id")
  FROM (SELECT DISTINCT "user_id" FROM "old_rows") "ended";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refresh_sessions_notify_update" AFTER UPDATE ON "refresh_sessions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_ended"();
--> statement-breakpoint
CREATE TRIGGER "refresh_sessions_notify_delete" AFTER DELETE ON "refresh_sessions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_deleted"();
--> statement-breakpoint
CREATE FUNCTION "notify_all_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pedaali_sessions', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "auth_generation_notify" AFTER INSERT OR UPDATE OR DELETE ON "auth_generation" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_sessions"();
