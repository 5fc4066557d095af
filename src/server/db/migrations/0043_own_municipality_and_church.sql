CREATE TYPE "public"."church" AS ENUM('NONE', 'EVANGELICAL_LUTHERAN', 'ORTHODOX');--> statement-breakpoint
ALTER TABLE "system_users" ADD COLUMN "municipality_code" text;--> statement-breakpoint
ALTER TABLE "system_users" ADD COLUMN "church" "church";--> statement-breakpoint
ALTER TABLE "system_users" ADD CONSTRAINT "system_users_municipality_code_check" CHECK ("system_users"."municipality_code" is null or "system_users"."municipality_code" ~ '^[0-9]{3}$');