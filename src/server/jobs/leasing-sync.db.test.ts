import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyIdByName, userIdByEmail } from "../../../tests/helpers/ids.ts";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import type { Database } from "../db/client.ts";
import {
  beneficiaryEmployees,
  eventLog,
  leasingAgreements,
  leasingCompanies,
  leasingDecisions,
  orders,
  users,
} from "../db/schema/index.ts";
import {
  adminDecisionGateway,
  gatewayRegistry,
  type LeasingCompanyGateway,
} from "../modules/leasing/gateway.ts";
import { syncLeasingDecisions } from "./leasing-sync.ts";

/** The leasing sync job: the leasing companies' decisions on agreements applied, set aside, and the last fetch time. */

let database: Database;
let demoOyId: string;
let employmentId: string;
let adminId: string;
let leasingIds: { grenke: string; leasePlus: string };

beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
  const db = database.db;
  // The demo has a decision waiting for the sync (seed-order-statuses.ts): applied first, so the
  // tests count only their own.
  await syncLeasingDecisions(db);
  demoOyId = await companyIdByName(db, "Demo Oy");
  adminId = await userIdByEmail(db, "helpdesk@pedaali.test");
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, "employee@demo.test"), eq(beneficiaryEmployees.companyId, demoOyId)));
  employmentId = employment?.id as string;
  const companies = await db.select().from(leasingCompanies);
  const id = (name: string) => companies.find((c) => c.companyName === name)?.id as string;
  leasingIds = { grenke: id("Grenkeleasing Oy"), leasePlus: id("LeasePlus OÜ") };
});
afterAll(async () => {
  await database?.close();
});

async function pendingAgreement(leasingCompanyId: string, status: "PENDING" | "SIGNED" = "PENDING") {
  const db = database.db;
  const [order] = await db
    .insert(orders)
    .values({ beneficiaryEmployeeId: employmentId, companyId: demoOyId, orderStatus: "CONFIRMED" })
    .returning({ id: orders.id });
  const [agreement] = await db
    .insert(leasingAgreements)
    .values({
      orderId: order?.id as string,
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      leasingCompanyId,
      status,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 9_000,
      totalPriceCents: 280_000,
    })
    .returning({ id: leasingAgreements.id });
  return agreement?.id as string;
}

async function agreement(id: string) {
  const [row] = await database.db.select().from(leasingAgreements).where(eq(leasingAgreements.id, id));
  return row;
}

describe("the leasing sync", () => {
  it("applies accepted and rejected decisions, sets aside stale ones, and records the fetch time", async () => {
    const db = database.db;
    const accepted = await pendingAgreement(leasingIds.grenke);
    const rejected = await pendingAgreement(leasingIds.leasePlus);
    const stale = await pendingAgreement(leasingIds.grenke, "SIGNED");
    await db.insert(leasingDecisions).values([
      {
        leasingAgreementId: accepted,
        decision: "ACCEPTED",
        agreementNumber: "GL-SYNC-1",
        decidedByUserId: adminId,
      },
      { leasingAgreementId: rejected, decision: "REJECTED", reason: "Ei luottoa", decidedByUserId: adminId },
      { leasingAgreementId: stale, decision: "ACCEPTED", agreementNumber: "GL-SYNC-2" },
    ]);
    const now = new Date("2031-03-04T10:20:00Z");
    const result = await syncLeasingDecisions(db, { now });
    expect(result).toEqual({ applied: 2, skipped: 1, failed: 0 });

    expect(await agreement(accepted)).toMatchObject({
      status: "ACCEPTED",
      agreementNumber: "GL-SYNC-1",
      acceptedAt: now,
    });
    expect(await agreement(rejected)).toMatchObject({
      status: "REJECTED",
      rejectionReason: "Ei luottoa",
      rejectedAt: now,
    });
    expect(await agreement(stale)).toMatchObject({ status: "SIGNED", agreementNumber: null });
    const [event] = await db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, rejected), eq(eventLog.type, "LEASING_AGREEMENT_REJECTED")));
    expect(event).toMatchObject({
      actorUserId: adminId,
      companyId: demoOyId,
      entityType: "leasingAgreement",
    });
    expect(await db.$count(leasingDecisions, isNull(leasingDecisions.appliedAt))).toBe(0);
    // Every leasing company was fetched at the run's time.
    const fetched = await db.select({ at: leasingCompanies.lastFetchedAt }).from(leasingCompanies);
    expect(fetched.every((c) => c.at?.getTime() === now.getTime())).toBe(true);

    // A second run finds nothing to do.
    expect(await syncLeasingDecisions(db, { now: new Date("2031-03-04T10:30:00Z") })).toEqual({
      applied: 0,
      skipped: 0,
      failed: 0,
    });
  });

  it("applies a leasing company's own gateway's decisions alike, keeping them as applied rows", async () => {
    const db = database.db;
    const fromApi = await pendingAgreement(leasingIds.leasePlus);
    let since: Date | null | undefined;
    const apiGateway: LeasingCompanyGateway = {
      submitAgreement: async () => ({ reference: "LP-REF-1" }),
      fetchDecisions: async (_tx, _company, lastFetch) => {
        since = lastFetch;
        return [
          {
            leasingAgreementId: fromApi,
            decision: "ACCEPTED",
            agreementNumber: "LP-77",
            reason: null,
            decidedByUserId: null,
          },
        ];
      },
    };
    const registry = gatewayRegistry(new Map([[leasingIds.leasePlus, apiGateway]]));
    expect(registry.usesAdminDecisions(leasingIds.leasePlus)).toBe(false);
    expect(registry.forLeasingCompany(leasingIds.grenke)).toBe(adminDecisionGateway);
    const [before] = await db
      .select({ at: leasingCompanies.lastFetchedAt })
      .from(leasingCompanies)
      .where(eq(leasingCompanies.id, leasingIds.leasePlus));
    const result = await syncLeasingDecisions(db, { registry, now: new Date("2031-04-01T08:00:00Z") });
    expect(result.applied).toBe(1);
    expect(since?.getTime()).toBe(before?.at?.getTime());
    expect(await agreement(fromApi)).toMatchObject({ status: "ACCEPTED", agreementNumber: "LP-77" });
    const kept = await db
      .select()
      .from(leasingDecisions)
      .where(eq(leasingDecisions.leasingAgreementId, fromApi));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.appliedAt).toEqual(new Date("2031-04-01T08:00:00Z"));
  });

  it("logs a failing gateway and syncs the other companies", async () => {
    const db = database.db;
    const ok = await pendingAgreement(leasingIds.grenke);
    await db.insert(leasingDecisions).values({ leasingAgreementId: ok, decision: "REJECTED", reason: null });
    const broken: LeasingCompanyGateway = {
      submitAgreement: async () => ({}),
      fetchDecisions: async () => {
        throw new Error("leasing company API down");
      },
    };
    const errors: unknown[] = [];
    const result = await syncLeasingDecisions(db, {
      registry: gatewayRegistry(new Map([[leasingIds.leasePlus, broken]])),
      now: new Date("2031-05-01T08:00:00Z"),
      log: {
        info: () => {},
        error: (obj: unknown) => {
          errors.push(obj);
        },
      },
    });
    expect(result).toMatchObject({ applied: 1, failed: 1 });
    expect(errors).toHaveLength(1);
    expect((await agreement(ok))?.status).toBe("REJECTED");
    const [leasePlus] = await db
      .select({ at: leasingCompanies.lastFetchedAt })
      .from(leasingCompanies)
      .where(eq(leasingCompanies.id, leasingIds.leasePlus));
    expect(leasePlus?.at?.getTime()).not.toBe(new Date("2031-05-01T08:00:00Z").getTime());
  });
});
