import { and, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  TLeaseTax,
  TLeasingAgreement,
  TLeasingAgreementsQuery,
} from "../../../contract/leasing-agreements.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { agreementPhase } from "../../../domain/lease-dates.ts";
import { leaseTax } from "../../../domain/payroll/tax-rules.ts";
import type { TaxRegime } from "../../../domain/payroll/types.ts";
import { personName } from "../../../domain/person-name.ts";
import type { AppContext } from "../../context.ts";
import {
  amongPageIds,
  countOf,
  likeContains,
  newestIdsOf,
  readPage,
  rowsOfPage,
  totalOf,
} from "../../db/paging.ts";
import { employeeNameMatches } from "../../db/person-search.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  beneficiaryEmployees,
  companies,
  leasingAgreements,
  leasingCompanies,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, keptRowCount, newestFirstPage } from "../auth/tenancy.ts";

type AgreementViewer = Pick<CurrentUser, "scope">;
const be = beneficiaryEmployees;

const columns = {
  agreement: leasingAgreements,
  orderNumber: orders.orderNumber,
  leasingCompanyName: leasingCompanies.companyName,
  companyName: companies.name,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
  employeeNumber: be.employeeNumber,
};

type Row = {
  agreement: typeof leasingAgreements.$inferSelect;
  orderNumber: number;
  leasingCompanyName: string;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  employeeNumber: string | null;
};

function withJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(orders, eq(orders.id, leasingAgreements.orderId))
    .innerJoin(leasingCompanies, eq(leasingCompanies.id, leasingAgreements.leasingCompanyId))
    .innerJoin(companies, eq(companies.id, leasingAgreements.companyId))
    .innerJoin(be, eq(be.id, leasingAgreements.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId));
}

/**
 * An agreement's tax regime and tax line by the tax rules' leaseTax, from its own commitment date (or,
 * before approval, its start date) and start; the regime null until either is known.
 */
export function agreementTaxRegime(
  a: Pick<typeof leasingAgreements.$inferSelect, "commitmentDate" | "startDate" | "leaseTimeMonths">,
): { taxRegime: TaxRegime | null; tax: TLeaseTax } {
  const { regime, ...tax } = leaseTax(a);
  return { taxRegime: regime, tax };
}

function toAgreement({ agreement: a, ...row }: Row, today: string): TLeasingAgreement {
  return {
    id: a.id,
    orderId: a.orderId,
    orderNumber: row.orderNumber,
    status: a.status,
    phase: agreementPhase(a.status, a.startDate, a.endDate, today),
    agreementNumber: a.agreementNumber,
    leasingCompany: { id: a.leasingCompanyId, companyName: row.leasingCompanyName },
    company: { companyId: a.companyId, name: row.companyName },
    employee: {
      beneficiaryEmployeeId: a.beneficiaryEmployeeId,
      name: personName(row.firstName, row.lastName, row.email),
      email: row.email,
      employeeNumber: row.employeeNumber,
    },
    leaseTimeMonths: a.leaseTimeMonths,
    monthlyPaymentCents: a.monthlyPaymentCents,
    totalPriceCents: a.totalPriceCents,
    residualValueCents: a.residualValueCents,
    commitmentDate: a.commitmentDate,
    startDate: a.startDate,
    endDate: a.endDate,
    ...agreementTaxRegime(a),
    signedAt: a.signedAt?.toISOString() ?? null,
    rejectedAt: a.rejectedAt?.toISOString() ?? null,
    rejectionReason: a.rejectionReason,
    createdAt: a.createdAt.toISOString(),
  };
}

/** The list's rows of a page's ids (amongPageIds, read by rowsOfPage). */
const listRowsStatement = preparedPerDatabase((db) =>
  withJoins(db.select(columns).from(leasingAgreements).$dynamic())
    .where(amongPageIds(leasingAgreements.id))
    .prepare("leasing_agreements_list_rows"),
);

/** Leasing agreements as the back office and the employer read them (docs/api-surface.md "Leasing"). */
export function createLeasingAgreementsService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    async list(viewer: AgreementViewer, query: TLeasingAgreementsQuery) {
      const narrowing: SQL[] = [];
      const email = query.searchEmail?.trim();
      if (email) narrowing.push(ilike(users.email, likeContains(email)));
      const number = query.searchEmployeeNumber?.trim();
      if (number) narrowing.push(ilike(be.employeeNumber, `${likeContains(number).slice(1)}`));
      const name = query.searchName?.trim();
      if (name) narrowing.push(employeeNameMatches(leasingAgreements.beneficiaryEmployeeId, name));
      if (query.status) narrowing.push(eq(leasingAgreements.status, query.status));
      const where = and(companyScopeWhere(viewer, leasingAgreements.companyId), ...narrowing);
      // Only the caller's companies: the counts kept per company. Else, without the e-mail or number
      // search, every condition is the agreement's own column (the name search a subquery) and every
      // join is to a required row, so the agreements alone count the same, several times faster at scale.
      // Either count runs beside the page's ids in their statement (totalOf, decision 012).
      const agreements = db.select({ n: sql<number>`count(*)` }).from(leasingAgreements).$dynamic();
      const counted =
        narrowing.length === 0
          ? keptRowCount(viewer, leasingAgreements)
          : (email || number ? withJoins(agreements) : agreements).where(where);
      return readPage(query, {
        rows: ({ limit, offset }) => {
          // The e-mail and the number search read joins; the name search is the agreement's own column.
          const newest = newestFirstPage(
            viewer,
            leasingAgreements,
            where,
            { limit, offset },
            { ownColumns: !(email || number), narrow: !!(email || number || name) },
          );
          return newestIdsOf(
            db,
            leasingAgreements,
            newest.where,
            { limit, offset: newest.offset },
            totalOf(counted),
            email || number ? withJoins : undefined,
          );
        },
        items: async (found) => {
          const ids = found.map((row) => row.id);
          const today = toHelsinkiDateString(new Date());
          return (await rowsOfPage(listRowsStatement(db), ids, (row) => row.agreement.id)).map((row) =>
            toAgreement(row, today),
          );
        },
        countPastEnd: () => countOf(db, counted),
      });
    },

    async get(viewer: AgreementViewer, id: string): Promise<TLeasingAgreement> {
      const [row] = await withJoins(db.select(columns).from(leasingAgreements).$dynamic()).where(
        and(eq(leasingAgreements.id, id), companyScopeWhere(viewer, leasingAgreements.companyId)),
      );
      if (!row) throw notFound("Leasing agreement");
      return toAgreement(row, toHelsinkiDateString(new Date()));
    },
  };
}
