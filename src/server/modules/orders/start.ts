import { and, desc, eq, notInArray } from "drizzle-orm";
import type { TMyOrders, TOrderDetails, TStartOrder } from "../../../contract/orders.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { isEligibleToOrder } from "../../../domain/employees.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, bikeStores, orders } from "../../db/schema/index.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyBikePolicy } from "../companies/bike-policy.ts";
import { notifyOrderEvent } from "../notifications/order-events.ts";
import { mailStoreLink } from "../store-links/service.ts";
import { moveOrder } from "./lifecycle.ts";
import { createOrdersService } from "./service.ts";

/** An order in these is settled; any other counts as on its way, and an employee has one at a time. */
const SETTLED: readonly OrderStatus[] = ["ACTIVE_LEASING", "CANCELLED", "REFUNDED"];

const notEligible = () =>
  new AppError(409, "NOT_ELIGIBLE_TO_ORDER", "The employment or the bike policy does not allow an order now");
const alreadyOpen = () =>
  new AppError(409, "ORDER_ALREADY_OPEN", "Another order of the employee is on its way");

/** Reads an order as its own employee may: their company's scope, without the helpdesk's names. */
const asEmployee = (companyId: string) => ({
  scope: { kind: "companies" as const, companyIds: [companyId] },
});

/** The employee's side of ordering (own-order.manage): starting an order and following their own. */
export function createOwnOrdersService(ctx: AppContext) {
  const { db } = ctx.database;
  const read = createOrdersService(ctx);

  /** The caller's accepted employment the order is for: the one named, or their only one. */
  async function employmentOf(user: CurrentUser, id: string | undefined) {
    const rows = await db
      .select()
      .from(beneficiaryEmployees)
      .where(
        and(
          eq(beneficiaryEmployees.userId, user.id),
          eq(beneficiaryEmployees.status, "ACCEPTED"),
          id ? eq(beneficiaryEmployees.id, id) : undefined,
        ),
      );
    if (rows.length === 0) throw id ? notFound("Employment") : notEligible();
    if (rows.length > 1) {
      throw badRequest("Name the employment the order is for", [
        { field: "body.beneficiaryEmployeeId", message: "Required when you work for several companies" },
      ]);
    }
    return rows[0] as typeof beneficiaryEmployees.$inferSelect;
  }

  return {
    async start(
      user: CurrentUser,
      input: TStartOrder,
      now = new Date(),
      logFailure: (error: unknown, what: string) => void = () => {},
    ): Promise<TOrderDetails> {
      const employment = await employmentOf(user, input.beneficiaryEmployeeId);
      const policy = await companyBikePolicy(db, employment.companyId);
      const today = toHelsinkiDateString(now);
      if (!isEligibleToOrder(employment, policy?.eligibility ?? "ALL_EMPLOYEES", today)) throw notEligible();
      const [store] = await db
        .select({ id: bikeStores.id })
        .from(bikeStores)
        .where(and(eq(bikeStores.id, input.bikeStoreId), eq(bikeStores.active, true)));
      if (!store) {
        throw badRequest("Unknown or inactive bike store", [
          { field: "body.bikeStoreId", message: "Choose one of the active bike stores" },
        ]);
      }
      const home = input.deliveryMethod === "HOME_DELIVERY";
      const { orderId, storeLink } = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        // The employment's row lock serialises two starts of one employee: the second sees the first.
        await tx
          .select({ id: beneficiaryEmployees.id })
          .from(beneficiaryEmployees)
          .where(eq(beneficiaryEmployees.id, employment.id))
          .for("update");
        const [open] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.beneficiaryEmployeeId, employment.id),
              notInArray(orders.orderStatus, [...SETTLED]),
            ),
          );
        if (open) throw alreadyOpen();
        const [created] = await tx
          .insert(orders)
          .values({
            beneficiaryEmployeeId: employment.id,
            companyId: employment.companyId,
            bikeStoreId: store.id,
            deliveryMethod: input.deliveryMethod,
            deliveryStreetAddress: home ? input.deliveryStreetAddress || null : null,
            deliveryPostalCode: home ? input.deliveryPostalCode || null : null,
            deliveryCity: home ? input.deliveryCity || null : null,
            customerComment: input.customerComment || null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: orders.id });
        const id = created?.id as string;
        const moved = await moveOrder(
          tx,
          { orderId: id, to: "PENDING", by: { kind: "user", userId: user.id, roleNames: user.roleNames } },
          now,
        );
        await notifyOrderEvent(tx, id, { kind: "created" });
        return { orderId: id, storeLink: moved.storeLink };
      });
      // The store's package link, once the order is committed.
      if (storeLink) await mailStoreLink(ctx, storeLink, logFailure);
      return read.details(asEmployee(employment.companyId), orderId);
    },

    async mine(user: CurrentUser): Promise<TMyOrders> {
      const rows = await db
        .select({ id: orders.id, companyId: orders.companyId })
        .from(orders)
        .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
        .where(eq(beneficiaryEmployees.userId, user.id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(50);
      const items = await Promise.all(rows.map((row) => read.details(asEmployee(row.companyId), row.id)));
      return { items };
    },
  };
}
