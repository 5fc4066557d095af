import { and, eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import { zBikeStoreSaved } from "../../src/contract/bike-stores.ts";
import { zPayoutBatchDetails } from "../../src/contract/store-payouts.ts";
import { ibanCheckDigits } from "../../src/domain/validation/bank-account.ts";
import {
  beneficiaryEmployees,
  companies,
  orderCancellations,
  orders,
  payoutBatches,
  rateLimitCounters,
  storePayables,
  systemUsers,
  users,
} from "../../src/server/db/schema/index.ts";
import { type Person, runWalk, type SeedCtx } from "../../src/server/db/seed/order-status-walk.ts";
import type { Step } from "../../src/server/db/seed/order-status-walks.ts";
import { demoWalkContext } from "../../src/server/db/seed/seed-order-statuses.ts";
import { inTransaction } from "../../src/server/db/transaction.ts";
import { apiCaller } from "../helpers/api.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { testFileStore } from "../helpers/test-db.ts";

/**
 * What the concurrency pairs act on, made for each run: bike stores, orders and payout batches. Each
 * store is new, so a batch of it holds only the orders walked for it; each order is walked through the
 * order's main line by the services' own functions (the demo seed's walk), so the data stays as whole as
 * real work leaves it and the consistency check holds after the pairs.
 */

export const HELPDESK = "helpdesk@pedaali.test";
export const ADMIN = "admin@pedaali.test";
/** The employee whose orders are walked, and their employer's admin. */
export const EMPLOYEE = "employee@demo.test";
export const EMPLOYER = "employer.admin@demo.test";
/** A second person who decides the employer's orders in Demo Oy (orders.approve). */
export const EMPLOYER_EDITOR = "employer.editor@demo.test";
/** The demo store with an account of its own, and that account's user. */
export const ACCOUNT_STORE = "Vauhti Espoo";
export const STORE_USER = "myyja@vauhti.test";

export type World = ReturnType<typeof concurrencyWorld>;

export function concurrencyWorld(t: TestApp) {
  const { call, as } = apiCaller(t);
  let walkContext: SeedCtx;
  let person: Person;
  let stores = 0;
  let walked = 0;

  /** Before the first pair: who walks the orders, and both people logged in. */
  async function prepare() {
    const db = t.database.db;
    const c = await demoWalkContext(db, testFileStore());
    if (!c) throw new Error("the demo data has no helpdesk or stores");
    walkContext = c;
    const [row] = await db
      .select({
        id: beneficiaryEmployees.id,
        userId: beneficiaryEmployees.userId,
        companyId: beneficiaryEmployees.companyId,
        name: sql<string>`${systemUsers.firstName} || ' ' || ${systemUsers.lastName}`,
      })
      .from(beneficiaryEmployees)
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .innerJoin(systemUsers, eq(systemUsers.userId, users.id))
      .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
      .where(and(eq(users.email, EMPLOYEE), eq(companies.name, "Demo Oy")));
    if (!row?.userId) throw new Error(`no employment of ${EMPLOYEE} in Demo Oy`);
    person = { ...row, userId: row.userId };
    for (const who of [HELPDESK, ADMIN, EMPLOYEE, EMPLOYER, EMPLOYER_EDITOR, STORE_USER]) await as(who);
  }

  /** A new store with a bank account, made through the API; answers its id and name. */
  async function store(): Promise<{ id: string; name: string }> {
    stores += 1;
    const bban = `405511${String(stores).padStart(8, "0")}`;
    const iban = `FI${ibanCheckDigits("FI", bban)}${bban}`;
    const name = `Kilpapyörä ${stores} ${Math.random().toString(36).slice(2, 8)}`;
    const res = await call("POST", "/api/bike-stores", HELPDESK, {
      storeName: name,
      businessId: "3011223-0",
      email: `kilpa${stores}@pyora.test`,
      iban,
      bic: "HELSFIHH",
      commissionPercent: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bikeStore } = zBikeStoreSaved.parse(res.json());
    walkContext.stores.set(name, bikeStore.bikeStoreId);
    return { id: bikeStore.bikeStoreId, name };
  }

  /**
   * An order of the store walked through the main line up to `until` (the demo seed's steps: "start",
   * "package", "accept", "sign", "match", "bill"...); answers its id. The store's own account's store
   * (ACCOUNT_STORE) walks as the demo's does; `delivery` says how the bike reaches the employee, and
   * `waitingDays` how long ago the walk's last step was (a day by default, so the moves the pair makes
   * are its newest).
   */
  async function walkedOrder(
    storeName: string,
    until: Step,
    options: { delivery?: "PICKUP" | "HOME_DELIVERY"; waitingDays?: number } = {},
  ): Promise<string> {
    walked += 1;
    const walk = {
      to: "WAITING_FOR_DELIVERY_DATE" as const,
      company: "demo" as const,
      store: storeName,
      packageKey: "tunturiEgo" as const,
      leaseMonths: 36,
      waitingDays: options.waitingDays ?? 1,
      ...(options.delivery ? { delivery: options.delivery } : {}),
      until,
    };
    return inTransaction(t.database.db, (tx) => runWalk(tx, walkContext, walk, person, walked % 200));
  }

  /** An order of the store walked up to its purchase invoice's match: its store payable is OPEN. */
  const matchedOrder = (storeName: string) => walkedOrder(storeName, "match");

  /** The store's open payables in a new batch, made by the helpdesk; answers its id. */
  async function batchOf(storeId: string): Promise<string> {
    const res = await call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: storeId });
    expect(res.statusCode, res.body).toBe(201);
    return zPayoutBatchDetails.parse(res.json()).id;
  }

  /** The approval digest of the batch as the approver's page shows it now. */
  async function digestOf(batchId: string): Promise<string> {
    const res = await call("GET", `/api/store-payouts/batches/${batchId}`, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    return zPayoutBatchDetails.parse(res.json()).approvalDigest;
  }

  /** The batch's status (GONE once discarded), and each named order's status and payable. */
  async function stateOf(batchId: string | null, named: Record<string, string>) {
    const db = t.database.db;
    const [batch] = batchId
      ? await db
          .select({ status: payoutBatches.status })
          .from(payoutBatches)
          .where(eq(payoutBatches.id, batchId))
      : [];
    const ids = Object.values(named);
    const orderRows = await db
      .select({ id: orders.id, status: orders.orderStatus })
      .from(orders)
      .where(inArray(orders.id, ids));
    const payables = await db
      .select({
        orderId: storePayables.orderId,
        status: storePayables.status,
        batchId: storePayables.payoutBatchId,
      })
      .from(storePayables)
      .where(inArray(storePayables.orderId, ids));
    const batches = new Map<string | null, string>([[null, "none"]]);
    if (batchId) batches.set(batchId, "the batch");
    return {
      batch: batchId ? (batch?.status ?? "GONE") : "none",
      orders: Object.fromEntries(
        Object.entries(named).map(([role, id]) => {
          const payable = payables.find((p) => p.orderId === id);
          return [
            role,
            {
              status: orderRows.find((o) => o.id === id)?.status,
              payable: payable?.status,
              payableIn: payable ? (batches.get(payable.batchId) ?? "another batch") : undefined,
            },
          ];
        }),
      ),
    };
  }

  /**
   * Forgets every rate limit's count (the shared counters' table): a pair runs an action dozens of
   * times in a minute from one address and user, where a route's limit (the store's link, a brokerage
   * inquiry) would answer 429 to what is no abuse.
   */
  async function forgetRateLimits() {
    await t.database.db.delete(rateLimitCounters);
  }

  /** The order's status, its payable's and its open cancellation's, for the order pairs' state. */
  async function orderState(orderId: string) {
    const db = t.database.db;
    const [row] = await db
      .select({
        status: orders.orderStatus,
        previous: orders.previousStatus,
        approvedAt: orders.employerApprovedAt,
        deliveryDate: orders.deliveryDate,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    const order = row && {
      status: row.status,
      previous: row.previous,
      employerApproved: row.approvedAt !== null,
      delivered: row.deliveryDate !== null,
    };
    const [payable] = await db
      .select({ status: storePayables.status })
      .from(storePayables)
      .where(eq(storePayables.orderId, orderId));
    const cancellations = await db
      .select({ status: orderCancellations.status, requestedBy: orderCancellations.requestedBy })
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, orderId))
      .orderBy(orderCancellations.status);
    return { order, payable: payable?.status ?? "none", cancellations };
  }

  return {
    prepare,
    store,
    walkedOrder,
    matchedOrder,
    batchOf,
    digestOf,
    stateOf,
    orderState,
    forgetRateLimits,
    /** The employment whose orders are walked (the employee's in Demo Oy). */
    get employmentId() {
      return person.id;
    },
    call,
    as,
    /** The app's database, for what a fixture writes as the services would (a store link's token). */
    get db() {
      return t.database.db;
    },
  };
}
