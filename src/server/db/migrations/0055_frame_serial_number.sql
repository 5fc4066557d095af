ALTER TABLE "handovers" RENAME COLUMN "frame_number" TO "frame_serial_number";--> statement-breakpoint
-- The handover's frame serial number in its event log rows, hand-written: handovers/frame-serial-number-migration.db.test.ts runs the statement below.
-- A handover recorded before kept the frame serial number under the handover's old name, the only rows that
-- carry it: the audit view reads it under the one name the rest of the product uses. The rows are not
-- told by their type: a new database adds the handover's event types in this same transaction, and
-- PostgreSQL refuses an enum value before the transaction that added it commits.
UPDATE "event_log" SET "data" = ("data" - 'frameNumber') || jsonb_build_object('frameSerialNumber', "data" -> 'frameNumber') WHERE "data" ? 'frameNumber';
