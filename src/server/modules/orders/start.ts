import { and, desc, eq, notInArray } from "drizzle-orm";
import type { TMyOrders, TOrderDetails, TStartOrder } from "../../../contract/orders.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { isEligibleToOrder } from "../../../domain/employees.ts";
import type { AppContext } from "../../context.ts";
import { lockRows } from "../../db/lock-order.ts";
import { beneficiaryEmployees, bikeStores, orders } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { badRequest, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyBikePolicy } from "../companies/bike-policy.ts";
import { notifyOrderEvent } from "../notifications/order-events.ts";
import { notEligibleToOrder, orderAlreadyOpen } from "./errors.ts";
import { asOrderUser, moveOrder } from "./lifecycle.ts";
import { insertOrder } from "./order-rows.ts";
import { asEmployee, SETTLED_ORDER_STATUSES } from "./queries.ts";
import { createOrdersService } from "./service.ts";

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
    if (rows.length === 0) throw id ? notFound("Employment") : notEligibleToOrder();
    if (rows.length > 1) {
      throw badRequest("Name the employment the order is for", [
        { field: "body.beneficiaryEmployeeId", message: "Required when you work for several companies" },
      ]);
    }
    return rows[0] as typeof beneficiaryEmployees.$inferSelect;
  }

  return {
    async start(user: CurrentUser, input: TStartOrder, now = new Date()): Promise<TOrderDetails> {
      const employment = await employmentOf(user, input.beneficiaryEmployeeId);
      const policy = await companyBikePolicy(db, employment.companyId);
      const today = toHelsinkiDateString(now);
      if (!isEligibleToOrder(employment, policy?.eligibility ?? "ALL_EMPLOYEES", today))
        throw notEligibleToOrder();
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
      const orderId = await write(db, { actor: asOrderUser(user), now }, async (w) => {
        const { tx } = w;
        // The employment's row lock serialises two starts of one employee: the second sees the first.
        await lockRows(
          tx,
          "employee",
          tx
            .select({ id: beneficiaryEmployees.id })
            .from(beneficiaryEmployees)
            .where(eq(beneficiaryEmployees.id, employment.id))
            .for("update"),
        );
        const [open] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.beneficiaryEmployeeId, employment.id),
              notInArray(orders.orderStatus, [...SETTLED_ORDER_STATUSES]),
            ),
          );
        if (open) throw orderAlreadyOpen();
        const id = await insertOrder(w, {
          beneficiaryEmployeeId: employment.id,
          companyId: employment.companyId,
          bikeStoreId: store.id,
          deliveryMethod: input.deliveryMethod,
          deliveryStreetAddress: home ? input.deliveryStreetAddress || null : null,
          deliveryPostalCode: home ? input.deliveryPostalCode || null : null,
          deliveryCity: home ? input.deliveryCity || null : null,
          customerComment: input.customerComment || null,
        });
        // Entering PENDING queues the store's package link with the order.
        await moveOrder(w, { orderId: id, to: "PENDING" });
        await notifyOrderEvent(tx, id, { kind: "created" });
        return id;
      });
      return read.details(user, orderId, asEmployee(employment.companyId));
    },

    async mine(user: CurrentUser): Promise<TMyOrders> {
      const rows = await db
        .select({ id: orders.id, companyId: orders.companyId })
        .from(orders)
        .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
        .where(eq(beneficiaryEmployees.userId, user.id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(50);
      const items = await Promise.all(
        rows.map((row) => read.details(user, row.id, asEmployee(row.companyId))),
      );
      return { items };
    },
  };
}
