import { and, asc, desc, eq } from "drizzle-orm";
import { DEFAULT_POLICY_COVER } from "../../../domain/calculator/lease-payment.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { taxRegime } from "../../../domain/payroll/tax-rules.ts";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  leasingAgreements,
  leasingCompanies,
  orderItems,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { employeeBikePolicy } from "../companies/bike-policy.ts";
import type { AgreementPdfInput } from "./agreement-pdf.ts";
import type { OrderRow } from "./order-rows.ts";

/** The orders module's reads that its writes and services share. */

/** An order in these is settled; any other is on its way, and an employee has one at a time. */
export const SETTLED_ORDER_STATUSES: readonly OrderStatus[] = ["ACTIVE_LEASING", "CANCELLED", "REFUNDED"];

/** Reads an order as its own employee may: their company's scope, without the helpdesk's names. */
export const asEmployee = (companyId: string) => ({
  scope: { kind: "companies" as const, companyIds: [companyId] },
});

/**
 * The caller's own order (through their employment), locked for update inside a transaction when
 * asked; anyone else's is 404.
 */
export async function ownOrderOf(
  db: Db,
  user: Pick<CurrentUser, "id">,
  orderId: string,
  lock = false,
): Promise<OrderRow> {
  const query = db
    .select({ order: orders })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .where(and(eq(orders.id, orderId), eq(beneficiaryEmployees.userId, user.id)));
  const [row] = lock ? await lockRows(db, "order", query.for("update", { of: orders })) : await query;
  if (!row) throw notFound("Order");
  return row.order;
}

export type Agreement = typeof leasingAgreements.$inferSelect;

/** The order's leasing agreement (its newest), locked for update inside a transaction when asked. */
export async function agreementOf(db: Db, orderId: string, lock = false): Promise<Agreement | null> {
  const query = db
    .select()
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1);
  const [row] = lock ? await lockRows(db, "leasingAgreement", query.for("update")) : await query;
  return row ?? null;
}

export const isSigned = (agreement: Agreement) =>
  agreement.status === "SIGNED" || agreement.signedAt !== null;

/** What the agreement PDF shows, read from the order, its parties and its package. */
export async function agreementPdfInput(
  db: Db,
  orderId: string,
  agreement: Agreement,
  document: { date: Date; signature: AgreementPdfInput["signature"] },
): Promise<AgreementPdfInput> {
  const [row] = await db
    .select({
      order: orders,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
      language: users.language,
      employeeNumber: beneficiaryEmployees.employeeNumber,
      employeeUserId: beneficiaryEmployees.userId,
      companyName: companies.name,
      companyBusinessId: companies.businessId,
      storeName: bikeStores.storeName,
    })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound("Order");
  const [leasingCompany] = await db
    .select({ name: leasingCompanies.companyName })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.id, agreement.leasingCompanyId));
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt), asc(orderItems.id));
  const o = row.order;
  // The extras of the monthly payment as the bike policy put them in the offer; the signed PDF keeps them.
  const policy = await employeeBikePolicy(db, o.companyId, row.employeeUserId);
  return {
    orderNumber: o.orderNumber,
    employeeName: personName(row.firstName, row.lastName, row.email),
    employeeEmail: row.email,
    employeeNumber: row.employeeNumber,
    companyName: row.companyName,
    companyBusinessId: row.companyBusinessId,
    leasingCompanyName: leasingCompany?.name ?? "",
    bikeStoreName: row.storeName,
    lines: lines.map((l) => ({
      name: l.name,
      brand: l.brand,
      model: l.model,
      modelYear: l.modelYear,
      frameSize: l.frameSize,
      color: l.color,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      discountCents: l.discountCents,
    })),
    totalPriceCents: o.totalPriceCents,
    userPaymentCents: o.userPaymentCents,
    leaseTimeMonths: agreement.leaseTimeMonths,
    monthlyPaymentCents: agreement.monthlyPaymentCents,
    residualValueCents: agreement.residualValueCents ?? 0,
    cover: {
      maintenanceIncluded: policy?.maintenanceIncluded ?? DEFAULT_POLICY_COVER.maintenanceIncluded,
      insuranceRequired: policy?.insuranceRequired ?? DEFAULT_POLICY_COVER.insuranceRequired,
    },
    // The regime of a commitment made the day the document is dated (ADR 008).
    taxRegime: taxRegime(agreement.commitmentDate ?? toHelsinkiDateString(document.date)),
    documentDate: document.date,
    signature: document.signature,
    // The employee signs, so the agreement is written in the employee's language.
    language: row.language,
  };
}
