import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { OrderStatus } from "../../../domain/enums.ts";
import { canTransition, type OrderActor } from "../../../domain/order-state-machine.ts";
import { moveOrder, type OrderMover } from "../../modules/orders/lifecycle.ts";
import type { Db } from "../client.ts";
import { beneficiaryEmployees, bikeStores, companies, eventLog, orders, users } from "../schema/index.ts";

/**
 * Demo orders in the statuses of SPEC §4 that the employer demo's stories do not reach (issue 12 point
 * 7), each walked there through the real lifecycle (moveOrder), so its timeline and the employer's bell
 * show every step: the employee starts, accepts and signs, the store provides the package by its link,
 * the helpdesk does the rest. An imported online-shop order (WIX) arrives in its status with one row.
 * Given to Demo Oy's and Demo Logistiikka Oy's accepted employees who have no order yet.
 */

type Walk = {
  to: OrderStatus;
  path: readonly OrderStatus[];
  daysAgo: number;
  /** What the event of the last move records (a reason the helpdesk wrote). */
  reason?: string;
};

const WALKS: readonly Walk[] = [
  { to: "NOT_STARTED", path: [], daysAgo: 1 },
  {
    to: "WAITING_FOR_CUSTOMER_COMMENT",
    path: ["PENDING", "PACKAGE_PROVIDED", "WAITING_FOR_CUSTOMER_COMMENT"],
    daysAgo: 8,
    reason: "Pyöräliike tarjoaa 56 cm rungon 54 cm:n sijaan. Sopiiko isompi koko?",
  },
  {
    to: "WAITING_FOR_INVOICE_MATCH",
    path: [
      "PENDING",
      "PACKAGE_PROVIDED",
      "ALL_INFO_PROVIDED",
      "CONFIRMED",
      "PROCESSED",
      "WAITING_FOR_INVOICE_MATCH",
    ],
    daysAgo: 20,
  },
  {
    to: "CASE_X",
    path: ["PENDING", "PACKAGE_PROVIDED", "ALL_INFO_PROVIDED", "CONFIRMED", "CASE_X"],
    daysAgo: 25,
    reason: "Maahantuojan toimitus viivästyy kolme kuukautta; sovitaan korvaavasta mallista.",
  },
  {
    to: "REFUNDED",
    path: ["PENDING", "PACKAGE_PROVIDED", "ALL_INFO_PROVIDED", "CONFIRMED", "CANCELLED", "REFUNDED"],
    daysAgo: 40,
    reason: "Ennakkomaksu palautettu työntekijälle peruutuksen jälkeen.",
  },
];

const DAY_MS = 86_400_000;
const BIKE_PRICE_CENTS = 249_000;

/** The first of the employee, the store's link and the helpdesk who may make the move. */
function moverFor(
  from: OrderStatus,
  to: OrderStatus,
  employeeUserId: string,
  helpdeskUserId: string,
): OrderMover {
  const candidates: [OrderActor, OrderMover][] = [
    ["BIKE_BENEFICIARY", { kind: "user", userId: employeeUserId, roleNames: ["BIKE_BENEFICIARY"] }],
    ["BIKE_STORE_TOKEN", { kind: "bikeStoreToken" }],
    ["INTERNAL_ADMIN", { kind: "user", userId: helpdeskUserId, roleNames: ["INTERNAL_ADMIN"] }],
  ];
  const found = candidates.find(([actor]) => canTransition({ from, to, actor, previousStatus: null }).ok);
  if (!found) throw new Error(`demo seed: nobody may move an order from ${from} to ${to}`);
  return found[1];
}

export async function seedOrderStatusesDemo(db: Db, now = new Date()): Promise<void> {
  const demoCompanies = await db
    .select({ id: companies.id })
    .from(companies)
    .where(inArray(companies.name, ["Demo Oy", "Demo Logistiikka Oy"]));
  const [helpdesk] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "helpdesk@pedaali.test"));
  const [store] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.storeName, "Vauhti Espoo"));
  const [onlineStore] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.isOnlineStore, true))
    .limit(1);
  if (!helpdesk || !store || demoCompanies.length === 0) return;
  const people = await db
    .select({
      id: beneficiaryEmployees.id,
      userId: beneficiaryEmployees.userId,
      companyId: beneficiaryEmployees.companyId,
    })
    .from(beneficiaryEmployees)
    .where(
      and(
        inArray(
          beneficiaryEmployees.companyId,
          demoCompanies.map((c) => c.id),
        ),
        eq(beneficiaryEmployees.status, "ACCEPTED"),
        sql`${beneficiaryEmployees.lastWorkingDayDate} > ${now.toISOString().slice(0, 10)}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(eq(orders.beneficiaryEmployeeId, beneficiaryEmployees.id)),
        ),
      ),
    )
    .orderBy(asc(beneficiaryEmployees.createdAt), asc(beneficiaryEmployees.id))
    .limit(WALKS.length + 1);

  for (const [index, walk] of WALKS.entries()) {
    const person = people[index];
    if (!person) return;
    const createdAt = new Date(now.getTime() - walk.daysAgo * DAY_MS);
    const [order] = await db
      .insert(orders)
      .values({
        beneficiaryEmployeeId: person.id,
        companyId: person.companyId,
        bikeStoreId: store.id,
        deliveryMethod: "PICKUP",
        totalPriceCents: walk.path.length > 0 ? BIKE_PRICE_CENTS : 0,
        vatPercent: 25.5,
        leaseTimeMonths: walk.path.length > 0 ? 36 : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id });
    let from: OrderStatus = "NOT_STARTED";
    for (const [step, to] of walk.path.entries()) {
      const at = new Date(createdAt.getTime() + (step + 1) * DAY_MS);
      const last = step === walk.path.length - 1;
      await db.transaction((tx) =>
        moveOrder(
          tx as unknown as Db,
          {
            orderId: order?.id as string,
            to,
            by: moverFor(from, to, person.userId, helpdesk.id),
            ...(last && walk.reason ? { data: { reason: walk.reason } } : {}),
          },
          at,
        ),
      );
      from = to;
    }
  }

  // An order imported from the online shop arrives paid and agreed, in WIX, with its import on record.
  const buyer = people[WALKS.length];
  if (!buyer) return;
  const importedAt = new Date(now.getTime() - 2 * DAY_MS);
  const [imported] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: buyer.id,
      companyId: buyer.companyId,
      bikeStoreId: onlineStore?.id ?? store.id,
      orderStatus: "WIX",
      isOnlineOrder: true,
      isOrderConfirmed: true,
      externalOrderId: "WIX-100231",
      deliveryMethod: "HOME_DELIVERY",
      totalPriceCents: 189_000,
      vatPercent: 25.5,
      leaseTimeMonths: 24,
      createdAt: importedAt,
      updatedAt: importedAt,
    })
    .returning({ id: orders.id });
  await db.insert(eventLog).values({
    type: "ORDER_STATUS_UPDATED",
    companyId: buyer.companyId,
    entityType: "order",
    entityId: imported?.id as string,
    data: { from: null, to: "WIX", by: "system", source: "online shop import" },
    createdAt: importedAt,
  });
}
