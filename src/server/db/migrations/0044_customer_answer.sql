ALTER TYPE "public"."event_type" ADD VALUE 'ORDER_CUSTOMER_ANSWERED';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_answered_at" timestamp with time zone;