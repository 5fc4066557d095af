CREATE TYPE "public"."previous_provider" AS ENUM('Gobybike Finland Oy', 'Vapaus Bikes Finland Oy', 'Epassi Finland Oy', 'Fleet Innovation Oy', 'Bikelink Oy', 'Electrobike', '3stepit');--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ROLE_CREATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ROLE_DELETED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ROLE_PERMISSION_ADDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ROLE_PERMISSION_REMOVED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'USER_ROLE_ASSIGNED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'USER_ROLE_REMOVED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'COMPANY_CREATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'COMPANY_UPDATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'COMPANY_DELETED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'COMPANY_APPLICATION_ACCEPTED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'COMPANY_APPLICATION_REJECTED';--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "previous_provider" "previous_provider";--> statement-breakpoint
CREATE INDEX "event_log_created_idx" ON "event_log" USING btree ("created_at");