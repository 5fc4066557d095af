import { customType, numeric, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Shared column helpers for the schema. Column names are never given here: both drizzle() clients and
 * drizzle.config.ts use `casing: "snake_case"`, so `createdAt` becomes `created_at` on its own.
 */

/** The primary key of every entity table: a random UUID made by the database (gen_random_uuid()). */
export const id = () => uuid().primaryKey().defaultRandom();

/** A point in time, stored as timestamptz (UTC inside, shown in Europe/Helsinki). */
export const timestamptz = () => timestamp({ withTimezone: true });

/** `createdAt` alone, for rows that are written once (logs, tokens, uploads). */
export const createdAt = () => timestamptz().notNull().defaultNow();

/** `createdAt` + `updatedAt`; `updatedAt` is refreshed by Drizzle on every update made through it. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** A percentage such as a VAT rate (25.5) or a tax rate (17.25), read back as a JS number. */
export const percent = () => numeric({ precision: 6, scale: 3, mode: "number" });

/**
 * bytea as a Node Buffer. node-postgres returns a Buffer and PGlite a Uint8Array; both are
 * normalised to Buffer so services see one type.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
