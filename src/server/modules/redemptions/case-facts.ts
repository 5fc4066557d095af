import { and, desc, eq, lte, or, type SQL, sql } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { Language } from "../../../domain/enums.ts";
import { personName } from "../../../domain/person-name.ts";
import {
  monthsPaidBy,
  type RedemptionOption,
  type RedemptionTerms,
  redemptionOptions,
  redemptionPriceCents,
  returnFeeShares,
} from "../../../domain/redemption.ts";
import type { Db } from "../../db/client.ts";
import type { EventRecord } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  bikeStores,
  billingTables,
  companies,
  employeeAbsences,
  eventLog,
  leasingAgreements,
  leasingCompanies,
  orderItems,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { redemptionClosed } from "./errors.ts";

/**
 * Everything a redemption case is decided from, read in one query: the case, its order, its agreement
 * and leasing company, the billing table's interest, the company's payment mode and city, the employee.
 * Every action and every reading of a case starts from these facts; an action reads them with the case
 * locked (lockedCase), so two helpdesk users' changes to one case follow each other.
 */

const columns = {
  redemption: bikeRedemptions,
  order: orders,
  agreement: leasingAgreements,
  leasingCompanyName: leasingCompanies.companyName,
  annualInterestPercent: billingTables.annualInterestPercent,
  companyName: companies.name,
  companyPaymentMode: companies.paymentMode,
  companyCity: companies.city,
  employeeUserId: beneficiaryEmployees.userId,
  email: users.email,
  language: users.language,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  bikeStoreName: bikeStores.storeName,
};

type Row = {
  redemption: typeof bikeRedemptions.$inferSelect;
  order: typeof orders.$inferSelect;
  agreement: typeof leasingAgreements.$inferSelect | null;
  leasingCompanyName: string | null;
  annualInterestPercent: number | null;
  companyName: string;
  companyPaymentMode: "PAYROLL" | "BATCH" | "ALL";
  companyCity: string | null;
  employeeUserId: string;
  email: string;
  language: Language;
  firstName: string | null;
  lastName: string | null;
  bikeStoreName: string | null;
};

export type CaseFacts = Row & {
  employeeName: string;
  /** The agreement's lease, started (a case opens only for one). */
  lease: { agreementId: string; startDate: string; endDate: string; terms: RedemptionTerms } | null;
  /** The city an early return is priced by: the home delivery's, else the company's. */
  returnCity: string | null;
};

/** Reads the case (404 when there is none, or none the condition lets the caller see). */
export async function loadCaseFacts(db: Db, id: string, visible?: SQL): Promise<CaseFacts> {
  const [row] = await db
    .select(columns)
    .from(bikeRedemptions)
    .innerJoin(orders, eq(orders.id, bikeRedemptions.orderId))
    .innerJoin(companies, eq(companies.id, bikeRedemptions.companyId))
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, bikeRedemptions.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .leftJoin(leasingAgreements, eq(leasingAgreements.id, bikeRedemptions.leasingAgreementId))
    .leftJoin(leasingCompanies, eq(leasingCompanies.id, leasingAgreements.leasingCompanyId))
    .leftJoin(billingTables, eq(billingTables.id, orders.billingTableId))
    .leftJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId))
    .where(and(eq(bikeRedemptions.id, id), visible));
  if (!row) throw notFound("Bike redemption");
  return withDerived(row as Row);
}

/**
 * Locks the case for a change, then its order, and reads its facts; 404 when there is none. What a
 * change of the case sets going locks the order (handing the bike to the brokerage), the lease (its
 * end) and the employee's payments: with the order locked right after the case, every change of a
 * case keeps the lock order (db/lock-order.ts) whatever it goes on to do.
 */
export async function lockedCase(tx: Tx, id: string): Promise<CaseFacts> {
  const [row] = await lockRows(
    tx,
    "redemptionCase",
    tx
      .select({ id: bikeRedemptions.id, orderId: bikeRedemptions.orderId })
      .from(bikeRedemptions)
      .where(eq(bikeRedemptions.id, id))
      .for("update"),
  );
  if (!row) throw notFound("Bike redemption");
  await lockRows(
    tx,
    "order",
    tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.orderId)).for("update"),
  );
  return loadCaseFacts(tx, id);
}

/** A completed or cancelled case is kept for history and changes no more (409 REDEMPTION_CLOSED). */
export function ensureOpen(facts: CaseFacts) {
  if (facts.redemption.status !== "PENDING") throw redemptionClosed();
}

/** What every event of a case names: the case (entity bikeRedemption) and its company. */
export const onCase = (redemption: {
  id: string;
  companyId: string;
}): Pick<EventRecord, "entity" | "companyId"> => ({
  entity: { type: "bikeRedemption", id: redemption.id },
  companyId: redemption.companyId,
});

function withDerived(row: Row): CaseFacts {
  const a = row.agreement;
  const lease =
    a?.startDate && a.endDate
      ? {
          agreementId: a.id,
          startDate: a.startDate,
          endDate: a.endDate,
          terms: {
            packageCents: a.totalPriceCents,
            residualCents: a.residualValueCents ?? row.order.residualValueCents ?? 0,
            leaseTimeMonths: a.leaseTimeMonths,
            annualInterestPercent: row.annualInterestPercent ?? 0,
          },
        }
      : null;
  return {
    ...row,
    employeeName: personName(row.firstName, row.lastName, row.email),
    lease,
    returnCity:
      row.order.deliveryMethod === "HOME_DELIVERY" && row.order.deliveryCity
        ? row.order.deliveryCity
        : row.companyCity,
  };
}

/** Lease months started up to the case's last day. */
export function monthsPaidOf(facts: CaseFacts): number {
  const { lease, redemption } = facts;
  if (!lease) return 0;
  return monthsPaidBy(lease.startDate, lease.terms.leaseTimeMonths, redemption.leaseEndsOn ?? lease.endDate);
}

/**
 * The price by rule at the case's last day, never below the residual (the case's own price may have
 * been changed by hand): what Pedaali pays the leasing company, and what the brokerage asks at first.
 */
export function rulePriceOf(facts: CaseFacts): number {
  return facts.lease
    ? redemptionPriceCents(facts.lease.terms, monthsPaidOf(facts))
    : facts.redemption.redemptionPriceCents;
}

/** The facts of a long absence the case was opened for, kept in its BIKE_REDEMPTION_STARTED event. */
export type AbsenceFacts = { coveredUntil: string; expectedReturn: string | null };

export async function absenceFactsOf(db: Db, facts: CaseFacts): Promise<AbsenceFacts | null> {
  if (facts.redemption.reason !== "LONG_ABSENCE") return null;
  const [started] = await db
    .select({ data: eventLog.data })
    .from(eventLog)
    .where(
      and(
        eq(eventLog.entityType, "bikeRedemption"),
        eq(eventLog.entityId, facts.redemption.id),
        eq(eventLog.type, "BIKE_REDEMPTION_STARTED"),
      ),
    )
    .limit(1);
  const data = (started?.data ?? {}) as { coveredUntil?: unknown; absenceStartDate?: unknown };
  const coveredUntil =
    typeof data.coveredUntil === "string" ? data.coveredUntil : (facts.redemption.decisionDeadline ?? null);
  if (!coveredUntil) return null;
  const absenceStart = typeof data.absenceStartDate === "string" ? data.absenceStartDate : coveredUntil;
  const [absence] = await db
    .select({ endDate: employeeAbsences.endDate })
    .from(employeeAbsences)
    .where(
      and(
        eq(employeeAbsences.beneficiaryEmployeeId, facts.redemption.beneficiaryEmployeeId),
        lte(employeeAbsences.startDate, absenceStart),
        or(sql`${employeeAbsences.endDate} is null`, sql`${employeeAbsences.endDate} >= ${absenceStart}`),
      ),
    )
    .orderBy(desc(employeeAbsences.startDate))
    .limit(1);
  return { coveredUntil, expectedReturn: absence?.endDate ?? null };
}

/** The case's options with their costs (src/domain/redemption.ts), from its stored figures. */
export function optionsOf(facts: CaseFacts, absence: AbsenceFacts | null): RedemptionOption[] {
  const { redemption } = facts;
  const shares = returnFeeShares(redemption.reason, facts.returnCity);
  return redemptionOptions({
    reason: redemption.reason,
    redemptionPriceCents: redemption.redemptionPriceCents,
    returnFee: {
      employeeCents: redemption.returnFeeCents ?? shares.employeeCents,
      employerCents: shares.employerCents,
    },
    monthlyPaymentCents: facts.agreement?.monthlyPaymentCents ?? facts.order.monthlyPaymentCents ?? 0,
    absence:
      absence && facts.lease
        ? {
            coveredUntil: absence.coveredUntil,
            expectedReturn: absence.expectedReturn,
            termEndDate: facts.lease.endDate,
          }
        : null,
  });
}

/** The package's bike line as one name ("Tunturi eMAX 28"), or null. */
export async function bikeNameOf(db: Db, orderId: string): Promise<string | null> {
  const lines = await db
    .select({ itemType: orderItems.itemType, name: orderItems.name })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.sortOrder);
  return (lines.find((l) => l.itemType === "BIKE") ?? lines[0])?.name ?? null;
}

export const todayOf = (now: Date) => toHelsinkiDateString(now);
