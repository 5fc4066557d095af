ALTER TABLE "files" DROP CONSTRAINT "files_size_check";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_size_check" CHECK ("files"."size_bytes" >= 0 and ("files"."content" is null or "files"."size_bytes" = octet_length("files"."content")));