CREATE TABLE "page_visits" (
	"user_id" uuid NOT NULL,
	"page" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_visits_user_id_page_pk" PRIMARY KEY("user_id","page"),
	CONSTRAINT "page_visits_page_check" CHECK (page in ('myBike', 'storeOrders', 'employerOrders'))
);
--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;