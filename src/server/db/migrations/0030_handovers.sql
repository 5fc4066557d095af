ALTER TYPE "public"."event_type" ADD VALUE 'HANDOVER_PHOTO_ADDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'HANDOVER_PHOTO_REMOVED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'HANDOVER_RECORDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'HANDOVER_SIGNED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'HANDOVER_DEFECT_REPORTED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'LEASING_COMPANY_E_INVOICE_UPDATED';--> statement-breakpoint
CREATE TABLE "handover_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"bike_store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'AWAITING_EMPLOYEE' NOT NULL,
	"frame_number" text NOT NULL,
	"battery_serial" text,
	"accessories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pickup_code_checked_at" timestamp with time zone,
	"store_signed_by_user_id" uuid NOT NULL,
	"store_signed_at" timestamp with time zone NOT NULL,
	"store_signer_ip" text,
	"store_signer_user_agent" text,
	"employee_signing_place" text,
	"employee_signer_name" text,
	"employee_signed_by_user_id" uuid,
	"employee_signed_at" timestamp with time zone,
	"employee_signer_ip" text,
	"employee_signer_user_agent" text,
	"handover_date" date,
	"defect_window_ends_on" date,
	"file_id" uuid,
	"document_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handovers_completed_check" CHECK (("handovers"."status" = 'COMPLETED') = ("handovers"."employee_signed_at" is not null and "handovers"."handover_date" is not null
        and "handovers"."file_id" is not null and "handovers"."document_sha256" is not null and "handovers"."employee_signing_place" is not null)),
	CONSTRAINT "handovers_pickup_code_check" CHECK (("handovers"."kind" = 'IN_STORE') = ("handovers"."pickup_code_checked_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "handover_photos" ADD CONSTRAINT "handover_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_photos" ADD CONSTRAINT "handover_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_bike_store_id_bike_stores_id_fk" FOREIGN KEY ("bike_store_id") REFERENCES "public"."bike_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_store_signed_by_user_id_users_id_fk" FOREIGN KEY ("store_signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_employee_signed_by_user_id_users_id_fk" FOREIGN KEY ("employee_signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_photos_order_idx" ON "handover_photos" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_order_unique" ON "handovers" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_sha256_unique" ON "handovers" USING btree ("document_sha256");--> statement-breakpoint
CREATE INDEX "handovers_store_idx" ON "handovers" USING btree ("bike_store_id","created_at");--> statement-breakpoint
CREATE INDEX "handovers_company_idx" ON "handovers" USING btree ("company_id");