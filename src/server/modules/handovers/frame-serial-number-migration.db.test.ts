import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/test-db.ts";
import { eventLog } from "../../db/schema/index.ts";

/**
 * The migration that gave the handover's frame serial number the product's one name: the column is
 * renamed, and the handovers recorded before keep their frame serial number in their event log rows
 * under the same name.
 */

const MIGRATION = "src/server/db/migrations/0055_frame_serial_number.sql";
const MARKER = "-- The handover's frame serial number in its event log rows, hand-written";

/** The hand-written statements below the marker, as the file has them. */
function eventRowStatements(): string[] {
  const text = readFileSync(MIGRATION, "utf8");
  const below = text.split(MARKER)[1];
  if (below === undefined) throw new Error("The migration no longer carries the event log's statements");
  return below
    .split("\n")
    .slice(1)
    .join("\n")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /\bUPDATE\b/.test(statement));
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function eventWith(type: "HANDOVER_RECORDED" | "HANDOVER_SIGNED", data: Record<string, unknown>) {
  const [row] = await database.db
    .insert(eventLog)
    .values({ type, companyId: null, entityType: "order", entityId: randomUUID(), data })
    .returning({ id: eventLog.id });
  return row?.id as string;
}

async function dataOf(id: string) {
  const [row] = await database.db.select({ data: eventLog.data }).from(eventLog).where(eq(eventLog.id, id));
  return row?.data;
}

describe("the migration to the frame serial number's one name", () => {
  it("has renamed the handover's column", async () => {
    const result = (await database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'handovers' and column_name like 'frame%'`,
    )) as unknown as { rows: { column_name: string }[] };
    expect(result.rows.map((r) => r.column_name)).toEqual(["frame_serial_number"]);
  });

  it("moves a recorded handover's frame serial number to its new name and leaves the rest of its data and other rows as they were", async () => {
    const before = await eventWith("HANDOVER_RECORDED", {
      kind: "IN_STORE",
      frameNumber: "WTU123456789",
      accessories: 2,
    });
    const after = await eventWith("HANDOVER_RECORDED", {
      kind: "SHIPPED",
      frameSerialNumber: "WC007310037",
      accessories: 0,
    });
    const signed = await eventWith("HANDOVER_SIGNED", { place: "STORE_DEVICE", handoverDate: "2026-04-15" });

    const statements = eventRowStatements();
    expect(statements).toHaveLength(1);
    for (const statement of statements) await database.db.execute(sql.raw(statement));

    expect(await dataOf(before)).toEqual({
      kind: "IN_STORE",
      frameSerialNumber: "WTU123456789",
      accessories: 2,
    });
    expect(await dataOf(after)).toEqual({
      kind: "SHIPPED",
      frameSerialNumber: "WC007310037",
      accessories: 0,
    });
    expect(await dataOf(signed)).toEqual({ place: "STORE_DEVICE", handoverDate: "2026-04-15" });
  });
});
