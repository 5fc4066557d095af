ALTER TYPE "public"."event_type" ADD VALUE 'PAYROLL_DELIVERY_SETTINGS_UPDATED' BEFORE 'SYSTEM_UPDATE_PUBLISHED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'PAYROLL_REPORT_DELIVERED' BEFORE 'SYSTEM_UPDATE_PUBLISHED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'PAYROLL_DELIVERY_FAILED' BEFORE 'SYSTEM_UPDATE_PUBLISHED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'PAYROLL_DELIVERY_RESENT' BEFORE 'SYSTEM_UPDATE_PUBLISHED';--> statement-breakpoint
CREATE TABLE "payroll_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"period" date NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"row_count" integer NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_deliveries_status_check" CHECK ("payroll_deliveries"."status" in ('SENDING', 'DELIVERED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "payroll_delivery_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"template" jsonb NOT NULL,
	"cutoff_day" integer DEFAULT 15 NOT NULL,
	"delta_only" boolean DEFAULT false NOT NULL,
	"channel" text DEFAULT 'EMAIL' NOT NULL,
	"sftp_host" text,
	"sftp_port" integer,
	"sftp_username" text,
	"sftp_auth" text,
	"sftp_secret_sealed" text,
	"sftp_directory" text,
	"sftp_file_name_pattern" text,
	"sftp_host_key_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_delivery_settings_cutoff_check" CHECK ("payroll_delivery_settings"."cutoff_day" between 1 and 28),
	CONSTRAINT "payroll_delivery_settings_channel_check" CHECK ("payroll_delivery_settings"."channel" in ('EMAIL', 'SFTP'))
);
--> statement-breakpoint
ALTER TABLE "payroll_report_snapshots" ADD COLUMN "kind" text DEFAULT 'FULL' NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_deliveries" ADD CONSTRAINT "payroll_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_delivery_settings" ADD CONSTRAINT "payroll_delivery_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_deliveries_company_started_idx" ON "payroll_deliveries" USING btree ("company_id","started_at");