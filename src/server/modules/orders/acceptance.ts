import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TMyBenefit, TOrderOffer } from "../../../contract/order-acceptance.ts";
import type { TOrderDetails } from "../../../contract/orders.ts";
import { leaseMonthsForTotal } from "../../../domain/calculator/lease-period.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { isEligibleToOrder } from "../../../domain/employees.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import {
  allowedLeaseTimes,
  defaultLeaseTime,
  type LeaseOffer,
  leaseOffer,
  userPaymentCents,
} from "../../../domain/order-offer.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  billingTableRows,
  billingTables,
  companies,
  leasingAgreements,
  orders,
} from "../../db/schema/index.ts";
import { AppError, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { employmentLeaseTerms } from "../calculator/service.ts";
import { employeeBikePolicy } from "../companies/bike-policy.ts";
import { mailUserPaymentInvoice } from "../user-payments/invoice-mail.ts";
import { chargeOwnShare } from "../user-payments/own-share.ts";
import { moveOrder } from "./lifecycle.ts";
import { createOrdersService } from "./service.ts";

/**
 * The employee's side of a provided package (issue 12): what their benefit allows, the offer on the
 * store's package, and accepting it. The figures come from the domain (order-offer.ts on the lease
 * payment of the calculator) with the employment's terms as GET /api/calculator/my-terms reads them.
 */

/** An order in these is settled; any other is on its way (as start.ts counts them). */
const SETTLED: readonly OrderStatus[] = ["ACTIVE_LEASING", "CANCELLED", "REFUNDED"];

/** Reads an order as its own employee may: their company's scope, without the helpdesk's names. */
export const asEmployee = (companyId: string) => ({
  scope: { kind: "companies" as const, companyIds: [companyId] },
});

export type OwnOrder = typeof orders.$inferSelect;

/**
 * The caller's own order (through their employment), locked for update inside a transaction when
 * asked; anyone else's is 404.
 */
export async function ownOrderOf(
  db: Db,
  user: CurrentUser,
  orderId: string,
  lock = false,
): Promise<OwnOrder> {
  const query = db
    .select({ order: orders })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .where(and(eq(orders.id, orderId), eq(beneficiaryEmployees.userId, user.id)));
  const [row] = lock ? await query.for("update", { of: orders }) : await query;
  if (!row) throw notFound("Order");
  return row.order;
}

const notAllowedMonths = (field: string, allowed: readonly number[]) =>
  new AppError(400, "LEASE_TIME_NOT_ALLOWED", "The lease period is not one the employee may choose", [
    { field, message: `One of ${allowed.join(", ")}` },
  ]);

const notComputable = (message: string) => new AppError(409, "LEASE_TERMS_NOT_COMPUTABLE", message);

type PricedOffer = LeaseOffer & {
  allowedLeaseTimes: number[];
  employerApprovalRequired: boolean;
  billingTableId: string;
  /** The billing table's leasing company, the fallback of the company's own. */
  tableLeasingCompanyId: string | null;
};

/** The offer on the order's package for the period (or the default one), by the employment's terms. */
async function priceOffer(
  db: Db,
  order: OwnOrder,
  userId: string,
  requested: { months: number | undefined; field: string },
): Promise<PricedOffer> {
  const terms = await employmentLeaseTerms(db, order.beneficiaryEmployeeId);
  const policy = await employeeBikePolicy(db, order.companyId, userId);
  const table = terms.billingTable;
  const allowed = allowedLeaseTimes(
    policy ? { min: policy.minLeaseTimeMonths, max: policy.maxLeaseTimeMonths } : null,
    { min: table.minLeaseMonths, max: table.maxLeaseMonths },
  );
  if (allowed.length === 0) {
    throw new AppError(
      409,
      "INVALID_LEASING_CONFIGURATION",
      "The bike policy's lease periods and the billing table's do not meet",
    );
  }
  const leasedCents = order.totalPriceCents - userPaymentCents(order.totalPriceCents, terms.maxPriceCents);
  const brackets = await db
    .select()
    .from(billingTableRows)
    .where(eq(billingTableRows.billingTableId, table.id))
    .orderBy(asc(billingTableRows.minTotalCents));
  const months =
    requested.months ?? defaultLeaseTime(allowed, leaseMonthsForTotal(brackets, leasedCents, table));
  if (months === null || !allowed.includes(months)) throw notAllowedMonths(requested.field, allowed);
  const offer = leaseOffer({
    totalPriceCents: order.totalPriceCents,
    maxPriceCents: terms.maxPriceCents,
    leaseTimeMonths: months,
    terms: terms.leaseTerms,
  });
  if (!offer) throw notComputable("Nothing of the package is left to lease");
  return {
    ...offer,
    allowedLeaseTimes: allowed,
    employerApprovalRequired: policy?.requiresEmployerApproval ?? false,
    billingTableId: table.id,
    tableLeasingCompanyId: table.leasingCompanyId,
  };
}

/** The offer is only for a package waiting for the employee's acceptance. */
function ensurePackageProvided(order: OwnOrder) {
  if (order.orderStatus !== "PACKAGE_PROVIDED") {
    throw new AppError(
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
      `An order in ${order.orderStatus} has no package to accept`,
    );
  }
}

/** The leasing company of the company's leases: its own, else its billing table's, else the default table's. */
async function leasingCompanyFor(tx: Db, companyId: string, tableLeasingCompanyId: string | null) {
  const [company] = await tx
    .select({ leasingCompanyId: companies.leasingCompanyId })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (company?.leasingCompanyId) return company.leasingCompanyId;
  if (tableLeasingCompanyId) return tableLeasingCompanyId;
  const [fallback] = await tx
    .select({ leasingCompanyId: billingTables.leasingCompanyId })
    .from(billingTables)
    .where(eq(billingTables.isDefault, true));
  if (fallback?.leasingCompanyId) return fallback.leasingCompanyId;
  throw notComputable("No leasing company finances this company's leases");
}

/** Who accepts: the employee (or the admin tier acting for them), by id and roles. */
export type Acceptor = { id: string; roleNames: CurrentUser["roleNames"] };

/**
 * Accepts the package of an order locked in `tx` (PACKAGE_PROVIDED): the offer's figures are fixed on
 * the order, the employer's approval is required as the bike policy says now, the leasing agreement is
 * made (status null until signed), the own share above the max price is owed from now (its user
 * payment, issue 13), and the order moves to ALL_INFO_PROVIDED. The service's accept and the demo seed
 * use it. Answers the own share's user payment, when one is owed, for its invoice mail after the commit.
 */
export async function acceptPackage(
  tx: Db,
  order: OwnOrder,
  by: Acceptor,
  months: number,
  now: Date,
): Promise<string | null> {
  ensurePackageProvided(order);
  const offer = await priceOffer(tx, order, by.id, { months, field: "body.leaseTimeMonths" });
  const leasingCompanyId = await leasingCompanyFor(tx, order.companyId, offer.tableLeasingCompanyId);
  await tx.insert(leasingAgreements).values({
    orderId: order.id,
    beneficiaryEmployeeId: order.beneficiaryEmployeeId,
    companyId: order.companyId,
    leasingCompanyId,
    status: null,
    leaseTimeMonths: offer.leaseTimeMonths,
    monthlyPaymentCents: offer.monthlyPaymentCents,
    // What the lease finances: the package less the employee's own share.
    totalPriceCents: offer.leasedCents,
    residualValueCents: offer.residualValueCents,
    createdAt: now,
    updatedAt: now,
  });
  await moveOrder(
    tx,
    {
      orderId: order.id,
      to: "ALL_INFO_PROVIDED",
      by: { kind: "user", userId: by.id, roleNames: by.roleNames },
      data: { leaseTimeMonths: offer.leaseTimeMonths, monthlyPaymentCents: offer.monthlyPaymentCents },
      set: {
        leaseTimeMonths: offer.leaseTimeMonths,
        monthlyPaymentCents: offer.monthlyPaymentCents,
        residualValueCents: offer.residualValueCents,
        userPaymentCents: offer.userPaymentCents,
        employerApprovalRequired: offer.employerApprovalRequired,
        employerApprovedAt: null,
        employerApprovedByUserId: null,
        leasingCompanyId,
        billingTableId: offer.billingTableId,
      },
    },
    now,
  );
  return chargeOwnShare(tx, order, offer.userPaymentCents, { userId: by.id }, now);
}

/** Where a failed mail is logged (the request's logger). */
export type MailFailureLog = Pick<FastifyBaseLogger, "error">;

export function createOrderAcceptanceService(ctx: AppContext) {
  const { db } = ctx.database;
  const read = createOrdersService(ctx);

  return {
    async benefit(user: CurrentUser, now = new Date()): Promise<TMyBenefit> {
      const [employment] = await db
        .select()
        .from(beneficiaryEmployees)
        .where(
          and(
            eq(beneficiaryEmployees.userId, user.id),
            inArray(beneficiaryEmployees.status, ["ACCEPTED", "PENDING"]),
          ),
        )
        .orderBy(desc(eq(beneficiaryEmployees.status, "ACCEPTED")), desc(beneficiaryEmployees.createdAt))
        .limit(1);
      if (!employment) throw notFound("Employment");
      const terms = await employmentLeaseTerms(db, employment.id);
      const policy = await employeeBikePolicy(db, employment.companyId, user.id);
      const [open] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(eq(orders.beneficiaryEmployeeId, employment.id), notInArray(orders.orderStatus, [...SETTLED])),
        )
        .limit(1);
      const today = toHelsinkiDateString(now);
      const cannotOrderReason =
        employment.status !== "ACCEPTED"
          ? ("EMPLOYMENT_NOT_ACCEPTED" as const)
          : !isEligibleToOrder(employment, policy?.eligibility ?? "ALL_EMPLOYEES", today)
            ? ("NOT_ELIGIBLE" as const)
            : open
              ? ("ORDER_ALREADY_OPEN" as const)
              : null;
      return {
        maxPriceCents: terms.maxPriceCents,
        policy: {
          minLeaseTimeMonths: policy?.minLeaseTimeMonths ?? terms.billingTable.minLeaseMonths,
          maxLeaseTimeMonths: policy?.maxLeaseTimeMonths ?? terms.billingTable.maxLeaseMonths,
          requiresEmployerApproval: policy?.requiresEmployerApproval ?? false,
          accessoriesAllowed: policy?.accessoriesAllowed ?? true,
          maintenanceIncluded: policy?.maintenanceIncluded ?? false,
          insuranceRequired: policy?.insuranceRequired ?? false,
          policyText: policy?.policyText ?? null,
        },
        companyName: terms.companyName,
        canOrder: cannotOrderReason === null,
        cannotOrderReason,
      };
    },

    async offer(user: CurrentUser, orderId: string, months: number | undefined): Promise<TOrderOffer> {
      const order = await ownOrderOf(db, user, orderId);
      ensurePackageProvided(order);
      const offer = await priceOffer(db, order, user.id, { months, field: "query.leaseTimeMonths" });
      return {
        leaseTimeMonths: offer.leaseTimeMonths,
        monthlyPaymentCents: offer.monthlyPaymentCents,
        grossDeductionCents: offer.grossDeductionCents,
        userPaymentCents: offer.userPaymentCents,
        residualValueCents: offer.residualValueCents,
        totalPriceCents: offer.totalPriceCents,
        allowedLeaseTimes: offer.allowedLeaseTimes,
      };
    },

    /**
     * Accepts the package: the offer's figures are fixed on the order, the employer's approval is
     * required as the bike policy says now, the leasing agreement is made (status null until signed),
     * and the order moves PACKAGE_PROVIDED → ALL_INFO_PROVIDED, all in one transaction; then an own
     * share to be paid by invoice is mailed (a failed mail is logged, the acceptance stands).
     */
    async accept(
      user: CurrentUser,
      orderId: string,
      months: number,
      log: MailFailureLog,
      now = new Date(),
    ): Promise<TOrderDetails> {
      const { companyId, ownShareId } = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const order = await ownOrderOf(tx, user, orderId, true);
        return { companyId: order.companyId, ownShareId: await acceptPackage(tx, order, user, months, now) };
      });
      if (ownShareId) await mailUserPaymentInvoice(ctx, ownShareId, (err, what) => log.error({ err }, what));
      return read.details(asEmployee(companyId), orderId);
    },
  };
}
