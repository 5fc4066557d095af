CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_key_check" CHECK ("idempotency_keys"."key" ~ '^[A-Za-z0-9_-]{8,100}$'),
	CONSTRAINT "idempotency_keys_answer_check" CHECK (("idempotency_keys"."status_code" is null) = ("idempotency_keys"."answered_at" is null)
        and ("idempotency_keys"."status_code" is null) = ("idempotency_keys"."response_body" is null))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE TYPE "public"."commission_base" AS ENUM('VAT_EXCLUDED', 'VAT_INCLUDED');--> statement-breakpoint
-- Hand-written defaults: every payable made before decision 022 took its commission of the price with VAT,
-- so the rows there are now are VAT_INCLUDED; new rows name their base and VAT themselves (no default).
ALTER TABLE "store_payables" ADD COLUMN "vat_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_payables" ALTER COLUMN "vat_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "store_payables" ADD COLUMN "commission_base" "commission_base" DEFAULT 'VAT_INCLUDED' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_payables" ALTER COLUMN "commission_base" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "store_payables" ADD COLUMN "commission_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "store_payables" ADD CONSTRAINT "store_payables_commission_base_check" CHECK ("store_payables"."vat_cents" >= 0 and "store_payables"."vat_cents" <= "store_payables"."gross_cents"
        and "store_payables"."commission_cents" <= case when "store_payables"."commission_base" = 'VAT_EXCLUDED'
          then "store_payables"."gross_cents" - "store_payables"."vat_cents" else "store_payables"."gross_cents" end);--> statement-breakpoint
-- Commission base (decision 022), hand-written: store-payouts/commission-base.db.test.ts runs the statements below.
-- Each payable made before keeps the VAT its purchase invoice printed,
UPDATE "store_payables" SET "vat_cents" = i."vat_cents" FROM "invoices" i WHERE i."id" = "store_payables"."purchase_invoice_id" AND i."total_cents" = "store_payables"."gross_cents" AND "store_payables"."commission_base" = 'VAT_INCLUDED';--> statement-breakpoint
-- and the percent it was made with, where the store's percent today gives its commission to the cent.
UPDATE "store_payables" SET "commission_percent" = s."commission_percent" FROM "bike_stores" s WHERE s."id" = "store_payables"."bike_store_id" AND s."commission_percent" IS NOT NULL AND "store_payables"."commission_percent" IS NULL AND "store_payables"."commission_base" = 'VAT_INCLUDED' AND round("store_payables"."gross_cents" * s."commission_percent" / 100) = "store_payables"."commission_cents";--> statement-breakpoint
-- A payable no approved batch has taken (open, or in a batch waiting for its approval) takes its commission of
-- the price without VAT from now on. A batch approved or paid keeps its amounts: its file may be at the bank.
-- A payable whose percent cannot be told, or whose invoice no longer gives its price, stays as it was.
UPDATE "store_payables" SET "commission_base" = 'VAT_EXCLUDED', "commission_cents" = round(("store_payables"."gross_cents" - "store_payables"."vat_cents") * coalesce("store_payables"."commission_percent", 0) / 100)::integer, "net_cents" = "store_payables"."gross_cents" - round(("store_payables"."gross_cents" - "store_payables"."vat_cents") * coalesce("store_payables"."commission_percent", 0) / 100)::integer FROM "invoices" i WHERE i."id" = "store_payables"."purchase_invoice_id" AND i."total_cents" = "store_payables"."gross_cents" AND i."vat_cents" = "store_payables"."vat_cents" AND "store_payables"."commission_base" = 'VAT_INCLUDED' AND ("store_payables"."commission_percent" IS NOT NULL OR "store_payables"."commission_cents" = 0) AND ("store_payables"."status" = 'OPEN' OR ("store_payables"."status" = 'IN_BATCH' AND "store_payables"."payout_batch_id" IN (SELECT b."id" FROM "payout_batches" b WHERE b."status" = 'CREATED')));
