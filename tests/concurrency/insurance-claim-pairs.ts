import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TUpdateInsuranceClaim } from "../../src/contract/insurance-claims.ts";
import type { InsuranceClaimStep } from "../../src/domain/insurance-claims.ts";
import {
  insuranceClaims,
  leasingAgreements,
  orders,
  userPayments,
} from "../../src/server/db/schema/index.ts";
import type { Action, Pair } from "./race.ts";
import { ADMIN, EMPLOYEE, HELPDESK, type World } from "./world.ts";

/**
 * An insurance claim's two sides at the same moment: the employee changing or deleting their own
 * claim while the helpdesk handles it, and two helpdesk agents on one claim. Each fixture is a claim
 * of its own, on a bike whose lease the walk started, taken by the helpdesk as far as the pair needs.
 */

type ClaimFixture = { claimId: string; orderId: string };

/** A damage claim of the employee's bike in use, its outcome set and `steps` taken by the helpdesk. */
async function claimOf(
  world: World,
  storeName: string,
  outcome: "REPAIR" | "END_OF_LEASING",
  steps: readonly InsuranceClaimStep[],
): Promise<ClaimFixture> {
  await world.forgetRateLimits();
  const orderId = await world.walkedOrder(storeName, "startLease");
  const made = await world.call("POST", "/api/insurance-claims", EMPLOYEE, {
    beneficiaryEmployeeId: world.employmentId,
    orderId,
    type: "DAMAGE",
    description: "Pyörä kaatui pysäköitynä ja takavaihtaja vääntyi",
  });
  expect(made.statusCode, made.body).toBe(201);
  const claimId = (made.json() as { insuranceId: string }).insuranceId;
  const set = await world.call("PUT", `/api/insurance-claims/${claimId}`, HELPDESK, {
    outcome,
    repairCostCents: 35_000,
  });
  expect(set.statusCode, set.body).toBe(200);
  for (const step of steps) {
    const taken = await world.call("POST", `/api/insurance-claims/${claimId}/steps`, HELPDESK, { step });
    expect(taken.statusCode, taken.body).toBe(200);
  }
  return { claimId, orderId };
}

const takes = (world: World, who: string, step: InsuranceClaimStep, name: string): Action<ClaimFixture> => ({
  name,
  run: (f) => world.call("POST", `/api/insurance-claims/${f.claimId}/steps`, who, { step }),
});

const changes = (
  world: World,
  who: string,
  body: TUpdateInsuranceClaim,
  name: string,
): Action<ClaimFixture> => ({
  name,
  run: (f) => world.call("PUT", `/api/insurance-claims/${f.claimId}`, who, body),
});

const deletes = (world: World, who: string, name: string): Action<ClaimFixture> => ({
  name,
  run: (f) => world.call("DELETE", `/api/insurance-claims/delete/${f.claimId}`, who),
});

const employeeWrites = (world: World) =>
  changes(
    world,
    EMPLOYEE,
    { description: "Takavaihtaja ja ketjut vaurioituivat" },
    "the employee rewrites what happened",
  );

/** The claim (GONE once deleted), its deductible's payments, the order's status and the lease's end. */
async function claimState(world: World, f: ClaimFixture) {
  const [claim] = await world.db
    .select({
      status: insuranceClaims.status,
      outcome: insuranceClaims.outcome,
      description: insuranceClaims.description,
    })
    .from(insuranceClaims)
    .where(eq(insuranceClaims.id, f.claimId));
  const payments = await world.db
    .select({ kind: userPayments.kind, status: userPayments.paymentStatus })
    .from(userPayments)
    .where(eq(userPayments.insuranceClaimId, f.claimId))
    .orderBy(userPayments.kind);
  const [order] = await world.db
    .select({ status: orders.orderStatus })
    .from(orders)
    .where(eq(orders.id, f.orderId));
  const [lease] = await world.db
    .select({ endDate: leasingAgreements.endDate })
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, f.orderId));
  const steps = await world.call("GET", `/api/insurance-claims/${f.claimId}`, HELPDESK);
  return {
    claim: claim ?? "GONE",
    steps: steps.statusCode === 200 ? (steps.json() as { nextSteps: unknown }).nextSteps : "none",
    payments,
    order: order?.status,
    leaseEndsToday: lease?.endDate === new Date().toISOString().slice(0, 10),
  };
}

export function insuranceClaimPairs(world: World): Pair<ClaimFixture>[] {
  let made: Promise<{ id: string; name: string }> | null = null;
  const claim = async (outcome: "REPAIR" | "END_OF_LEASING", steps: readonly InsuranceClaimStep[] = []) => {
    made ??= world.store();
    return claimOf(world, (await made).name, outcome, steps);
  };
  const state = (f: ClaimFixture) => claimState(world, f);
  const REPAIR_SENT: InsuranceClaimStep[] = [
    "INSURANCE_REPAIR_BIKE_SUBMITTED",
    "INSURANCE_REPAIR_INVOICE_SENT",
  ];

  return [
    {
      name: "insurance claim: the employee rewrites it × the helpdesk takes its first step",
      setup: () => claim("REPAIR"),
      first: employeeWrites(world),
      second: takes(
        world,
        HELPDESK,
        "INSURANCE_REPAIR_BIKE_SUBMITTED",
        "the helpdesk sends the bike to repair",
      ),
      state,
    },
    {
      name: "insurance claim: the employee deletes it × the helpdesk takes its first step",
      setup: () => claim("REPAIR"),
      first: deletes(world, EMPLOYEE, "the employee deletes their claim"),
      second: takes(
        world,
        HELPDESK,
        "INSURANCE_REPAIR_BIKE_SUBMITTED",
        "the helpdesk sends the bike to repair",
      ),
      state,
    },
    {
      name: "insurance claim: the employee rewrites it × the helpdesk completes it",
      setup: () => claim("REPAIR", REPAIR_SENT),
      first: employeeWrites(world),
      second: takes(world, HELPDESK, "INSURANCE_CASE_COMPLETED", "the helpdesk completes the claim"),
      state,
    },
    {
      name: "insurance claim: one agent changes the outcome × another takes the first step",
      setup: () => claim("REPAIR"),
      first: changes(
        world,
        HELPDESK,
        { outcome: "NEW_BIKE" },
        "the helpdesk changes the outcome to a new bike",
      ),
      second: takes(
        world,
        ADMIN,
        "INSURANCE_REPAIR_BIKE_SUBMITTED",
        "another agent sends the bike to repair",
      ),
      state,
    },
    {
      name: "insurance claim: one agent deletes it × another completes it",
      setup: () => claim("REPAIR", REPAIR_SENT),
      first: deletes(world, HELPDESK, "the helpdesk deletes the claim"),
      second: takes(world, ADMIN, "INSURANCE_CASE_COMPLETED", "another agent completes the claim"),
      state,
    },
    {
      name: "insurance claim: the helpdesk completes it × completes it again (a second click)",
      setup: () => claim("REPAIR", REPAIR_SENT),
      first: takes(world, HELPDESK, "INSURANCE_CASE_COMPLETED", "the helpdesk completes the claim"),
      second: takes(world, ADMIN, "INSURANCE_CASE_COMPLETED", "another agent completes it at once"),
      state,
    },
    {
      name: "insurance claim: the helpdesk ends the lease by it × the employee rewrites it",
      setup: () => claim("END_OF_LEASING", ["INSURANCE_GRENKE_INVOICE_SENT"]),
      first: takes(world, HELPDESK, "INSURANCE_END_OF_LEASING_COMPLETED", "the helpdesk ends the lease"),
      second: employeeWrites(world),
      state,
    },
  ];
}
