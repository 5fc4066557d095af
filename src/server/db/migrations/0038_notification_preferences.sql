CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"choice" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pkey" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_choice_check" CHECK ("notification_preferences"."choice" in ('INBOX_ONLY', 'MAIL', 'DIGEST'))
);
--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_status_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_outbox_held_idx" ON "message_outbox" USING btree ("user_id","created_at") WHERE "message_outbox"."status" = 'HELD';--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_status_check" CHECK ("message_outbox"."status" in ('QUEUED', 'SENT', 'FAILED', 'SKIPPED', 'HELD'));