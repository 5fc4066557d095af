CREATE TYPE "public"."payout_batch_status" AS ENUM('CREATED', 'APPROVED', 'PAID');--> statement-breakpoint
CREATE TYPE "public"."store_payable_status" AS ENUM('OPEN', 'IN_BATCH', 'PAID');--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'STORE_PAYABLE_OPENED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'PAYOUT_BATCH_CREATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'PAYOUT_BATCH_APPROVED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'PAYOUT_BATCH_PAID';--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_batch_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"status" "payout_batch_status" DEFAULT 'CREATED' NOT NULL,
	"bike_store_id" uuid,
	"created_by_user_id" uuid NOT NULL,
	"approved_by_user_id" uuid,
	"approved_at" timestamp with time zone,
	"execution_date" date,
	"paid_by_user_id" uuid,
	"paid_date" date,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_four_eyes_check" CHECK ("payout_batches"."approved_by_user_id" is distinct from "payout_batches"."created_by_user_id"),
	CONSTRAINT "payout_batches_approval_check" CHECK (("payout_batches"."status" = 'CREATED') = ("payout_batches"."approved_by_user_id" is null)
        and ("payout_batches"."approved_by_user_id" is null) = ("payout_batches"."approved_at" is null)
        and ("payout_batches"."approved_at" is null) = ("payout_batches"."execution_date" is null)),
	CONSTRAINT "payout_batches_paid_check" CHECK (("payout_batches"."status" = 'PAID') = ("payout_batches"."paid_date" is not null)
        and ("payout_batches"."paid_date" is null) = ("payout_batches"."paid_at" is null))
);
--> statement-breakpoint
CREATE TABLE "store_payables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"purchase_invoice_id" uuid NOT NULL,
	"gross_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"status" "store_payable_status" DEFAULT 'OPEN' NOT NULL,
	"payout_batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_payables_cents_check" CHECK ("store_payables"."gross_cents" >= 0 and "store_payables"."commission_cents" >= 0 and "store_payables"."net_cents" >= 0
        and "store_payables"."net_cents" = "store_payables"."gross_cents" - "store_payables"."commission_cents"),
	CONSTRAINT "store_payables_batch_check" CHECK (("store_payables"."status" = 'OPEN') = ("store_payables"."payout_batch_id" is null))
);
--> statement-breakpoint
ALTER TABLE "bike_stores" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "bike_stores" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "bike_stores" ADD COLUMN "commission_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_bike_store_id_bike_stores_id_fk" FOREIGN KEY ("bike_store_id") REFERENCES "public"."bike_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payables" ADD CONSTRAINT "store_payables_bike_store_id_bike_stores_id_fk" FOREIGN KEY ("bike_store_id") REFERENCES "public"."bike_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payables" ADD CONSTRAINT "store_payables_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payables" ADD CONSTRAINT "store_payables_purchase_invoice_id_invoices_id_fk" FOREIGN KEY ("purchase_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payables" ADD CONSTRAINT "store_payables_payout_batch_id_payout_batches_id_fk" FOREIGN KEY ("payout_batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_number_unique" ON "payout_batches" USING btree ("batch_number");--> statement-breakpoint
CREATE INDEX "payout_batches_status_idx" ON "payout_batches" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_payables_order_unique" ON "store_payables" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_payables_status_idx" ON "store_payables" USING btree ("status","bike_store_id");--> statement-breakpoint
CREATE INDEX "store_payables_store_idx" ON "store_payables" USING btree ("bike_store_id","created_at");--> statement-breakpoint
CREATE INDEX "store_payables_batch_idx" ON "store_payables" USING btree ("payout_batch_id");--> statement-breakpoint
CREATE INDEX "store_payables_invoice_idx" ON "store_payables" USING btree ("purchase_invoice_id");--> statement-breakpoint
ALTER TABLE "bike_stores" ADD CONSTRAINT "bike_stores_commission_check" CHECK ("bike_stores"."commission_percent" is null or ("bike_stores"."commission_percent" >= 0 and "bike_stores"."commission_percent" <= 100));--> statement-breakpoint
-- What is already owed: every order whose store's purchase invoice was matched and is not yet paid nor
-- voided becomes an open payable of its store (no store had a commission before this migration). Orders
-- cancelled since are left out. History rows are not made here: the event log starts with the payouts.
INSERT INTO "store_payables" ("bike_store_id", "order_id", "purchase_invoice_id", "gross_cents", "commission_cents", "net_cents", "created_at", "updated_at")
SELECT DISTINCT ON ("invoices"."order_id")
	coalesce("invoices"."bike_store_id", "orders"."bike_store_id"),
	"invoices"."order_id",
	"invoices"."id",
	"invoices"."total_cents",
	0,
	"invoices"."total_cents",
	"invoices"."updated_at",
	"invoices"."updated_at"
FROM "invoices"
JOIN "orders" ON "orders"."id" = "invoices"."order_id"
WHERE "invoices"."payer_type" = 'PEDAALI'
	AND "invoices"."status" IN ('VERIFIED', 'APPROVED', 'PAYMENT_QUEUED', 'PAYMENT_TRANSACTION_REMOVED')
	AND coalesce("invoices"."bike_store_id", "orders"."bike_store_id") IS NOT NULL
	AND "orders"."order_status" NOT IN ('CANCELLED', 'REFUNDED', 'CASE_X', 'WIX', 'NOT_STARTED', 'PENDING', 'PACKAGE_PROVIDED', 'ALL_INFO_PROVIDED', 'CONFIRMED', 'PROCESSED', 'WAITING_FOR_INVOICE_MATCH')
ORDER BY "invoices"."order_id", "invoices"."updated_at" DESC
ON CONFLICT DO NOTHING;
