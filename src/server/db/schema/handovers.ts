import { sql } from "drizzle-orm";
import { check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { EMPLOYEE_SIGNING_PLACES, HANDOVER_KINDS, HANDOVER_STATUSES } from "../../../domain/handovers.ts";
import { createdAt, id, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { files } from "./files.ts";
import { orders } from "./orders.ts";
import { bikeStores } from "./stores.ts";
import { users } from "./users.ts";

/**
 * An order's handover protocol (domain/handovers.ts): what the store recorded of the bike as it left,
 * and the two signatures. The store signs when it records it; the employee's signature completes it,
 * and then the protocol's PDF (stored with its SHA-256, like a signed agreement) and the handover date
 * are set. Never deleted: it is the evidence of what was handed over.
 */
export const handovers = pgTable(
  "handovers",
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    bikeStoreId: uuid()
      .notNull()
      .references(() => bikeStores.id, { onDelete: "restrict" }),
    kind: text({ enum: HANDOVER_KINDS }).notNull(),
    status: text({ enum: HANDOVER_STATUSES }).notNull().default("AWAITING_EMPLOYEE"),
    frameSerialNumber: text().notNull(),
    batterySerial: text(),
    accessories: jsonb().$type<string[]>().notNull().default([]),
    /** When the store typed the employee's pickup code and it matched (a bike handed over in person). */
    pickupCodeCheckedAt: timestamptz(),
    storeSignedByUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    storeSignedAt: timestamptz().notNull(),
    storeSignerIp: text(),
    storeSignerUserAgent: text(),
    employeeSigningPlace: text({ enum: EMPLOYEE_SIGNING_PLACES }),
    /** The name the employee signed with (typed on the store's device, or their own as logged in). */
    employeeSignerName: text(),
    /** The employee's own account when they signed on their own phone; null at the store's device. */
    employeeSignedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    employeeSignedAt: timestamptz(),
    employeeSignerIp: text(),
    employeeSignerUserAgent: text(),
    handoverDate: date({ mode: "string" }),
    defectWindowEndsOn: date({ mode: "string" }),
    fileId: uuid().references(() => files.id, { onDelete: "restrict" }),
    documentSha256: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("handovers_order_unique").on(t.orderId),
    uniqueIndex("handovers_sha256_unique").on(t.documentSha256),
    index("handovers_store_idx").on(t.bikeStoreId, t.createdAt),
    index("handovers_company_idx").on(t.companyId),
    check(
      "handovers_completed_check",
      sql`(${t.status} = 'COMPLETED') = (${t.employeeSignedAt} is not null and ${t.handoverDate} is not null
        and ${t.fileId} is not null and ${t.documentSha256} is not null and ${t.employeeSigningPlace} is not null)`,
    ),
    check(
      "handovers_pickup_code_check",
      sql`(${t.kind} = 'IN_STORE') = (${t.pickupCodeCheckedAt} is not null)`,
    ),
  ],
);

/**
 * Photos of the bike as it leaves the store, taken before the store signs; the protocol names each
 * with its SHA-256 (the file's name, type and hash are the files row's).
 */
export const handoverPhotos = pgTable(
  "handover_photos",
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [index("handover_photos_order_idx").on(t.orderId, t.createdAt)],
);
