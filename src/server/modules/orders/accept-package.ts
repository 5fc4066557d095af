import { asc, eq } from "drizzle-orm";
import type { TOrderItem } from "../../../contract/orders.ts";
import { policyLeaseTerms } from "../../../domain/calculator/lease-payment.ts";
import { leaseMonthsForTotal } from "../../../domain/calculator/lease-period.ts";
import {
  allowedLeaseTimes,
  defaultLeaseTime,
  type LeaseOffer,
  leaseOffer,
  userPaymentCents,
} from "../../../domain/order-offer.ts";
import type { Db } from "../../db/client.ts";
import { billingTableRows, billingTables, companies, leasingAgreements } from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import { sha256 } from "../auth/tokens.ts";
import { employmentLeaseTerms } from "../calculator/service.ts";
import { employeeBikePolicy } from "../companies/bike-policy.ts";
import { leaseTermsNotComputable } from "../leasing/errors.ts";
import { cancelReplacedOwnShare } from "../user-payments/own-share.ts";
import {
  invalidLeasingPeriods,
  leaseTimeNotAllowed,
  offerChanged,
  orderTransitionNotAllowed,
  overMaxPriceNotConfirmed,
} from "./errors.ts";
import { moveOrder, type OrderUser } from "./lifecycle.ts";
import type { OrderRow } from "./order-rows.ts";
import { orderItemsOf } from "./service.ts";

/**
 * The employee's acceptance of the bike store's package: the offer on it by the employment's terms
 * (src/domain/order-offer.ts on the lease payment of the calculator, the terms as GET
 * /api/calculator/my-terms reads them), and accepting it.
 */

const notAllowedMonths = (field: string, allowed: readonly number[]) =>
  leaseTimeNotAllowed([{ field, message: `One of ${allowed.join(", ")}` }]);

type PricedOffer = LeaseOffer & {
  allowedLeaseTimes: number[];
  employerApprovalRequired: boolean;
  billingTableId: string;
  /** The billing table's leasing company, the fallback of the company's own. */
  tableLeasingCompanyId: string | null;
};

/** The offer on the order's package for the period (or the default one), by the employment's terms. */
export async function priceOffer(
  db: Db,
  order: OrderRow,
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
  if (allowed.length === 0) throw invalidLeasingPeriods();
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
    // Maintenance and insurance only as the bike policy includes them.
    terms: policyLeaseTerms(terms.leaseTerms, policy),
  });
  if (!offer) throw leaseTermsNotComputable("Nothing of the package is left to lease");
  return {
    ...offer,
    allowedLeaseTimes: allowed,
    employerApprovalRequired: policy?.requiresEmployerApproval ?? false,
    billingTableId: table.id,
    tableLeasingCompanyId: table.leasingCompanyId,
  };
}

/**
 * The version of a package: a hash of its total and of its lines as the employee sees them, in order. The
 * lines' ids are left out, so a store saving the same package again keeps the version, and any change the
 * employee could see makes a new one.
 */
function packageVersion(totalPriceCents: number, items: readonly TOrderItem[]): string {
  const lines = items.map((i) => [
    i.itemType,
    i.name,
    i.brand,
    i.model,
    i.modelYear,
    i.frameSize,
    i.color,
    i.quantity,
    i.unitPriceCents,
    i.discountCents,
  ]);
  return sha256(JSON.stringify([totalPriceCents, lines]));
}

/** The order's package, its lines and its version, as the offer shows it and the acceptance checks it. */
export async function orderPackage(db: Db, order: OrderRow) {
  const items = await orderItemsOf(db, order.id);
  return { items, version: packageVersion(order.totalPriceCents, items) };
}

/**
 * The package the employee accepts must be the one of the offer they read (its `packageVersion`): the
 * store's link may replace it until the acceptance, and figures the employee never saw are not fixed.
 * Read in the transaction that locked the order, which the store's link locks too before replacing.
 */
export async function ensureOfferUnchanged(tx: Tx, order: OrderRow, seenVersion: string) {
  const { version } = await orderPackage(tx, order);
  if (version !== seenVersion) throw offerChanged();
}

/** The offer is only for a package waiting for the employee's acceptance. */
export function ensurePackageProvided(order: OrderRow) {
  if (order.orderStatus !== "PACKAGE_PROVIDED") {
    throw orderTransitionNotAllowed(`An order in ${order.orderStatus} has no package to accept`);
  }
}

/** The leasing company of the company's leases: its own, else its billing table's, else the default table's. */
async function leasingCompanyFor(tx: Tx, companyId: string, tableLeasingCompanyId: string | null) {
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
  throw leaseTermsNotComputable("No leasing company finances this company's leases");
}

/**
 * Accepts the package of an order locked in `ctx.tx` (PACKAGE_PROVIDED) as `ctx.actor`, the employee
 * (or the admin tier acting for them): the offer's figures are fixed on the order, the employer's
 * approval is required as the bike policy says now, the leasing agreement is made (status null until
 * signed), and the order moves to ALL_INFO_PROVIDED. The own share above the max price is fixed on the
 * order but not yet owed: its payment and invoice come with the order's confirmation (state-effects.ts),
 * and an open one of a package accepted before is cancelled. A package above the max price is accepted
 * only with the employee's confirmation of that own share (400 otherwise). The service's accept and the
 * demo seed use it.
 */
export async function acceptPackage(
  ctx: WriteContext<OrderUser>,
  order: OrderRow,
  months: number,
  overMaxPriceConfirmed = false,
): Promise<void> {
  const { tx, now } = ctx;
  const userId = ctx.actor.userId;
  ensurePackageProvided(order);
  const offer = await priceOffer(tx, order, userId, { months, field: "body.leaseTimeMonths" });
  if (offer.userPaymentCents > 0 && !overMaxPriceConfirmed) throw overMaxPriceNotConfirmed();
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
  await moveOrder(ctx, {
    orderId: order.id,
    to: "ALL_INFO_PROVIDED",
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
  });
  await cancelReplacedOwnShare(ctx, order.id);
}
