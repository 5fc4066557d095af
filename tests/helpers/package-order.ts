import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { bikeStores, leasingAgreements, orderItems, orders } from "../../src/server/db/schema/index.ts";
import { write } from "../../src/server/db/transaction.ts";
import { orderPackage } from "../../src/server/modules/orders/accept-package.ts";
import { BY_BIKE_STORE, moveOrder } from "../../src/server/modules/orders/lifecycle.ts";

/**
 * Orders in the states the employee's acceptance and signature start from, made the way the lifecycle
 * makes them (moveOrder), without the store's link endpoints: an order of the employment in PENDING,
 * the store's package lines, then PACKAGE_PROVIDED by the store's token.
 */

export type PackageLine = {
  itemType?: "BIKE" | "ACCESSORY" | "SERVICE" | "INSURANCE" | "OTHER";
  name: string;
  quantity?: number;
  unitPriceCents: number;
  discountCents?: number;
};

/** Cancels the employment's orders on their way, so a test starts from none (as start.db.test.ts does). */
export async function cancelOpenOrders(db: Db, employmentId: string): Promise<void> {
  await db
    .update(orders)
    .set({ orderStatus: "CANCELLED", previousStatus: null })
    .where(
      and(
        eq(orders.beneficiaryEmployeeId, employmentId),
        notInArray(orders.orderStatus, ["ACTIVE_LEASING", "CANCELLED", "REFUNDED"]),
      ),
    );
}

/** A PACKAGE_PROVIDED order of the employment with these lines; its total is theirs. */
export async function packagedOrder(
  db: Db,
  input: { employmentId: string; companyId: string; lines?: readonly PackageLine[] },
): Promise<string> {
  const lines = input.lines ?? [
    { name: "Tunturi eSport 500", unitPriceCents: 290_000 },
    { itemType: "ACCESSORY", name: "Lukko", unitPriceCents: 10_000 },
  ];
  const total = lines.reduce(
    (sum, l) => sum + l.unitPriceCents * (l.quantity ?? 1) - (l.discountCents ?? 0),
    0,
  );
  const [store] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.active, true))
    .limit(1);
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: input.employmentId,
      companyId: input.companyId,
      bikeStoreId: store?.id ?? null,
      orderStatus: "PENDING",
      deliveryMethod: "PICKUP",
    })
    .returning({ id: orders.id });
  const orderId = order?.id as string;
  await db.insert(orderItems).values(
    lines.map((l, i) => ({
      orderId,
      itemType: l.itemType ?? "BIKE",
      name: l.name,
      quantity: l.quantity ?? 1,
      unitPriceCents: l.unitPriceCents,
      discountCents: l.discountCents ?? 0,
      sortOrder: i,
    })),
  );
  await write(db, { actor: BY_BIKE_STORE }, async (ctx) => {
    await moveOrder(ctx, {
      orderId,
      to: "PACKAGE_PROVIDED",
      set: { totalPriceCents: total },
    });
  });
  return orderId;
}

/** The packageVersion the order's offer names, which the employee's acceptance sends back. */
export async function packageVersionOf(db: Db, orderId: string): Promise<string> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`No order ${orderId}`);
  return (await orderPackage(db, order)).version;
}

/**
 * An ALL_INFO_PROVIDED order with its unsigned agreement, as the employee's acceptance leaves it
 * (figures fixed by hand: for the authorization matrix, which tests who may act, not the prices).
 */
export async function acceptedOrder(
  db: Db,
  input: {
    employmentId: string;
    companyId: string;
    employeeUserId: string;
    leasingCompanyId: string;
    employerApprovalRequired: boolean;
  },
): Promise<{ orderId: string; agreementId: string }> {
  const orderId = await packagedOrder(db, input);
  const [agreement] = await db
    .insert(leasingAgreements)
    .values({
      orderId,
      beneficiaryEmployeeId: input.employmentId,
      companyId: input.companyId,
      leasingCompanyId: input.leasingCompanyId,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 10_486,
      totalPriceCents: 300_000,
      residualValueCents: 15_000,
    })
    .returning({ id: leasingAgreements.id });
  const employee = {
    kind: "user" as const,
    userId: input.employeeUserId,
    roleNames: ["BIKE_BENEFICIARY" as const],
  };
  await write(db, { actor: employee }, async (ctx) => {
    await moveOrder(ctx, {
      orderId,
      to: "ALL_INFO_PROVIDED",
      set: {
        leaseTimeMonths: 36,
        monthlyPaymentCents: 10_486,
        residualValueCents: 15_000,
        employerApprovalRequired: input.employerApprovalRequired,
        leasingCompanyId: input.leasingCompanyId,
      },
    });
  });
  return { orderId, agreementId: agreement?.id as string };
}
