import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  TInsuranceClaim,
  TInsuranceClaimListItem,
  TInsuranceClaimPage,
  TInsuranceClaimsQuery,
} from "../../../contract/insurance-claims.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import {
  type ClaimCaller,
  canEmployeeDeleteClaim,
  claimOutcomesFor,
  deductibleOwedCents,
  INSURANCE_CLAIM_STEPS,
  type InsuranceClaimStep,
  insuranceClaimActions,
  insuredValueCents,
  isInsuranceClaimStep,
  isReportedLate,
  nextClaimSteps,
  reportDeadline,
} from "../../../domain/insurance-claims.ts";
import { personName } from "../../../domain/person-name.ts";
import type { UploadMimeType } from "../../../domain/uploads.ts";
import type { DataKeyring } from "../../data-keys.ts";
import type { Db } from "../../db/client.ts";
import {
  amongPageIds,
  countOf,
  newestIdsOf,
  readPage,
  readSearchedPage,
  rowsOfPage,
  totalOf,
} from "../../db/paging.ts";
import { employeeMatches, foundByAnyOf, orderNumberIs, orderNumberOf } from "../../db/person-search.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  beneficiaryEmployees,
  companies,
  eventLog,
  files,
  insuranceClaimFiles,
  insuranceClaims,
  leasingAgreements,
  orderItems,
  orders,
  systemUsers,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { employeeRecordScope } from "../auth/tenancy.ts";
import { effectiveLeaseEndSql } from "../leasing/lease-last-day-sql.ts";
import { policeReportOf, policeReportSearchHashes } from "./police-report.ts";

/**
 * Reading insurance claims: who sees which (the helpdesk every claim, an employer role their companies',
 * the employee their own), the list of docs/product.md "Field rules", and one claim with everything its page shows.
 */

export type ClaimViewer = Pick<CurrentUser, "id" | "scope" | "permissions">;
type ClaimRow = typeof insuranceClaims.$inferSelect;

const be = beneficiaryEmployees;
const ENTITY = "insuranceClaim";

/**
 * The claims the viewer may read: all (admin tier), their companies' (orders.read), their own. Each a
 * condition on the claim's own columns, so the list counts without its joins.
 */
function readableClaims(viewer: ClaimViewer): SQL | undefined {
  return employeeRecordScope(viewer, {
    companyColumn: insuranceClaims.companyId,
    companyPermissions: ["orders.read", "insurance-claims.manage"],
    own: inArray(
      insuranceClaims.beneficiaryEmployeeId,
      sql`(select ${be.id} from ${be} where ${be.userId} = ${viewer.id})`,
    ),
  });
}

/** The claim, when the viewer may read it, with its employee's user; 404 otherwise. */
export async function visibleClaim(db: Db, viewer: ClaimViewer, id: string) {
  const [row] = await db
    .select({ claim: insuranceClaims, employeeUserId: be.userId })
    .from(insuranceClaims)
    .innerJoin(be, eq(be.id, insuranceClaims.beneficiaryEmployeeId))
    .where(and(eq(insuranceClaims.id, id), readableClaims(viewer)));
  if (!row) throw notFound("Insurance claim");
  return row;
}

/** The steps the helpdesk has taken on the claim, in the order taken. */
export async function claimStepsTaken(db: Db, claimId: string): Promise<InsuranceClaimStep[]> {
  const rows = await db
    .select({ type: eventLog.type, createdAt: eventLog.createdAt })
    .from(eventLog)
    .where(
      and(
        eq(eventLog.entityType, ENTITY),
        eq(eventLog.entityId, claimId),
        inArray(eventLog.type, [...INSURANCE_CLAIM_STEPS]),
      ),
    );
  // Steps written in the same instant (a seed's clock) keep their road's order: the table lists the
  // steps in an order every road follows.
  const index = (type: string) => INSURANCE_CLAIM_STEPS.indexOf(type as InsuranceClaimStep);
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || index(a.type) - index(b.type))
    .map((row) => row.type)
    .filter(isInsuranceClaimStep);
}

const listColumns = {
  claim: insuranceClaims,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
  companyName: companies.name,
  orderNumber: orders.orderNumber,
  employeeUserId: be.userId,
};

type ListRow = {
  claim: ClaimRow;
  firstName: string | null;
  lastName: string | null;
  email: string;
  companyName: string;
  orderNumber: number | null;
  employeeUserId: string;
};

function withClaimJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(be, eq(be.id, insuranceClaims.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .innerJoin(companies, eq(companies.id, insuranceClaims.companyId))
    .leftJoin(orders, eq(orders.id, insuranceClaims.orderId));
}

/** The order's number, the police report's whole number or the employee's name or e-mail. */
function searchCondition(search: string, dataKeys: DataKeyring): SQL {
  const orderNumber = orderNumberOf(search);
  return foundByAnyOf(insuranceClaims, (claim) => [
    orderNumber === null ? undefined : orderNumberIs(claim.orderId, orderNumber),
    inArray(claim.policeReportNumberHash, policeReportSearchHashes(dataKeys, search)),
    employeeMatches(claim.beneficiaryEmployeeId, search),
  ]);
}

function toListItem(
  { claim, employeeUserId: _, ...row }: ListRow,
  dataKeys: DataKeyring,
): TInsuranceClaimListItem {
  return {
    insuranceId: claim.id,
    type: claim.type,
    status: claim.status,
    outcome: claim.outcome,
    beneficiaryEmployeeId: claim.beneficiaryEmployeeId,
    employee: { name: personName(row.firstName, row.lastName, row.email), email: row.email },
    company: { companyId: claim.companyId, name: row.companyName },
    order:
      claim.orderId && row.orderNumber !== null
        ? { orderId: claim.orderId, orderNumber: row.orderNumber }
        : null,
    incidentDate: claim.incidentDate,
    policeReportNumber: policeReportOf(dataKeys, claim.policeReportNumber),
    reportedLate: isReportedLate(claim.incidentDate, toHelsinkiDateString(claim.createdAt)),
    createdAt: claim.createdAt.toISOString(),
    completedAt: claim.completedAt?.toISOString() ?? null,
  };
}

/** The list's rows of a page's ids (amongPageIds, read by rowsOfPage). */
const listRowsStatement = preparedPerDatabase((db) =>
  withClaimJoins(db.select(listColumns).from(insuranceClaims).$dynamic())
    .where(amongPageIds(insuranceClaims.id))
    .prepare("insurance_claims_list_rows"),
);

/** GET /api/insurance-claims: the viewer's claims, filtered and paged in SQL, newest first. */
export async function listClaims(
  db: Db,
  viewer: ClaimViewer,
  query: TInsuranceClaimsQuery,
  dataKeys: DataKeyring,
): Promise<TInsuranceClaimPage> {
  const search = query.searchTerm?.trim();
  const where = and(
    readableClaims(viewer),
    search ? searchCondition(search, dataKeys) : undefined,
    query.status ? eq(insuranceClaims.status, query.status) : undefined,
    query.type ? eq(insuranceClaims.type, query.type) : undefined,
  );
  const rowsOf = async (ids: string[]) =>
    (await rowsOfPage(listRowsStatement(db), ids, (row) => row.claim.id)).map((row) =>
      toListItem(row, dataKeys),
    );
  // Every condition is the claim's own column and every join is to a required row (or a left join),
  // so the claims alone count the same.
  if (search) return readSearchedPage(db, insuranceClaims, where, query, rowsOf);
  const counted = db.select({ n: count() }).from(insuranceClaims).where(where);
  return readPage(query, {
    rows: (slice) => newestIdsOf(db, insuranceClaims, where, slice, totalOf(counted)),
    items: (found) => rowsOf(found.map((row) => row.id)),
    countPastEnd: () => countOf(db, counted),
  });
}

/** The bike of the claim's order: its package's bike line, the lease's dates, the frame number. */
async function claimBike(db: Db, orderId: string | null) {
  if (!orderId) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  // One after another, as in every read that may run inside a write (db/transaction.ts).
  const [agreement] = await db
    .select({
      startDate: leasingAgreements.startDate,
      // The lease's last day as every view shows it: an open redemption case's day when it ends sooner.
      endDate: sql<
        string | null
      >`to_char(${effectiveLeaseEndSql(leasingAgreements.orderId, leasingAgreements.endDate)}, 'YYYY-MM-DD')`,
    })
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1);
  const [bike] = await db
    .select({ name: orderItems.name, brand: orderItems.brand, model: orderItems.model })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.itemType, "BIKE")))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt))
    .limit(1);
  const name = bike ? [bike.brand, bike.model].filter(Boolean).join(" ") || bike.name : null;
  return {
    orderStatus: order.orderStatus,
    name,
    frameSerialNumber: order.frameSerialNumber,
    totalPriceCents: order.totalPriceCents,
    leaseStartDate: agreement?.startDate ?? null,
    leaseEndDate: agreement?.endDate ?? null,
  };
}

/** What the employee bears: the deductible owed and the insured value on the incident's day. */
export function claimFigures(
  claim: Pick<ClaimRow, "deductibleCents" | "outcome" | "repairCostCents" | "incidentDate" | "createdAt">,
  bike: { totalPriceCents: number; leaseStartDate: string | null } | null,
) {
  const onDate = claim.incidentDate ?? toHelsinkiDateString(claim.createdAt);
  const insured = bike ? insuredValueCents(bike.totalPriceCents, bike.leaseStartDate, onDate) : 0;
  const deductible = claim.deductibleCents ?? 0;
  return {
    deductibleCents: deductible,
    insuredValueCents: insured,
    deductibleOwedCents: deductibleOwedCents({
      deductibleCents: deductible,
      outcome: claim.outcome,
      repairCostCents: claim.repairCostCents,
      insuredValueCents: insured,
    }),
  };
}

/**
 * Who the viewer is towards the claim, as the changes tell them apart: the helpdesk by its permission,
 * the claim's own employee with own-order.manage, anyone else who may read it a reader only.
 */
function claimCaller(viewer: ClaimViewer, employeeUserId: string): ClaimCaller {
  if (viewer.permissions.includes("insurance-claims.manage")) return "HELPDESK";
  if (employeeUserId === viewer.id && viewer.permissions.includes("own-order.manage")) return "EMPLOYEE";
  return "READER";
}

/** One claim with everything its page shows; the caller has checked that the viewer may read it. */
export async function claimDetails(
  db: Db,
  viewer: ClaimViewer,
  id: string,
  dataKeys: DataKeyring,
): Promise<TInsuranceClaim> {
  const [row] = await withClaimJoins(db.select(listColumns).from(insuranceClaims).$dynamic()).where(
    eq(insuranceClaims.id, id),
  );
  if (!row) throw notFound("Insurance claim");
  const { claim } = row;
  const admin = viewer.scope.kind === "all";
  const bike = await claimBike(db, claim.orderId);
  const events = await db
    .select({
      id: eventLog.id,
      type: eventLog.type,
      createdAt: eventLog.createdAt,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
    })
    .from(eventLog)
    .leftJoin(systemUsers, eq(systemUsers.userId, eventLog.actorUserId))
    .where(and(eq(eventLog.entityType, ENTITY), eq(eventLog.entityId, id)))
    .orderBy(asc(eventLog.createdAt), asc(eventLog.id));
  const fileRows = await db
    .select({
      id: insuranceClaimFiles.id,
      fileName: insuranceClaimFiles.fileName,
      mimeType: files.mimeType,
      sizeBytes: files.sizeBytes,
      createdAt: insuranceClaimFiles.createdAt,
    })
    .from(insuranceClaimFiles)
    .innerJoin(files, eq(files.id, insuranceClaimFiles.fileId))
    .where(eq(insuranceClaimFiles.insuranceClaimId, id))
    .orderBy(asc(insuranceClaimFiles.createdAt), asc(insuranceClaimFiles.id));
  const [payment] = await db
    .select()
    .from(userPayments)
    .where(and(eq(userPayments.insuranceClaimId, id), eq(userPayments.kind, "DEDUCTIBLE")))
    .orderBy(desc(userPayments.createdAt))
    .limit(1);
  const stepsTaken = await claimStepsTaken(db, id);
  const progress = { status: claim.status, type: claim.type, outcome: claim.outcome, stepsTaken };
  const caller = claimCaller(viewer, row.employeeUserId);
  return {
    ...toListItem(row, dataKeys),
    description: claim.description,
    repairCostCents: claim.repairCostCents,
    ...claimFigures(claim, bike),
    reportDeadline: claim.incidentDate ? reportDeadline(claim.incidentDate) : null,
    bike,
    files: fileRows.map((file) => ({
      id: file.id,
      insuranceClaimId: id,
      fileName: file.fileName,
      mimeType: file.mimeType as UploadMimeType,
      sizeBytes: file.sizeBytes,
      createdAt: file.createdAt.toISOString(),
    })),
    events: events.map((event) => ({
      id: event.id,
      type: event.type,
      actorName: admin ? personName(event.firstName, event.lastName) || null : null,
      createdAt: event.createdAt.toISOString(),
    })),
    nextSteps: nextClaimSteps(progress),
    outcomes: [...claimOutcomesFor(claim.type)],
    canWithdraw: canEmployeeDeleteClaim(progress),
    allowedActions: insuranceClaimActions(progress, caller),
    userPayment: payment
      ? {
          userPaymentId: payment.id,
          amountCents: payment.amountCents,
          paymentMethod: payment.paymentMethod,
          paymentStatus: payment.paymentStatus,
          dueDate: payment.dueDate,
        }
      : null,
  };
}
