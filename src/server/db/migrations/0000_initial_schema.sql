CREATE TYPE "public"."absence_reason" AS ENUM('SICK_LEAVE', 'PARENTAL_LEAVE', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."delivery_method" AS ENUM('PICKUP', 'HOME_DELIVERY');--> statement-breakpoint
CREATE TYPE "public"."employee_status" AS ENUM('PENDING', 'ACCEPTED', 'REJECTED', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."event_type" AS ENUM('USER_CREATED', 'USER_AUTO_DEACTIVATED', 'USER_ACTIVATED', 'USER_DEACTIVATED', 'ORDER_CONFIRMED', 'ORDER_PROCESSED', 'ORDER_SENT', 'SERIAL_NUMBER_UPDATED', 'DELIVERY_DATE_UPDATED', 'ORDER_STATUS_UPDATED', 'ORDER_GRENKE_INVOICE_SENT', 'LEASING_AGREEMENT_SIGNED', 'LEASING_AGREEMENT_REJECTED', 'LEASING_MONTHLY_PAYMENT_UPDATED', 'LEASING_STARTED', 'LEASING_ENDED', 'BIKE_REDEMPTION_STARTED', 'BIKE_REDEMPTION_USER_PAYMENT_SENT', 'BIKE_REDEMPTION_USER_PAYMENT_PAID', 'BIKE_REDEMPTION_GRENKE_INVOICE_SENT', 'BIKE_REDEMPTION_COMPLETED', 'INSURANCE_CASE_STARTED', 'INSURANCE_CASE_COMPLETED', 'INSURANCE_GRENKE_INVOICE_SENT', 'INSURANCE_REPAIR_INVOICE_SENT', 'INSURANCE_END_OF_LEASING_COMPLETED', 'INSURANCE_REPAIR_BIKE_SUBMITTED', 'INSURANCE_NEW_BIKE_CASE_SUBMITTED');--> statement-breakpoint
CREATE TYPE "public"."insurance_claim_outcome" AS ENUM('REPAIR', 'NEW_BIKE', 'END_OF_LEASING');--> statement-breakpoint
CREATE TYPE "public"."insurance_claim_type" AS ENUM('THEFT', 'DAMAGE');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('UNFINISHED', 'NOT_SENT', 'SENT', 'RECEIVED', 'PAID', 'PAYMENT_DENIED', 'VERIFIED', 'APPROVED', 'INVALIDATED', 'PAYMENT_QUEUED', 'PARTLY_PAID', 'PAYMENT_SENT_TO_BANK', 'MARKED_PAID', 'STARTED', 'INVOICED', 'OVERRIDDEN', 'DELETED', 'UNSAVED', 'PAYMENT_TRANSACTION_REMOVED');--> statement-breakpoint
CREATE TYPE "public"."language" AS ENUM('fi', 'en', 'sv');--> statement-breakpoint
CREATE TYPE "public"."leasing_agreement_status" AS ENUM('PENDING', 'ACCEPTED', 'REJECTED', 'SIGNED');--> statement-breakpoint
CREATE TYPE "public"."notification_priority" AS ENUM('LOW', 'NORMAL', 'HIGH');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('EMPLOYEE_ORDER', 'EMPLOYEE_REGISTRATION', 'SYSTEM_UPDATE', 'PAYMENT_REMINDER', 'ORDER_STATUS_CHANGE', 'GENERAL');--> statement-breakpoint
CREATE TYPE "public"."order_cancellation_status" AS ENUM('PENDING', 'COMPLETED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."order_item_type" AS ENUM('BIKE', 'ACCESSORY', 'SERVICE', 'INSURANCE', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('NOT_STARTED', 'PENDING', 'PACKAGE_PROVIDED', 'ALL_INFO_PROVIDED', 'CONFIRMED', 'PROCESSED', 'WAITING_FOR_INVOICE_MATCH', 'WAITING_FOR_DELIVERY_DATE', 'READY_FOR_BILLING', 'GRENKE_INVOICE_SENT', 'ACTIVE_LEASING', 'WAITING_FOR_CUSTOMER_COMMENT', 'CANCELLED', 'CASE_X', 'WIX', 'REFUNDED');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('EMAIL', 'SMS');--> statement-breakpoint
CREATE TYPE "public"."payer_type" AS ENUM('BIKE_STORE', 'PEDAALI', 'GRENKE', 'LEASE_PLUS', 'SVEA', 'EMPLOYEE', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('PAYROLL', 'BATCH');--> statement-breakpoint
CREATE TYPE "public"."payment_mode" AS ENUM('PAYROLL', 'BATCH', 'ALL');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('COMPLETED', 'PENDING', 'PAID', 'NOT_PAID', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('PENDING', 'ACCEPTED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."simple_state" AS ENUM('PENDING', 'COMPLETED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"replaced_by_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"last_used_at" timestamp with time zone,
	"user_agent" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"company_id" uuid,
	"group_company_id" uuid,
	"created_by_user_id" uuid,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"use_count" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_links_target_check" CHECK (num_nonnulls("registration_links"."company_id", "registration_links"."group_company_id") = 1),
	CONSTRAINT "registration_links_uses_check" CHECK ("registration_links"."use_count" >= 0 and ("registration_links"."max_uses" is null or "registration_links"."max_uses" > 0))
);
--> statement-breakpoint
CREATE TABLE "two_factor_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"challenge_token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"phone_number" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_challenges_attempts_check" CHECK ("two_factor_challenges"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bike_brokerages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"company_id" uuid,
	"order_id" uuid,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone_number" text,
	"brand" text,
	"model" text,
	"model_year" integer,
	"frame_size" text,
	"description" text,
	"asking_price_cents" integer,
	"status" "simple_state" DEFAULT 'PENDING' NOT NULL,
	"admin_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bike_brokerages_price_check" CHECK ("bike_brokerages"."asking_price_cents" is null or "bike_brokerages"."asking_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"business_id" text,
	"group_company_id" uuid,
	"country_code" text DEFAULT 'FI' NOT NULL,
	"vat_percent" numeric(6, 3),
	"max_price_cents" integer,
	"payment_mode" "payment_mode" DEFAULT 'PAYROLL' NOT NULL,
	"leasing_company_id" uuid,
	"billing_table_id" uuid,
	"street_address" text,
	"postal_code" text,
	"city" text,
	"billing_email" text,
	"e_invoice_address" text,
	"e_invoice_operator" text,
	"contact_name" text,
	"contact_email" text,
	"contact_phone_number" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_max_price_check" CHECK ("companies"."max_price_cents" is null or "companies"."max_price_cents" >= 0),
	CONSTRAINT "companies_vat_check" CHECK ("companies"."vat_percent" is null or "companies"."vat_percent" between 0 and 100),
	CONSTRAINT "companies_country_code_check" CHECK ("companies"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "company_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"unit_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_units_name_check" CHECK (length(trim("company_units"."unit_name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "group_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"business_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bike_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"min_lease_time_months" integer DEFAULT 12 NOT NULL,
	"max_lease_time_months" integer DEFAULT 36 NOT NULL,
	"requires_employer_approval" boolean DEFAULT true NOT NULL,
	"accessories_allowed" boolean DEFAULT true NOT NULL,
	"maintenance_included" boolean DEFAULT false NOT NULL,
	"insurance_required" boolean DEFAULT true NOT NULL,
	"policy_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bike_policies_lease_time_check" CHECK ("bike_policies"."min_lease_time_months" between 12 and 60 and "bike_policies"."max_lease_time_months" between 12 and 60
        and "bike_policies"."min_lease_time_months" <= "bike_policies"."max_lease_time_months")
);
--> statement-breakpoint
CREATE TABLE "company_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"business_id" text NOT NULL,
	"contact_first_name" text NOT NULL,
	"contact_last_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone_number" text,
	"employee_count" integer,
	"message" text,
	"status" "request_status" DEFAULT 'PENDING' NOT NULL,
	"reviewed_by_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_applications_employee_count_check" CHECK ("company_applications"."employee_count" is null or "company_applications"."employee_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "group_payroll_report_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_report_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beneficiary_employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"unit_id" uuid,
	"cost_unit" text,
	"employee_number" text,
	"pay_roll_other" text,
	"last_working_day_date" date DEFAULT '2999-01-01' NOT NULL,
	"job_trial_period_end_date" date,
	"status" "employee_status" DEFAULT 'PENDING' NOT NULL,
	"employer_note" text,
	"max_price_cents" integer,
	"absence_reason" "absence_reason",
	"absence_reason_other" text,
	"absence_start_date" date,
	"absence_end_date" date,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiary_employees_max_price_check" CHECK ("beneficiary_employees"."max_price_cents" is null or "beneficiary_employees"."max_price_cents" >= 0),
	CONSTRAINT "beneficiary_employees_absence_dates_check" CHECK ("beneficiary_employees"."absence_end_date" is null or "beneficiary_employees"."absence_start_date" is null or "beneficiary_employees"."absence_end_date" >= "beneficiary_employees"."absence_start_date")
);
--> statement-breakpoint
CREATE TABLE "event_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "event_type" NOT NULL,
	"actor_user_id" uuid,
	"company_id" uuid,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_log_entity_type_check" CHECK (length("event_log"."entity_type") > 0)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by_user_id" uuid,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_size_check" CHECK ("files"."size_bytes" >= 0 and "files"."size_bytes" = octet_length("files"."content")),
	CONSTRAINT "files_sha256_check" CHECK ("files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "billing_table_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_table_id" uuid NOT NULL,
	"lease_time_months" integer NOT NULL,
	"min_total_cents" integer DEFAULT 0 NOT NULL,
	"max_total_cents" integer,
	"leasing_factor" numeric(10, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_table_rows_lease_time_check" CHECK ("billing_table_rows"."lease_time_months" between 12 and 60),
	CONSTRAINT "billing_table_rows_bracket_check" CHECK ("billing_table_rows"."min_total_cents" >= 0 and ("billing_table_rows"."max_total_cents" is null or "billing_table_rows"."max_total_cents" > "billing_table_rows"."min_total_cents")),
	CONSTRAINT "billing_table_rows_factor_check" CHECK ("billing_table_rows"."leasing_factor" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"leasing_company_id" uuid,
	"valid_from" date,
	"valid_to" date,
	"monthly_service_fee_cents" integer DEFAULT 0 NOT NULL,
	"residual_value_percent" numeric(6, 3),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_tables_service_fee_check" CHECK ("billing_tables"."monthly_service_fee_cents" >= 0),
	CONSTRAINT "billing_tables_residual_value_check" CHECK ("billing_tables"."residual_value_percent" is null or "billing_tables"."residual_value_percent" between 0 and 100),
	CONSTRAINT "billing_tables_validity_check" CHECK ("billing_tables"."valid_to" is null or "billing_tables"."valid_from" is null or "billing_tables"."valid_to" >= "billing_tables"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "leasing_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"business_id" text,
	"email" text,
	"phone_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_code" text NOT NULL,
	"rate_percent" numeric(6, 3) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_rate_check" CHECK ("vat_rates"."rate_percent" between 0 and 100),
	CONSTRAINT "vat_rates_country_code_check" CHECK ("vat_rates"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "vat_rates_validity_check" CHECK ("vat_rates"."valid_to" is null or "vat_rates"."valid_to" >= "vat_rates"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"beneficiary_employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"type" "insurance_claim_type" NOT NULL,
	"status" "simple_state" DEFAULT 'PENDING' NOT NULL,
	"outcome" "insurance_claim_outcome",
	"incident_date" date,
	"description" text,
	"police_report_number" text,
	"repair_cost_cents" integer,
	"deductible_cents" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_claims_cents_check" CHECK (("insurance_claims"."repair_cost_cents" is null or "insurance_claims"."repair_cost_cents" >= 0)
        and ("insurance_claims"."deductible_cents" is null or "insurance_claims"."deductible_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text,
	"status" "invoice_status" DEFAULT 'UNFINISHED' NOT NULL,
	"payer_type" "payer_type" NOT NULL,
	"company_id" uuid,
	"order_id" uuid,
	"bike_store_id" uuid,
	"leasing_company_id" uuid,
	"bike_redemption_id" uuid,
	"insurance_claim_id" uuid,
	"description" text,
	"amount_cents" integer NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_amount_cents" integer DEFAULT 0 NOT NULL,
	"reference_number" text,
	"issue_date" date,
	"due_date" date,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_cents_check" CHECK ("invoices"."amount_cents" >= 0 and "invoices"."vat_cents" >= 0 and "invoices"."paid_amount_cents" >= 0
        and "invoices"."total_cents" = "invoices"."amount_cents" + "invoices"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "leasing_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"beneficiary_employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"leasing_company_id" uuid NOT NULL,
	"status" "leasing_agreement_status",
	"agreement_number" text,
	"lease_time_months" integer NOT NULL,
	"monthly_payment_cents" integer NOT NULL,
	"total_price_cents" integer NOT NULL,
	"residual_value_cents" integer,
	"start_date" date,
	"end_date" date,
	"signed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"rejection_reason" text,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leasing_agreements_lease_time_check" CHECK ("leasing_agreements"."lease_time_months" between 12 and 60),
	CONSTRAINT "leasing_agreements_cents_check" CHECK ("leasing_agreements"."monthly_payment_cents" >= 0 and "leasing_agreements"."total_price_cents" >= 0
        and ("leasing_agreements"."residual_value_cents" is null or "leasing_agreements"."residual_value_cents" >= 0)),
	CONSTRAINT "leasing_agreements_dates_check" CHECK ("leasing_agreements"."end_date" is null or "leasing_agreements"."start_date" is null or "leasing_agreements"."end_date" > "leasing_agreements"."start_date")
);
--> statement-breakpoint
CREATE TABLE "signed_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"beneficiary_employee_id" uuid NOT NULL,
	"leasing_agreement_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"payment_status" "payment_status" DEFAULT 'PENDING' NOT NULL,
	"leasing_sign_date" date,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"company_name" text,
	"subject" text,
	"message" text NOT NULL,
	"source" text,
	"checked" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"type" "notification_type" NOT NULL,
	"priority" "notification_priority" DEFAULT 'NORMAL' NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"entity_type" text,
	"entity_id" uuid,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_read_at_check" CHECK ("notifications"."read" = ("notifications"."read_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body_text" text NOT NULL,
	"body_html" text,
	"template" text,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" "simple_state" DEFAULT 'PENDING' NOT NULL,
	"company_id" uuid,
	"assigned_to_user_id" uuid,
	"created_by_user_id" uuid,
	"entity_type" text,
	"entity_id" uuid,
	"due_date" date,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" "order_cancellation_status" DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"refund_amount_cents" integer DEFAULT 0 NOT NULL,
	"payer_type" "payer_type",
	"note" text,
	"requested_by_user_id" uuid,
	"completed_at" timestamp with time zone,
	"completed_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_cancellations_refund_check" CHECK ("order_cancellations"."refund_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"item_type" "order_item_type" DEFAULT 'BIKE' NOT NULL,
	"name" text NOT NULL,
	"brand" text,
	"model" text,
	"model_year" integer,
	"frame_size" text,
	"color" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"vat_percent" numeric(6, 3),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_cents_check" CHECK ("order_items"."unit_price_cents" >= 0 and "order_items"."discount_cents" >= 0
        and "order_items"."discount_cents" <= "order_items"."unit_price_cents" * "order_items"."quantity"),
	CONSTRAINT "order_items_vat_check" CHECK ("order_items"."vat_percent" is null or "order_items"."vat_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1),
	"beneficiary_employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"bike_store_id" uuid,
	"leasing_company_id" uuid,
	"billing_table_id" uuid,
	"order_status" "order_status" DEFAULT 'NOT_STARTED' NOT NULL,
	"previous_status" "order_status",
	"is_online_order" boolean DEFAULT false NOT NULL,
	"is_order_confirmed" boolean DEFAULT false NOT NULL,
	"bike_store_order_number" text,
	"external_order_id" text,
	"order_paid_date" date,
	"delivery_method" "delivery_method",
	"delivery_street_address" text,
	"delivery_postal_code" text,
	"delivery_city" text,
	"total_price_cents" integer DEFAULT 0 NOT NULL,
	"vat_percent" numeric(6, 3),
	"lease_time_months" integer,
	"monthly_payment_cents" integer,
	"residual_value_cents" integer,
	"frame_serial_number" text,
	"delivery_date" date,
	"delivery_token_hash" text,
	"delivery_token_expires_at" timestamp with time zone,
	"customer_comment" text,
	"admin_note" text,
	"confirmed_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_price_check" CHECK ("orders"."total_price_cents" >= 0),
	CONSTRAINT "orders_monthly_payment_check" CHECK ("orders"."monthly_payment_cents" is null or "orders"."monthly_payment_cents" >= 0),
	CONSTRAINT "orders_residual_value_check" CHECK ("orders"."residual_value_cents" is null or "orders"."residual_value_cents" >= 0),
	CONSTRAINT "orders_lease_time_check" CHECK ("orders"."lease_time_months" is null or "orders"."lease_time_months" between 12 and 60),
	CONSTRAINT "orders_vat_check" CHECK ("orders"."vat_percent" is null or "orders"."vat_percent" between 0 and 100),
	CONSTRAINT "orders_previous_status_check" CHECK (("orders"."order_status" = 'WAITING_FOR_CUSTOMER_COMMENT') = ("orders"."previous_status" is not null)
        and ("orders"."previous_status" is null or "orders"."previous_status" <> 'WAITING_FOR_CUSTOMER_COMMENT'))
);
--> statement-breakpoint
CREATE TABLE "refund_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_cancellation_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"amount_cents" integer,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_uploads_amount_check" CHECK ("refund_uploads"."amount_cents" is null or "refund_uploads"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bike_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"beneficiary_employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"leasing_agreement_id" uuid,
	"status" "simple_state" DEFAULT 'PENDING' NOT NULL,
	"payment_method" "payment_method" DEFAULT 'PAYROLL' NOT NULL,
	"redemption_price_cents" integer NOT NULL,
	"vat_percent" numeric(6, 3),
	"note" text,
	"user_payment_sent_at" timestamp with time zone,
	"user_payment_paid_at" timestamp with time zone,
	"leasing_company_invoice_sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bike_redemptions_price_check" CHECK ("bike_redemptions"."redemption_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redemption_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_redemption_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"offer_price_cents" integer,
	"valid_until" date,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_offers_price_check" CHECK ("redemption_offers"."offer_price_cents" is null or "redemption_offers"."offer_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redemption_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_redemption_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" "payment_status" DEFAULT 'PENDING' NOT NULL,
	"payer_type" "payer_type" DEFAULT 'EMPLOYEE' NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference_number" text,
	"due_date" date,
	"paid_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_payments_amount_check" CHECK ("redemption_payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"beneficiary_employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"bike_redemption_id" uuid,
	"description" text,
	"amount_cents" integer NOT NULL,
	"payment_method" "payment_method" DEFAULT 'BATCH' NOT NULL,
	"payment_status" "payment_status" DEFAULT 'PENDING' NOT NULL,
	"reference_number" text,
	"due_date" date,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"is_user_payment_done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_payments_amount_check" CHECK ("user_payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bike_store_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bike_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_name" text NOT NULL,
	"bike_store_group_id" uuid,
	"business_id" text,
	"email" text,
	"phone_number" text,
	"website" text,
	"street_address" text,
	"postal_code" text,
	"city" text,
	"is_online_store" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "province_tax_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"province_name" text NOT NULL,
	"municipal_tax_percent" numeric(6, 3) NOT NULL,
	"church_tax_percent" numeric(6, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "province_tax_tables_year_check" CHECK ("province_tax_tables"."year" between 2000 and 2100),
	CONSTRAINT "province_tax_tables_municipal_check" CHECK ("province_tax_tables"."municipal_tax_percent" between 0 and 100),
	CONSTRAINT "province_tax_tables_church_check" CHECK ("province_tax_tables"."church_tax_percent" is null or "province_tax_tables"."church_tax_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "state_income_tax_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"lower_limit_cents" integer NOT NULL,
	"upper_limit_cents" integer,
	"base_tax_cents" integer DEFAULT 0 NOT NULL,
	"marginal_percent" numeric(6, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "state_income_tax_tables_year_check" CHECK ("state_income_tax_tables"."year" between 2000 and 2100),
	CONSTRAINT "state_income_tax_tables_bracket_check" CHECK ("state_income_tax_tables"."lower_limit_cents" >= 0 and "state_income_tax_tables"."base_tax_cents" >= 0
        and ("state_income_tax_tables"."upper_limit_cents" is null or "state_income_tax_tables"."upper_limit_cents" > "state_income_tax_tables"."lower_limit_cents")),
	CONSTRAINT "state_income_tax_tables_percent_check" CHECK ("state_income_tax_tables"."marginal_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "tax_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"employee_pension_percent" numeric(6, 3) NOT NULL,
	"unemployment_insurance_percent" numeric(6, 3) NOT NULL,
	"health_insurance_daily_allowance_percent" numeric(6, 3) NOT NULL,
	"health_insurance_medical_care_percent" numeric(6, 3) NOT NULL,
	"broadcasting_tax_percent" numeric(6, 3) DEFAULT 0 NOT NULL,
	"broadcasting_tax_max_cents" integer DEFAULT 0 NOT NULL,
	"bike_benefit_tax_free_limit_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_tables_year_check" CHECK ("tax_tables"."year" between 2000 and 2100),
	CONSTRAINT "tax_tables_percent_check" CHECK ("tax_tables"."employee_pension_percent" between 0 and 100 and "tax_tables"."unemployment_insurance_percent" between 0 and 100
        and "tax_tables"."health_insurance_daily_allowance_percent" between 0 and 100
        and "tax_tables"."health_insurance_medical_care_percent" between 0 and 100 and "tax_tables"."broadcasting_tax_percent" between 0 and 100),
	CONSTRAINT "tax_tables_cents_check" CHECK ("tax_tables"."broadcasting_tax_max_cents" >= 0 and "tax_tables"."bike_benefit_tax_free_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "taxpayer_deductions_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"deduction_type" text NOT NULL,
	"description" text,
	"rate_percent" numeric(6, 3) NOT NULL,
	"max_deduction_cents" integer NOT NULL,
	"income_threshold_cents" integer DEFAULT 0 NOT NULL,
	"phase_out_start_cents" integer,
	"phase_out_percent" numeric(6, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxpayer_deductions_tables_year_check" CHECK ("taxpayer_deductions_tables"."year" between 2000 and 2100),
	CONSTRAINT "taxpayer_deductions_tables_cents_check" CHECK ("taxpayer_deductions_tables"."max_deduction_cents" >= 0 and "taxpayer_deductions_tables"."income_threshold_cents" >= 0
        and ("taxpayer_deductions_tables"."phase_out_start_cents" is null or "taxpayer_deductions_tables"."phase_out_start_cents" >= 0)),
	CONSTRAINT "taxpayer_deductions_tables_percent_check" CHECK ("taxpayer_deductions_tables"."rate_percent" between 0 and 100 and ("taxpayer_deductions_tables"."phase_out_percent" is null or "taxpayer_deductions_tables"."phase_out_percent" between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"personal_email" text,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"token_hash" text,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_owner_check" CHECK ("user_preferences"."user_id" is not null or "user_preferences"."token_hash" is not null)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"company_id" uuid,
	"granted_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"phone_number" text,
	"phone_verified_at" timestamp with time zone,
	"deactivated" boolean DEFAULT false NOT NULL,
	"deactivated_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"language" "language" DEFAULT 'fi' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_check" CHECK (position('@' in "users"."email") > 1),
	CONSTRAINT "users_deactivated_at_check" CHECK ("users"."deactivated" or "users"."deactivated_at" is null)
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_group_company_id_group_companies_id_fk" FOREIGN KEY ("group_company_id") REFERENCES "public"."group_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_brokerages" ADD CONSTRAINT "bike_brokerages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_brokerages" ADD CONSTRAINT "bike_brokerages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_brokerages" ADD CONSTRAINT "bike_brokerages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_group_company_id_group_companies_id_fk" FOREIGN KEY ("group_company_id") REFERENCES "public"."group_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_leasing_company_id_leasing_companies_id_fk" FOREIGN KEY ("leasing_company_id") REFERENCES "public"."leasing_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_billing_table_id_billing_tables_id_fk" FOREIGN KEY ("billing_table_id") REFERENCES "public"."billing_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_units" ADD CONSTRAINT "company_units_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_policies" ADD CONSTRAINT "bike_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_policies" ADD CONSTRAINT "bike_policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_applications" ADD CONSTRAINT "company_applications_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_applications" ADD CONSTRAINT "company_applications_created_company_id_companies_id_fk" FOREIGN KEY ("created_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_payroll_report_recipients" ADD CONSTRAINT "group_payroll_report_recipients_group_company_id_group_companies_id_fk" FOREIGN KEY ("group_company_id") REFERENCES "public"."group_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_payroll_report_recipients" ADD CONSTRAINT "group_payroll_report_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_report_recipients" ADD CONSTRAINT "payroll_report_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_report_recipients" ADD CONSTRAINT "payroll_report_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_employees" ADD CONSTRAINT "beneficiary_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_employees" ADD CONSTRAINT "beneficiary_employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_employees" ADD CONSTRAINT "beneficiary_employees_unit_id_company_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."company_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_employees" ADD CONSTRAINT "beneficiary_employees_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_table_rows" ADD CONSTRAINT "billing_table_rows_billing_table_id_billing_tables_id_fk" FOREIGN KEY ("billing_table_id") REFERENCES "public"."billing_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_tables" ADD CONSTRAINT "billing_tables_leasing_company_id_leasing_companies_id_fk" FOREIGN KEY ("leasing_company_id") REFERENCES "public"."leasing_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_beneficiary_employee_id_beneficiary_employees_id_fk" FOREIGN KEY ("beneficiary_employee_id") REFERENCES "public"."beneficiary_employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bike_store_id_bike_stores_id_fk" FOREIGN KEY ("bike_store_id") REFERENCES "public"."bike_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_leasing_company_id_leasing_companies_id_fk" FOREIGN KEY ("leasing_company_id") REFERENCES "public"."leasing_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bike_redemption_id_bike_redemptions_id_fk" FOREIGN KEY ("bike_redemption_id") REFERENCES "public"."bike_redemptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_insurance_claim_id_insurance_claims_id_fk" FOREIGN KEY ("insurance_claim_id") REFERENCES "public"."insurance_claims"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leasing_agreements" ADD CONSTRAINT "leasing_agreements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leasing_agreements" ADD CONSTRAINT "leasing_agreements_beneficiary_employee_id_beneficiary_employees_id_fk" FOREIGN KEY ("beneficiary_employee_id") REFERENCES "public"."beneficiary_employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leasing_agreements" ADD CONSTRAINT "leasing_agreements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leasing_agreements" ADD CONSTRAINT "leasing_agreements_leasing_company_id_leasing_companies_id_fk" FOREIGN KEY ("leasing_company_id") REFERENCES "public"."leasing_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leasing_agreements" ADD CONSTRAINT "leasing_agreements_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_beneficiary_employee_id_beneficiary_employees_id_fk" FOREIGN KEY ("beneficiary_employee_id") REFERENCES "public"."beneficiary_employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_leasing_agreement_id_leasing_agreements_id_fk" FOREIGN KEY ("leasing_agreement_id") REFERENCES "public"."leasing_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_forms" ADD CONSTRAINT "contact_forms_checked_by_user_id_users_id_fk" FOREIGN KEY ("checked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_completed_by_user_id_users_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_beneficiary_employee_id_beneficiary_employees_id_fk" FOREIGN KEY ("beneficiary_employee_id") REFERENCES "public"."beneficiary_employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bike_store_id_bike_stores_id_fk" FOREIGN KEY ("bike_store_id") REFERENCES "public"."bike_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_leasing_company_id_leasing_companies_id_fk" FOREIGN KEY ("leasing_company_id") REFERENCES "public"."leasing_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_billing_table_id_billing_tables_id_fk" FOREIGN KEY ("billing_table_id") REFERENCES "public"."billing_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_uploads" ADD CONSTRAINT "refund_uploads_order_cancellation_id_order_cancellations_id_fk" FOREIGN KEY ("order_cancellation_id") REFERENCES "public"."order_cancellations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_uploads" ADD CONSTRAINT "refund_uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_uploads" ADD CONSTRAINT "refund_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD CONSTRAINT "bike_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD CONSTRAINT "bike_redemptions_beneficiary_employee_id_beneficiary_employees_id_fk" FOREIGN KEY ("beneficiary_employee_id") REFERENCES "public"."beneficiary_employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD CONSTRAINT "bike_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD CONSTRAINT "bike_redemptions_leasing_agreement_id_leasing_agreements_id_fk" FOREIGN KEY ("leasing_agreement_id") REFERENCES "public"."leasing_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_offers" ADD CONSTRAINT "redemption_offers_bike_redemption_id_bike_redemptions_id_fk" FOREIGN KEY ("bike_redemption_id") REFERENCES "public"."bike_redemptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_offers" ADD CONSTRAINT "redemption_offers_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_offers" ADD CONSTRAINT "redemption_offers_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_payments" ADD CONSTRAINT "redemption_payments_bike_redemption_id_bike_redemptions_id_fk" FOREIGN KEY ("bike_redemption_id") REFERENCES "public"."bike_redemptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_payments" ADD CONSTRAINT "redemption_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payments" ADD CONSTRAINT "user_payments_beneficiary_employee_id_beneficiary_employees_id_fk" FOREIGN KEY ("beneficiary_employee_id") REFERENCES "public"."beneficiary_employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payments" ADD CONSTRAINT "user_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payments" ADD CONSTRAINT "user_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payments" ADD CONSTRAINT "user_payments_bike_redemption_id_bike_redemptions_id_fk" FOREIGN KEY ("bike_redemption_id") REFERENCES "public"."bike_redemptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_stores" ADD CONSTRAINT "bike_stores_bike_store_group_id_bike_store_groups_id_fk" FOREIGN KEY ("bike_store_group_id") REFERENCES "public"."bike_store_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_users" ADD CONSTRAINT "system_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_users" ADD CONSTRAINT "system_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_sessions_token_hash_unique" ON "refresh_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_sessions_user_idx" ON "refresh_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_sessions_family_idx" ON "refresh_sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_sessions_expires_idx" ON "refresh_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_links_token_hash_unique" ON "registration_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "registration_links_company_idx" ON "registration_links" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "registration_links_group_company_idx" ON "registration_links" USING btree ("group_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_challenges_token_hash_unique" ON "two_factor_challenges" USING btree ("challenge_token_hash");--> statement-breakpoint
CREATE INDEX "two_factor_challenges_user_idx" ON "two_factor_challenges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bike_brokerages_status_idx" ON "bike_brokerages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bike_brokerages_user_idx" ON "bike_brokerages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bike_brokerages_company_idx" ON "bike_brokerages" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "companies_group_company_idx" ON "companies" USING btree ("group_company_id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_business_id_unique" ON "companies" USING btree ("business_id") WHERE "companies"."business_id" is not null and "companies"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_units_company_name_unique" ON "company_units" USING btree ("company_id",lower("unit_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "group_companies_name_unique" ON "group_companies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "bike_policies_company_unique" ON "bike_policies" USING btree ("company_id") WHERE "bike_policies"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bike_policies_company_user_unique" ON "bike_policies" USING btree ("company_id","user_id") WHERE "bike_policies"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "bike_policies_user_idx" ON "bike_policies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_applications_status_idx" ON "company_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_payroll_report_recipients_group_user_unique" ON "group_payroll_report_recipients" USING btree ("group_company_id","user_id");--> statement-breakpoint
CREATE INDEX "group_payroll_report_recipients_user_idx" ON "group_payroll_report_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_report_recipients_company_user_unique" ON "payroll_report_recipients" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "payroll_report_recipients_user_idx" ON "payroll_report_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiary_employees_user_company_unique" ON "beneficiary_employees" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "beneficiary_employees_company_status_idx" ON "beneficiary_employees" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "beneficiary_employees_company_cost_unit_idx" ON "beneficiary_employees" USING btree ("company_id","cost_unit");--> statement-breakpoint
CREATE INDEX "beneficiary_employees_company_employee_number_idx" ON "beneficiary_employees" USING btree ("company_id","employee_number");--> statement-breakpoint
CREATE INDEX "beneficiary_employees_unit_idx" ON "beneficiary_employees" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "event_log_entity_idx" ON "event_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "event_log_company_created_idx" ON "event_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "event_log_type_created_idx" ON "event_log" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "event_log_actor_idx" ON "event_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_table_rows_bracket_unique" ON "billing_table_rows" USING btree ("billing_table_id","lease_time_months","min_total_cents");--> statement-breakpoint
CREATE INDEX "billing_tables_leasing_company_idx" ON "billing_tables" USING btree ("leasing_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leasing_companies_name_unique" ON "leasing_companies" USING btree (lower("company_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_country_valid_from_unique" ON "vat_rates" USING btree ("country_code","valid_from");--> statement-breakpoint
CREATE INDEX "insurance_claims_status_idx" ON "insurance_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "insurance_claims_type_idx" ON "insurance_claims" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "insurance_claims_company_idx" ON "insurance_claims" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "insurance_claims_employee_idx" ON "insurance_claims" USING btree ("beneficiary_employee_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_order_idx" ON "insurance_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_number_idx" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_bike_store_idx" ON "invoices" USING btree ("bike_store_id");--> statement-breakpoint
CREATE INDEX "invoices_leasing_company_idx" ON "invoices" USING btree ("leasing_company_id");--> statement-breakpoint
CREATE INDEX "invoices_redemption_idx" ON "invoices" USING btree ("bike_redemption_id");--> statement-breakpoint
CREATE INDEX "invoices_insurance_claim_idx" ON "invoices" USING btree ("insurance_claim_id");--> statement-breakpoint
CREATE INDEX "invoices_due_date_idx" ON "invoices" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "leasing_agreements_agreement_number_unique" ON "leasing_agreements" USING btree ("leasing_company_id","agreement_number") WHERE "leasing_agreements"."agreement_number" is not null;--> statement-breakpoint
CREATE INDEX "leasing_agreements_status_idx" ON "leasing_agreements" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leasing_agreements_company_idx" ON "leasing_agreements" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "leasing_agreements_order_idx" ON "leasing_agreements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "leasing_agreements_employee_idx" ON "leasing_agreements" USING btree ("beneficiary_employee_id");--> statement-breakpoint
CREATE INDEX "leasing_agreements_leasing_company_idx" ON "leasing_agreements" USING btree ("leasing_company_id");--> statement-breakpoint
CREATE INDEX "signed_documents_employee_idx" ON "signed_documents" USING btree ("beneficiary_employee_id");--> statement-breakpoint
CREATE INDEX "signed_documents_agreement_idx" ON "signed_documents" USING btree ("leasing_agreement_id");--> statement-breakpoint
CREATE INDEX "signed_documents_company_idx" ON "signed_documents" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "signed_documents_payment_status_idx" ON "signed_documents" USING btree ("payment_status");--> statement-breakpoint
CREATE INDEX "contact_forms_checked_created_idx" ON "contact_forms" USING btree ("checked","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_read_created_idx" ON "notifications" USING btree ("user_id","read","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_company_idx" ON "notifications" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "tasks_status_due_idx" ON "tasks" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_assignee_status_idx" ON "tasks" USING btree ("assigned_to_user_id","status");--> statement-breakpoint
CREATE INDEX "tasks_company_status_idx" ON "tasks" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "tasks_entity_idx" ON "tasks" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_cancellations_open_unique" ON "order_cancellations" USING btree ("order_id") WHERE "order_cancellations"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "order_cancellations_order_idx" ON "order_cancellations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_cancellations_company_idx" ON "order_cancellations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "order_cancellations_status_idx" ON "order_cancellations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_unique" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_delivery_token_hash_unique" ON "orders" USING btree ("delivery_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_external_order_id_unique" ON "orders" USING btree ("external_order_id");--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_id","order_status","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("order_status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_processed_idx" ON "orders" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "orders_online_confirmed_idx" ON "orders" USING btree ("is_online_order","is_order_confirmed","order_status");--> statement-breakpoint
CREATE INDEX "orders_employee_idx" ON "orders" USING btree ("beneficiary_employee_id");--> statement-breakpoint
CREATE INDEX "orders_bike_store_idx" ON "orders" USING btree ("bike_store_id");--> statement-breakpoint
CREATE INDEX "orders_leasing_company_idx" ON "orders" USING btree ("leasing_company_id");--> statement-breakpoint
CREATE INDEX "orders_frame_serial_number_idx" ON "orders" USING btree ("frame_serial_number");--> statement-breakpoint
CREATE INDEX "refund_uploads_cancellation_idx" ON "refund_uploads" USING btree ("order_cancellation_id");--> statement-breakpoint
CREATE INDEX "refund_uploads_file_idx" ON "refund_uploads" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "bike_redemptions_status_idx" ON "bike_redemptions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bike_redemptions_payment_method_idx" ON "bike_redemptions" USING btree ("payment_method","status");--> statement-breakpoint
CREATE INDEX "bike_redemptions_company_idx" ON "bike_redemptions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "bike_redemptions_order_idx" ON "bike_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bike_redemptions_employee_idx" ON "bike_redemptions" USING btree ("beneficiary_employee_id");--> statement-breakpoint
CREATE INDEX "redemption_offers_redemption_idx" ON "redemption_offers" USING btree ("bike_redemption_id");--> statement-breakpoint
CREATE INDEX "redemption_offers_file_idx" ON "redemption_offers" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "redemption_payments_status_idx" ON "redemption_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "redemption_payments_redemption_idx" ON "redemption_payments" USING btree ("bike_redemption_id");--> statement-breakpoint
CREATE INDEX "redemption_payments_company_idx" ON "redemption_payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "user_payments_created_idx" ON "user_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_payments_sent_idx" ON "user_payments" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "user_payments_paid_idx" ON "user_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "user_payments_done_created_idx" ON "user_payments" USING btree ("is_user_payment_done","created_at");--> statement-breakpoint
CREATE INDEX "user_payments_company_idx" ON "user_payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "user_payments_employee_idx" ON "user_payments" USING btree ("beneficiary_employee_id");--> statement-breakpoint
CREATE INDEX "user_payments_order_idx" ON "user_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "user_payments_redemption_idx" ON "user_payments" USING btree ("bike_redemption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bike_store_groups_name_unique" ON "bike_store_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "bike_stores_group_idx" ON "bike_stores" USING btree ("bike_store_group_id");--> statement-breakpoint
CREATE INDEX "bike_stores_name_idx" ON "bike_stores" USING btree (lower("store_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "province_tax_tables_year_name_unique" ON "province_tax_tables" USING btree ("year",lower("province_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "state_income_tax_tables_bracket_unique" ON "state_income_tax_tables" USING btree ("year","lower_limit_cents");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_tables_year_unique" ON "tax_tables" USING btree ("year");--> statement-breakpoint
CREATE UNIQUE INDEX "taxpayer_deductions_tables_year_type_unique" ON "taxpayer_deductions_tables" USING btree ("year","deduction_type");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_name_unique" ON "permissions" USING btree ("name");--> statement-breakpoint
CREATE INDEX "role_permissions_permission_idx" ON "role_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "system_users_user_unique" ON "system_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "system_users_company_idx" ON "system_users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "system_users_last_name_idx" ON "system_users" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_preferences_user_unique" ON "user_preferences" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_preferences_token_hash_unique" ON "user_preferences" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_user_role_company_unique" ON "user_roles" USING btree ("user_id","role_id","company_id") WHERE "user_roles"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_user_role_global_unique" ON "user_roles" USING btree ("user_id","role_id") WHERE "user_roles"."company_id" is null;--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "user_roles_company_idx" ON "user_roles" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));