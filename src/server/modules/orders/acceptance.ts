import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { TAcceptOrder, TMyBenefit, TOrderOffer } from "../../../contract/order-acceptance.ts";
import type { TOrderDetails } from "../../../contract/orders.ts";
import { DEFAULT_POLICY_COVER } from "../../../domain/calculator/lease-payment.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { isEligibleToOrder } from "../../../domain/employees.ts";
import type { AppContext } from "../../context.ts";
import { beneficiaryEmployees, orders } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { employmentLeaseTerms } from "../calculator/service.ts";
import { employeeBikePolicy } from "../companies/bike-policy.ts";
import {
  acceptPackage,
  ensureOfferUnchanged,
  ensurePackageProvided,
  orderPackage,
  priceOffer,
} from "./accept-package.ts";
import { asOrderUser } from "./lifecycle.ts";
import { asEmployee, ownOrderOf, SETTLED_ORDER_STATUSES } from "./queries.ts";
import { createOrdersService } from "./service.ts";

/**
 * The employee's side of a provided package: what their benefit allows, the offer on the store's
 * package, and accepting it (accept-package.ts).
 */

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
          and(
            eq(orders.beneficiaryEmployeeId, employment.id),
            notInArray(orders.orderStatus, [...SETTLED_ORDER_STATUSES]),
          ),
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
          maintenanceIncluded: policy?.maintenanceIncluded ?? DEFAULT_POLICY_COVER.maintenanceIncluded,
          insuranceRequired: policy?.insuranceRequired ?? DEFAULT_POLICY_COVER.insuranceRequired,
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
      const { items, version } = await orderPackage(db, order);
      return {
        leaseTimeMonths: offer.leaseTimeMonths,
        monthlyPaymentCents: offer.monthlyPaymentCents,
        grossDeductionCents: offer.grossDeductionCents,
        userPaymentCents: offer.userPaymentCents,
        residualValueCents: offer.residualValueCents,
        totalPriceCents: offer.totalPriceCents,
        allowedLeaseTimes: offer.allowedLeaseTimes,
        items,
        packageVersion: version,
      };
    },

    /**
     * Accepts the package of the offer the employee read (409 OFFER_CHANGED, nothing changed, when the
     * store has replaced it since): the offer's figures are fixed on the order, the employer's approval
     * is required as the bike policy says now, the leasing agreement is made (status null until
     * signed), and the order moves PACKAGE_PROVIDED → ALL_INFO_PROVIDED, all in one transaction. A
     * package above the max price needs the employee's confirmation of the own share, which is
     * invoiced only at the order's confirmation.
     */
    async accept(
      user: CurrentUser,
      orderId: string,
      seen: TAcceptOrder,
      now = new Date(),
    ): Promise<TOrderDetails> {
      const companyId = await write(db, { actor: asOrderUser(user), now }, async (w) => {
        const order = await ownOrderOf(w.tx, user, orderId, true);
        ensurePackageProvided(order);
        await ensureOfferUnchanged(w.tx, order, seen.packageVersion);
        await acceptPackage(w, order, seen.leaseTimeMonths, seen.overMaxPriceConfirmed);
        return order.companyId;
      });
      return read.details(user, orderId, asEmployee(companyId));
    },
  };
}
