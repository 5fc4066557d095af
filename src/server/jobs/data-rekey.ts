import { and, asc, eq, gt, isNotNull, isNull, ne, not, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import {
  currentHashPrefix,
  currentSealedPrefix,
  type DataKeyring,
  isSealed,
  readableField,
  sealField,
} from "../data-keys.ts";
import type { Db } from "../db/client.ts";
import {
  companyIdentityProviders,
  insuranceClaims,
  payrollDeliverySettings,
  recoveryCodes,
  strongIdentifications,
  userAuthenticators,
  users,
} from "../db/schema/index.ts";
import { policeReportColumns, policeReportOf } from "../modules/insurance-claims/police-report.ts";
import { SEALED_PURPOSES } from "../sealed-fields.ts";

/**
 * The rekey job: rewrites every sealed field not under the first data key (an older data key, the
 * JWT_SECRET of before the data keys, or a police report number kept before numbers were sealed)
 * under it, and counts what still depends on another key. Keyed hashes cannot be rewritten without
 * their value: they move to the first key when their value is next given (a strong identification
 * rewrites the identity code's), and the counts say when an old key has nothing left to read.
 * Runs nightly and once at each start; each row is rewritten only while it still holds what was read,
 * so two instances at once, or a second run, change nothing more.
 */
export const DATA_REKEY_QUEUE = "rekey-data";
/** Every night at 04:30 Helsinki time, between the file sweep and the retention job. */
export const DATA_REKEY_CRON = "30 4 * * *";

const BATCH = 500;

type SealedField = {
  name: string;
  table: PgTable;
  id: PgColumn;
  column: PgColumn;
  /** The plaintext of a stored value, or null when no data key reads it. */
  open: (ring: DataKeyring, stored: string) => string | null;
  /** The columns to store for the plaintext. */
  seal: (ring: DataKeyring, plaintext: string) => Record<string, string | null>;
};

function sealedWith(key: string, purpose: string) {
  return {
    open: (ring: DataKeyring, stored: string) => readableField(ring, purpose, stored),
    seal: (ring: DataKeyring, plaintext: string) => ({ [key]: sealField(ring, purpose, plaintext) }),
  };
}

const SEALED_FIELDS: SealedField[] = [
  {
    name: "user_authenticators.secret_encrypted",
    table: userAuthenticators,
    id: userAuthenticators.userId,
    column: userAuthenticators.secretEncrypted,
    ...sealedWith("secretEncrypted", SEALED_PURPOSES.authenticatorSecret),
  },
  {
    name: "company_identity_providers.client_secret_sealed",
    table: companyIdentityProviders,
    id: companyIdentityProviders.id,
    column: companyIdentityProviders.clientSecretSealed,
    ...sealedWith("clientSecretSealed", SEALED_PURPOSES.ssoClientSecret),
  },
  {
    name: "payroll_delivery_settings.sftp_secret_sealed",
    table: payrollDeliverySettings,
    id: payrollDeliverySettings.companyId,
    column: payrollDeliverySettings.sftpSecretSealed,
    ...sealedWith("sftpSecretSealed", SEALED_PURPOSES.sftpSecret),
  },
  {
    name: "strong_identifications.id_token",
    table: strongIdentifications,
    id: strongIdentifications.id,
    column: strongIdentifications.idToken,
    // Tokens kept before the data keys are in the clear; an erased one is empty (never matched).
    open: (ring, stored) =>
      isSealed(stored) ? readableField(ring, SEALED_PURPOSES.idToken, stored) : stored,
    seal: (ring, plaintext) => ({ idToken: sealField(ring, SEALED_PURPOSES.idToken, plaintext) }),
  },
  {
    name: "insurance_claims.police_report_number",
    table: insuranceClaims,
    id: insuranceClaims.id,
    column: insuranceClaims.policeReportNumber,
    open: policeReportOf,
    seal: policeReportColumns,
  },
];

/** Hashes whose key is read from their `<key id>:` prefix (none: JWT_SECRET, before the data keys). */
const HASHED_FIELDS: { name: string; table: PgTable; column: PgColumn; where?: SQL }[] = [
  { name: "users.identity_code_hash", table: users, column: users.identityCodeHash },
  {
    name: "strong_identifications.identity_code_hash",
    table: strongIdentifications,
    column: strongIdentifications.identityCodeHash,
  },
  // A used recovery code is never compared again.
  {
    name: "recovery_codes.code_hash",
    table: recoveryCodes,
    column: recoveryCodes.codeHash,
    where: isNull(recoveryCodes.usedAt),
  },
  {
    name: "insurance_claims.police_report_number_hash",
    table: insuranceClaims,
    column: insuranceClaims.policeReportNumberHash,
  },
];

export type RekeyReport = {
  /** Values rewritten under the first data key, per field. */
  rewritten: Record<string, number>;
  /** Values no data key reads (their key has left DATA_KEYS), per field: kept as they are. */
  unreadable: Record<string, number>;
  /** Rows still under a key other than the first, per key ("JWT_SECRET": before the data keys). */
  stillUnder: Record<string, number>;
};

/** The field's stored values not under the first data key, in id order after `after`. */
async function notUnderCurrentKey(db: Db, ring: DataKeyring, field: SealedField, after: string | null) {
  const prefix = `${currentSealedPrefix(ring)}%`;
  return (await db
    .select({ id: field.id, value: field.column })
    .from(field.table)
    .where(
      and(
        isNotNull(field.column),
        ne(field.column, ""),
        not(sql`${field.column} like ${prefix}`),
        after === null ? undefined : gt(field.id, after),
      ),
    )
    .orderBy(asc(field.id))
    .limit(BATCH)) as { id: string; value: string }[];
}

async function rekeyField(db: Db, ring: DataKeyring, field: SealedField) {
  let rewritten = 0;
  let unreadable = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await notUnderCurrentKey(db, ring, field, after);
    for (const row of rows) {
      const plaintext = field.open(ring, row.value);
      if (plaintext === null) {
        unreadable++;
        continue;
      }
      const changed = await db
        .update(field.table)
        .set(field.seal(ring, plaintext))
        .where(and(eq(field.id, row.id), eq(field.column, row.value)))
        .returning({ id: field.id });
      rewritten += changed.length;
    }
    if (rows.length < BATCH) return { rewritten, unreadable };
    after = rows.at(-1)?.id ?? null;
  }
}

/** How many rows of every field are under each key other than the first. */
async function keysStillInUse(db: Db, ring: DataKeyring): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const add = (rows: { key: string; n: number }[]) => {
    for (const { key, n } of rows) counts[key] = (counts[key] ?? 0) + Number(n);
  };
  for (const field of SEALED_FIELDS) {
    const key = sql<string>`case when ${field.column} like 'v2.%' then split_part(${field.column}, '.', 2)
      when ${field.column} like 'v1.%' then 'JWT_SECRET' else 'not sealed' end`;
    add(
      await db
        .select({ key, n: sql<number>`count(*)::int` })
        .from(field.table)
        .where(
          and(
            isNotNull(field.column),
            ne(field.column, ""),
            not(sql`${field.column} like ${`${currentSealedPrefix(ring)}%`}`),
          ),
        )
        .groupBy(key),
    );
  }
  for (const field of HASHED_FIELDS) {
    const key = sql<string>`case when position(':' in ${field.column}) > 0
      then split_part(${field.column}, ':', 1) else 'JWT_SECRET' end`;
    add(
      await db
        .select({ key, n: sql<number>`count(*)::int` })
        .from(field.table)
        .where(
          and(
            isNotNull(field.column),
            not(sql`${field.column} like ${`${currentHashPrefix(ring)}%`}`),
            field.where,
          ),
        )
        .groupBy(key),
    );
  }
  return counts;
}

export async function rekeyData(
  db: Db,
  ring: DataKeyring,
  log?: Pick<FastifyBaseLogger, "info" | "warn">,
): Promise<RekeyReport> {
  const report: RekeyReport = { rewritten: {}, unreadable: {}, stillUnder: {} };
  for (const field of SEALED_FIELDS) {
    const { rewritten, unreadable } = await rekeyField(db, ring, field);
    if (rewritten > 0) report.rewritten[field.name] = rewritten;
    if (unreadable > 0) report.unreadable[field.name] = unreadable;
  }
  report.stillUnder = await keysStillInUse(db, ring);
  if (Object.keys(report.unreadable).length > 0)
    log?.warn({ unreadable: report.unreadable }, "sealed values no data key reads");
  log?.info({ rewritten: report.rewritten, stillUnder: report.stillUnder }, "data rekeyed");
  return report;
}
