import { createCipheriv, randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyIdByName, userIdByEmail } from "../../../tests/helpers/ids.ts";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import {
  type DataKeyring,
  fieldHash,
  newDataKeyEntry,
  parseDataKeys,
  readableField,
  sealField,
  TEST_DATA_KEYS,
} from "../data-keys.ts";
import type { Database } from "../db/client.ts";
import {
  companyIdentityProviders,
  insuranceClaims,
  recoveryCodes,
  userAuthenticators,
} from "../db/schema/index.ts";
import { logsInWithAuthenticator } from "../modules/auth/authenticator.ts";
import { policeReportOf, policeReportSearchHashes } from "../modules/insurance-claims/police-report.ts";
import { HASHED_PURPOSES, SEALED_PURPOSES } from "../sealed-fields.ts";
import { derivedKey } from "../server-keys.ts";
import { type RekeyReport, rekeyData } from "./data-rekey.ts";

/**
 * A data key's rotation on the demo data: a new key put first in DATA_KEYS, the rekey job rewrites
 * what the old key and JWT_SECRET (before the data keys) wrote, the old key can then leave, and
 * replacing JWT_SECRET no longer ends an authenticator app.
 */
const JWT_SECRET = "the server secret of before, thirty-two characters";
const keys = (text: string) => {
  const parsed = parseDataKeys(text);
  if ("problem" in parsed) throw new Error(parsed.problem);
  return parsed.keys;
};
const OLD = keys(newDataKeyEntry("old"));
const NEW = keys(newDataKeyEntry("new"));
/** The demo seed's key, which the rotation also retires. */
const SEEDED = keys(TEST_DATA_KEYS);
const before: DataKeyring = { dataKeys: [...OLD, ...SEEDED], jwtSecret: JWT_SECRET };
const rotated: DataKeyring = { dataKeys: [...NEW, ...OLD, ...SEEDED], jwtSecret: JWT_SECRET };
/** After the rotation, with the old keys gone and JWT_SECRET replaced too. */
const after: DataKeyring = { dataKeys: NEW, jwtSecret: "a new server secret of thirty-two characters" };

function sealedUnderJwtSecret(info: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(JWT_SECRET, info), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    "v1",
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    ciphertext.toString("base64url"),
  ].join(".");
}

let database: Database;
let staff: { oldKey: string; legacy: string; lost: string };
let ssoProviderId: string;
let plainClaimId: string;
let seededClaimId: string;
/** The rekey run after the new key was put first. */
let first: RekeyReport;
const LOST_SECRET = sealField(
  { dataKeys: keys(newDataKeyEntry("lost")), jwtSecret: "" },
  SEALED_PURPOSES.authenticatorSecret,
  "LOST",
);

beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
  const { db } = database;
  staff = {
    oldKey: await userIdByEmail(db, "helpdesk@pedaali.test"),
    legacy: await userIdByEmail(db, "admin@pedaali.test"),
    lost: await userIdByEmail(db, "employer.admin@demo.test"),
  };
  const confirmedAt = new Date();
  await db.insert(userAuthenticators).values([
    {
      userId: staff.oldKey,
      secretEncrypted: sealField(before, SEALED_PURPOSES.authenticatorSecret, "OLDKEYSECRET"),
      confirmedAt,
    },
    {
      userId: staff.legacy,
      secretEncrypted: sealedUnderJwtSecret(SEALED_PURPOSES.authenticatorSecret, "LEGACYSECRET"),
      confirmedAt,
    },
    { userId: staff.lost, secretEncrypted: LOST_SECRET, confirmedAt },
  ]);
  await db.insert(recoveryCodes).values({
    userId: staff.oldKey,
    codeHash: fieldHash(before, HASHED_PURPOSES.recoveryCode, `${staff.oldKey}:ABCDEFGH`),
  });
  const [provider] = await db
    .insert(companyIdentityProviders)
    .values({
      companyId: await companyIdByName(db, "Demo Oy"),
      preset: "ENTRA_ID",
      issuer: "https://login.example/tenant",
      clientId: "pedaali",
      clientSecretSealed: sealField(before, SEALED_PURPOSES.ssoClientSecret, "sso-secret"),
    })
    .returning({ id: companyIdentityProviders.id });
  ssoProviderId = provider?.id as string;
  const claims = await db.select().from(insuranceClaims).where(eq(insuranceClaims.type, "THEFT"));
  const seeded = claims.find((c) => c.policeReportNumber !== null);
  seededClaimId = seeded?.id as string;
  // A claim whose number was kept before numbers were sealed: in the clear, without its search hash.
  const [plain] = await db
    .insert(insuranceClaims)
    .values({
      ...seeded,
      id: undefined,
      policeReportNumber: "7700/R/123/25",
      policeReportNumberHash: null,
    } as typeof insuranceClaims.$inferInsert)
    .returning({ id: insuranceClaims.id });
  plainClaimId = plain?.id as string;
  first = await rekeyData(db, rotated);
});

afterAll(async () => {
  await database?.close();
});

async function authenticatorOf(userId: string) {
  const [row] = await database.db
    .select()
    .from(userAuthenticators)
    .where(eq(userAuthenticators.userId, userId));
  return row?.secretEncrypted as string;
}

async function claimOf(id: string) {
  const [row] = await database.db.select().from(insuranceClaims).where(eq(insuranceClaims.id, id));
  return row as typeof insuranceClaims.$inferSelect;
}

describe("rekeyData", () => {
  it("rewrites what older keys and JWT_SECRET sealed under the first key, and leaves what no key reads", async () => {
    const report = first;
    expect(report.rewritten).toMatchObject({
      "user_authenticators.secret_encrypted": 2,
      "company_identity_providers.client_secret_sealed": 1,
    });
    expect(report.rewritten["insurance_claims.police_report_number"]).toBeGreaterThanOrEqual(2);
    expect(report.unreadable).toEqual({ "user_authenticators.secret_encrypted": 1 });

    for (const [userId, secret] of [
      [staff.oldKey, "OLDKEYSECRET"],
      [staff.legacy, "LEGACYSECRET"],
    ] as const) {
      const stored = await authenticatorOf(userId);
      expect(stored.startsWith("v2.new.")).toBe(true);
      expect(readableField(after, SEALED_PURPOSES.authenticatorSecret, stored)).toBe(secret);
    }
    expect(await authenticatorOf(staff.lost)).toBe(LOST_SECRET);
    const [provider] = await database.db
      .select()
      .from(companyIdentityProviders)
      .where(eq(companyIdentityProviders.id, ssoProviderId));
    expect(
      readableField(after, SEALED_PURPOSES.ssoClientSecret, provider?.clientSecretSealed as string),
    ).toBe("sso-secret");
  });

  it("seals a police report number kept in the clear, with the hash the search finds it by", async () => {
    const plain = await claimOf(plainClaimId);
    expect(plain.policeReportNumber).toMatch(/^v2\.new\./);
    expect(policeReportOf(after, plain.policeReportNumber)).toBe("7700/R/123/25");
    expect(policeReportSearchHashes(after, "7700/r/123/25")).toContain(plain.policeReportNumberHash);
    const seeded = await claimOf(seededClaimId);
    expect(policeReportOf(after, seeded.policeReportNumber)).toBe("4410/R/28731/26");
    expect(policeReportSearchHashes(after, "4410/R/28731/26")).toContain(seeded.policeReportNumberHash);
  });

  it("rewrites nothing the second time, and counts what still depends on another key", async () => {
    const report = await rekeyData(database.db, rotated);
    expect(report.rewritten).toEqual({});
    // The recovery code planted under the old key, and the secret sealed under a key no longer given.
    expect(report.stillUnder).toEqual({ old: 1, lost: 1 });
    // Once the code is used up and the lost app removed, nothing depends on another key. Tried in a
    // transaction rolled back, so the other tests of this file see the rows in any order.
    const undone = new Error("rolled back");
    await expect(
      database.db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(inArray(recoveryCodes.userId, [staff.oldKey]));
        await tx.delete(userAuthenticators).where(eq(userAuthenticators.userId, staff.lost));
        expect((await rekeyData(tx, rotated)).stillUnder).toEqual({});
        throw undone;
      }),
    ).rejects.toBe(undone);
  });

  it("leaves the authenticator apps in use once the old keys have left and JWT_SECRET is replaced", async () => {
    expect(await logsInWithAuthenticator(database.db, after, staff.oldKey)).toBe(true);
    expect(await logsInWithAuthenticator(database.db, after, staff.legacy)).toBe(true);
  });
});
