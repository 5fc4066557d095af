import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  TAcceptApplication,
  TApplicationAccepted,
  TApplicationsQuery,
  TCompanyApplication,
  TRejectApplication,
} from "../../../contract/admin.ts";
import type { AppContext } from "../../context.ts";
import { countOver, likeContains, readPage } from "../../db/paging.ts";
import { isUniqueViolation, sqlStateOf } from "../../db/postgres-errors.ts";
import { companies, companyApplications, systemUsers, users } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { badRequest, notFound } from "../../errors.ts";
import type { CurrentUser, SignedInActor } from "../auth/session-user.ts";
import { businessIdTaken } from "../companies/errors.ts";
import { createCompaniesService } from "../companies/service.ts";
import { acceptApplication, rejectApplication } from "./review-application.ts";

/**
 * Company applications: the sign-ups of /register waiting for the helpdesk, listed and counted here
 * and reviewed by review-application.ts. Accepting one creates the company, its units and optional new
 * group, and its first employer admin in one transaction, with the answer's mail queued in it.
 */

const by = (user: CurrentUser): { actor: SignedInActor } => ({ actor: { userId: user.id, user } });

/** Another live company than the one the application made has the business ID. */
const businessIdInUse = sql<boolean>`exists (select 1 from ${companies}
  where ${companies.businessId} = ${companyApplications.businessId} and ${companies.deletedAt} is null
  and ${companies.id} is distinct from ${companyApplications.createdCompanyId})`;

const reviewerName = sql<
  string | null
>`nullif(trim(coalesce(${systemUsers.firstName}, '') || ' ' || coalesce(${systemUsers.lastName}, '')), '')`;

const applicationColumns = {
  application: companyApplications,
  reviewerName,
  reviewerEmail: users.email,
  businessIdInUse,
};

type ApplicationRow = {
  application: typeof companyApplications.$inferSelect;
  reviewerName: string | null;
  reviewerEmail: string | null;
  businessIdInUse: boolean;
};

function toApplication({ application: a, ...row }: ApplicationRow): TCompanyApplication {
  return {
    id: a.id,
    companyName: a.companyName,
    businessId: a.businessId,
    contactFirstName: a.contactFirstName,
    contactLastName: a.contactLastName,
    contactEmail: a.contactEmail,
    contactPhoneNumber: a.contactPhoneNumber,
    employeeCount: a.employeeCount,
    streetAddress: a.streetAddress,
    postalCode: a.postalCode,
    city: a.city,
    billingEmail: a.billingEmail,
    eInvoiceAddress: a.eInvoiceAddress,
    eInvoiceOperator: a.eInvoiceOperator,
    language: a.language,
    message: a.message,
    status: a.status,
    reviewedBy: a.reviewedByUserId
      ? { userId: a.reviewedByUserId, name: row.reviewerName ?? row.reviewerEmail ?? "" }
      : null,
    reviewedAt: a.reviewedAt ? a.reviewedAt.toISOString() : null,
    reviewNote: a.reviewNote,
    createdCompanyId: a.createdCompanyId,
    businessIdInUse: row.businessIdInUse === true,
    createdAt: a.createdAt.toISOString(),
  };
}

export function createApplicationsService(ctx: AppContext) {
  const { db } = ctx.database;
  const companiesService = createCompaniesService(ctx);

  function selectApplications(where: SQL | undefined) {
    return withReviewer(db.select(applicationColumns).from(companyApplications).$dynamic()).where(where);
  }

  function withReviewer<Q extends PgSelect>(query: Q) {
    return query
      .leftJoin(users, eq(users.id, companyApplications.reviewedByUserId))
      .leftJoin(systemUsers, eq(systemUsers.userId, companyApplications.reviewedByUserId));
  }

  async function get(id: string): Promise<TCompanyApplication> {
    const [row] = await selectApplications(eq(companyApplications.id, id));
    if (!row) throw notFound("Application");
    return toApplication(row);
  }

  return {
    get,

    async list(query: TApplicationsQuery) {
      const conditions: (SQL | undefined)[] = [];
      if (query.status) conditions.push(eq(companyApplications.status, query.status));
      if (query.search) {
        const pattern = likeContains(query.search);
        conditions.push(
          or(
            ilike(companyApplications.companyName, pattern),
            ilike(companyApplications.businessId, pattern),
            ilike(companyApplications.contactFirstName, pattern),
            ilike(companyApplications.contactLastName, pattern),
            ilike(
              sql`${companyApplications.contactFirstName} || ' ' || ${companyApplications.contactLastName}`,
              pattern,
            ),
            ilike(companyApplications.contactEmail, pattern),
          ),
        );
      }
      const where = and(...conditions);
      return readPage(query, {
        rows: (page) =>
          withReviewer(
            db
              .select({ ...applicationColumns, total: countOver() })
              .from(companyApplications)
              .$dynamic(),
          )
            .where(where)
            .orderBy(desc(companyApplications.createdAt), desc(companyApplications.id))
            .limit(page.limit)
            .offset(page.offset),
        items: (rows) => rows.map(toApplication),
        countPastEnd: async () =>
          (await db.select({ n: count() }).from(companyApplications).where(where))[0]?.n ?? 0,
      });
    },

    async pendingCount() {
      const [row] = await db
        .select({ n: count() })
        .from(companyApplications)
        .where(eq(companyApplications.status, "PENDING"));
      return { count: row?.n ?? 0 };
    },

    async accept(actor: CurrentUser, id: string, input: TAcceptApplication): Promise<TApplicationAccepted> {
      let done: Awaited<ReturnType<typeof acceptApplication>>;
      try {
        done = await write(db, by(actor), (w) => acceptApplication(w, id, input));
      } catch (error) {
        // A concurrent company creation won the unique index after our checks (a group name's race is
        // answered by insertGroupCompany itself).
        if (isUniqueViolation(error)) throw businessIdTaken();
        if (sqlStateOf(error) === "23503") throw badRequest("Unknown reference");
        throw error;
      }
      const { companyId, adminUserId, adminInvited } = done;
      return {
        application: await get(id),
        company: await companiesService.get(actor, companyId),
        adminUserId,
        adminInvited,
      };
    },

    async reject(actor: CurrentUser, id: string, input: TRejectApplication): Promise<TCompanyApplication> {
      await write(db, by(actor), (w) => rejectApplication(w, id, input));
      return get(id);
    },
  };
}
