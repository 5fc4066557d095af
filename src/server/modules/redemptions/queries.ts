import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  TBikeRedemptionList,
  TBikeRedemptionListItem,
  TBikeRedemptionsQuery,
} from "../../../contract/bike-redemptions.ts";
import { endpointUrl } from "../../../contract/endpoint.ts";
import { redemptionOffersApi, type TRedemptionOffer } from "../../../contract/redemption-offers.ts";
import type { TStoredFileRef } from "../../../contract/uploads.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { personName } from "../../../domain/person-name.ts";
import { redemptionState } from "../../../domain/redemption.ts";
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
import { orderOrEmployeeMatches } from "../../db/person-search.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  companies,
  files,
  orders,
  redemptionOffers,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { employeeRecordScope } from "../auth/tenancy.ts";

/**
 * Reading redemption cases (contract/bike-redemptions.ts): the list, filtered and paged in SQL, and the
 * offers; one case with everything its screens show is case-details.ts's. Who sees what is decided
 * here, once: the admin tier every case; an employer-side user their companies' (orders.read to read,
 * employees.manage to act); the employee their own (own-order.manage). Another tenant's or another
 * employee's case is 404.
 */

export type RedemptionViewer = Pick<CurrentUser, "id" | "scope" | "permissions">;

const be = beneficiaryEmployees;
export const has = (viewer: RedemptionViewer, permission: string) => viewer.permissions.includes(permission);

/** The caller's own employments' cases. */
const ownCases = (viewer: RedemptionViewer) =>
  inArray(
    bikeRedemptions.beneficiaryEmployeeId,
    sql`(select ${be.id} from ${be} where ${be.userId} = ${viewer.id})`,
  );

/**
 * The cases the caller reaches with `employerPermission` (orders.read to read, employees.manage to
 * act) or as the employee: undefined for the admin tier (all), `false` for none.
 */
export function caseScope(
  viewer: RedemptionViewer,
  employerPermission: "orders.read" | "employees.manage",
): SQL | undefined {
  return employeeRecordScope(viewer, {
    companyColumn: bikeRedemptions.companyId,
    companyPermissions: [employerPermission],
    own: ownCases(viewer),
  });
}

const listColumns = {
  redemption: bikeRedemptions,
  orderNumber: orders.orderNumber,
  companyName: companies.name,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
  bikeName: sql<string | null>`(select oi.name from order_items oi where oi.order_id = ${orders.id}
    order by (oi.item_type <> 'BIKE'), oi.sort_order limit 1)`,
};

export type ListRow = {
  redemption: typeof bikeRedemptions.$inferSelect;
  orderNumber: number;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  bikeName: string | null;
};

export const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toListItem({ redemption: r, ...row }: ListRow, today: string): TBikeRedemptionListItem {
  return {
    id: r.id,
    status: r.status,
    reason: r.reason,
    choice: r.choice,
    paymentMethod: r.paymentMethod,
    redemptionPriceCents: r.redemptionPriceCents,
    decisionDeadline: r.decisionDeadline,
    state: redemptionState(r, today),
    leaseEndsOn: r.leaseEndsOn,
    order: { orderId: r.orderId, orderNumber: row.orderNumber },
    employee: {
      beneficiaryEmployeeId: r.beneficiaryEmployeeId,
      name: personName(row.firstName, row.lastName, row.email),
      email: row.email,
    },
    company: { companyId: r.companyId, name: row.companyName },
    bikeName: row.bikeName,
    userPaymentSentAt: iso(r.userPaymentSentAt),
    userPaymentPaidAt: iso(r.userPaymentPaidAt),
    leasingCompanyInvoiceSentAt: iso(r.leasingCompanyInvoiceSentAt),
    completedAt: iso(r.completedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function withListJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(orders, eq(orders.id, bikeRedemptions.orderId))
    .innerJoin(companies, eq(companies.id, bikeRedemptions.companyId))
    .innerJoin(be, eq(be.id, bikeRedemptions.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId));
}

/** The list's rows of a page's ids (amongPageIds, read by rowsOfPage). */
const listRowsStatement = preparedPerDatabase((db) =>
  withListJoins(db.select(listColumns).from(bikeRedemptions).$dynamic())
    .where(amongPageIds(bikeRedemptions.id))
    .prepare("bike_redemptions_list_rows"),
);

export async function listCases(
  db: Db,
  viewer: RedemptionViewer,
  query: TBikeRedemptionsQuery,
  now = new Date(),
): Promise<TBikeRedemptionList> {
  const today = toHelsinkiDateString(now);
  const search = query.search?.trim();
  const where = and(
    caseScope(viewer, "orders.read"),
    search
      ? orderOrEmployeeMatches(
          { orderId: bikeRedemptions.orderId, employeeId: bikeRedemptions.beneficiaryEmployeeId },
          search,
        )
      : undefined,
    query.status ? eq(bikeRedemptions.status, query.status) : undefined,
    query.paymentMethod ? eq(bikeRedemptions.paymentMethod, query.paymentMethod) : undefined,
    query.reason ? eq(bikeRedemptions.reason, query.reason) : undefined,
  );
  const rowsOf = async (ids: string[]) =>
    (await rowsOfPage(listRowsStatement(db), ids, (row) => row.redemption.id)).map((row) =>
      toListItem(row, today),
    );
  // Every condition is the case's own column and every join is to a required row, so the cases alone
  // count the same.
  const counted = db.select({ n: count() }).from(bikeRedemptions).where(where);
  const { items, total, page, limit } = search
    ? await readSearchedPage(db, bikeRedemptions, where, query, rowsOf)
    : await readPage(query, {
        rows: (slice) => newestIdsOf(db, bikeRedemptions, where, slice, totalOf(counted)),
        items: (found) => rowsOf(found.map((row) => row.id)),
        countPastEnd: () => countOf(db, counted),
      });
  // docs/data-model.md: the bike redemptions' list counts in totalCount.
  return { items, totalCount: total, page, limit };
}

/**
 * The open redemption cases among `where`'s and how many of them are overdue, by redemptionState: the
 * figure the employer's overview shows counts the very cases the redemption list shows as open (status
 * PENDING), and calls overdue the ones the list's badge does. Counted per decision deadline in SQL (a
 * few rows), each deadline's state decided by the one rule.
 */
export async function openRedemptionCounts(
  db: Db,
  where: SQL | undefined,
  today: string,
): Promise<{ open: number; overdue: number }> {
  const rows = await db
    .select({ decisionDeadline: bikeRedemptions.decisionDeadline, n: count() })
    .from(bikeRedemptions)
    .where(and(where, eq(bikeRedemptions.status, "PENDING")))
    .groupBy(bikeRedemptions.decisionDeadline);
  let open = 0;
  let overdue = 0;
  for (const { decisionDeadline, n } of rows) {
    open += n;
    if (redemptionState({ status: "PENDING", decisionDeadline }, today) === "OVERDUE") overdue += n;
  }
  return { open, overdue };
}

/** The offers of a case (or the one offer), oldest first, each with its file and link. */
export async function offersWhere(db: Db, where: SQL): Promise<TRedemptionOffer[]> {
  const rows = await db
    .select({ offer: redemptionOffers, mimeType: files.mimeType, sizeBytes: files.sizeBytes })
    .from(redemptionOffers)
    .innerJoin(files, eq(files.id, redemptionOffers.fileId))
    .where(where)
    .orderBy(asc(redemptionOffers.createdAt), asc(redemptionOffers.id));
  return rows.map(({ offer, mimeType, sizeBytes }) => ({
    id: offer.id,
    bikeRedemptionId: offer.bikeRedemptionId,
    offerPriceCents: offer.offerPriceCents,
    validUntil: offer.validUntil,
    file: {
      id: offer.fileId,
      fileName: offer.fileName,
      mimeType: mimeType as TStoredFileRef["mimeType"],
      sizeBytes,
      createdAt: offer.createdAt.toISOString(),
    },
    fileUrl: endpointUrl(redemptionOffersApi.file, { params: { id: offer.id } }),
    createdAt: offer.createdAt.toISOString(),
  }));
}

/** A stored offer, as the case's details list it. */
export async function offerOf(db: Db, offerId: string): Promise<TRedemptionOffer> {
  const [offer] = await offersWhere(db, eq(redemptionOffers.id, offerId));
  if (!offer) throw notFound("Redemption offer");
  return offer;
}

/** Whether the caller may act for the case's employee (choose): within `caseScope(…, employees.manage)`. */
export async function canActFor(db: Db, viewer: RedemptionViewer, caseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bikeRedemptions.id })
    .from(bikeRedemptions)
    .where(and(eq(bikeRedemptions.id, caseId), caseScope(viewer, "employees.manage")));
  return !!row;
}
