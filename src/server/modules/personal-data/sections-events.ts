import { and, asc, eq, or, sql } from "drizzle-orm";
import type { EventEntityType } from "../../../domain/enums.ts";
import type { Db } from "../../db/client.ts";
import { eventLog, files } from "../../db/schema/index.ts";
import { among, type PlainRow, partOf, plainRow, withoutOthers } from "./plain.ts";

/**
 * The event log's rows about the person: about their account (a user row of theirs), about any row of
 * theirs the export gives (an employment, an order, an agreement, a claim...), or about another row
 * that names one of their orders (an invoice, a payout), read within their companies. Who did it is
 * told as a part (SELF, OTHER, SYSTEM), never by name; inside the data, any other person's id and
 * anything under a key naming a person (name, e-mail, phone) is left out unless it is about them.
 */
export async function eventsSection(
  db: Db,
  self: string,
  about: {
    /** The person's rows by the event log's entity type (order, leasingAgreement...). */
    entities: Partial<Record<EventEntityType, readonly string[]>>;
    orderIds: readonly string[];
    companyIds: readonly string[];
  },
): Promise<PlainRow[]> {
  // By type and id, as the log's (entity_type, entity_id) index is read.
  const ofEntities = (Object.entries(about.entities) as [EventEntityType, readonly string[]][])
    .filter(([, ids]) => ids.length > 0)
    .map(([type, ids]) => and(eq(eventLog.entityType, type), among(eventLog.entityId, ids)));
  const rows = await db
    .select()
    .from(eventLog)
    .where(
      or(
        and(eq(eventLog.entityType, "user"), eq(eventLog.entityId, self)),
        ...ofEntities,
        and(
          among(eventLog.companyId, about.companyIds),
          among(sql`${eventLog.data}->>'orderId'`, about.orderIds),
        ),
      ),
    )
    .orderBy(asc(eventLog.createdAt), asc(eventLog.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    entityType: row.entityType,
    entityId: row.entityId,
    companyId: row.companyId,
    actor: partOf(row.actorUserId, self),
    data: withoutOthers(row.data, self, row.entityType === "user" && row.entityId === self),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A file the ZIP carries: where it lies in the archive and which stored file it is. */
export type ArchivedFile = { fileId: string; path: string; fileName: string };

/**
 * The stored files of the person's documents: each once, named in the archive by its folder and its
 * own name (a repeated name gets a number), and listed as a section (name, type, size, hash, path).
 */
export async function filesSection(
  db: Db,
  self: string,
  wanted: readonly { fileId: string | null; folder: string }[],
): Promise<{ rows: PlainRow[]; archived: ArchivedFile[] }> {
  const folderOf = new Map<string, string>();
  for (const { fileId, folder } of wanted) if (fileId && !folderOf.has(fileId)) folderOf.set(fileId, folder);
  const stored = await db
    .select({
      id: files.id,
      fileName: files.fileName,
      mimeType: files.mimeType,
      sizeBytes: files.sizeBytes,
      sha256: files.sha256,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(among(files.id, [...folderOf.keys()]))
    .orderBy(asc(files.createdAt), asc(files.id));
  const taken = new Set<string>();
  const archived: ArchivedFile[] = [];
  const rows = stored.map((file) => {
    const path = uniquePath(`${folderOf.get(file.id)}/${safeFileName(file.fileName)}`, taken);
    archived.push({ fileId: file.id, path, fileName: file.fileName });
    return { ...plainRow(file, self), pathInZip: path };
  });
  return { rows, archived };
}

/** A file name that stays inside its folder of the archive and reads on any system. */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[^\p{L}\p{N} ._()+-]/gu, "_")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 120);
  return cleaned || "tiedosto";
}

function uniquePath(path: string, taken: Set<string>): string {
  let candidate = path;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const dot = path.lastIndexOf(".");
    candidate = dot > path.lastIndexOf("/") ? `${path.slice(0, dot)}-${n}${path.slice(dot)}` : `${path}-${n}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}
