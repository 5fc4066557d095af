import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  TAcceptApplication,
  TApplicationAccepted,
  TApplicationsQuery,
  TCompanyApplication,
  TRejectApplication,
} from "../../../contract/admin.ts";
import type { TCreateCompany } from "../../../contract/companies.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { likeContains, pageEnvelope, pageOffset } from "../../db/paging.ts";
import { isUniqueViolation, sqlStateOf } from "../../db/postgres-errors.ts";
import { companies, companyApplications, eventLog, systemUsers, users } from "../../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import {
  companyApplicationAcceptedMail,
  companyApplicationRejectedMail,
} from "../../messaging/company-application-mails.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import {
  businessIdTaken,
  checkCompanyFields,
  insertCompany,
  sendAdminInvitation,
} from "../companies/company-writes.ts";
import { createCompaniesService } from "../companies/service.ts";

/**
 * Company applications (issue 10 point 2): the sign-ups of /register waiting for the helpdesk. Accepting
 * one creates the company, its units and optional new group, and its first employer admin in one
 * transaction; the application row is locked (`for update`) first, so two reviewers racing get one
 * success and one 409 APPLICATION_ALREADY_REVIEWED.
 */

type Log = Pick<FastifyBaseLogger, "error">;

const alreadyReviewed = () =>
  conflict("APPLICATION_ALREADY_REVIEWED", "The application has already been accepted or rejected");

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
    return db
      .select(applicationColumns)
      .from(companyApplications)
      .leftJoin(users, eq(users.id, companyApplications.reviewedByUserId))
      .leftJoin(systemUsers, eq(systemUsers.userId, companyApplications.reviewedByUserId))
      .where(where);
  }

  async function get(id: string): Promise<TCompanyApplication> {
    const [row] = await selectApplications(eq(companyApplications.id, id));
    if (!row) throw notFound("Application");
    return toApplication(row);
  }

  /** Locks a PENDING application for the review; 404 unknown, 409 reviewed already. */
  async function lockPending(tx: Db, id: string) {
    const [application] = await tx
      .select()
      .from(companyApplications)
      .where(eq(companyApplications.id, id))
      .for("update");
    if (!application) throw notFound("Application");
    if (application.status !== "PENDING") throw alreadyReviewed();
    return application;
  }

  /**
   * Makes the company from the application and the helpdesk's settings the way POST /api/companies
   * does (companies' checkCompanyFields and insertCompany, inside this transaction), with the contact
   * person as its first EMPLOYER_ADMIN in the applicant's language, then marks the application ACCEPTED.
   */
  async function acceptInTransaction(tx: Db, actor: CurrentUser, id: string, input: TAcceptApplication) {
    const application = await lockPending(tx, id);
    const { reviewNote, ...settings } = input;
    const company: TCreateCompany = {
      ...settings,
      paymentMode: input.paymentMode ?? "PAYROLL",
      name: application.companyName,
      businessId: application.businessId,
      streetAddress: application.streetAddress,
      postalCode: application.postalCode,
      city: application.city,
      eInvoiceAddress: application.eInvoiceAddress,
      eInvoiceOperator: application.eInvoiceOperator,
      contactName: `${application.contactFirstName} ${application.contactLastName}`,
      contactEmail: application.contactEmail,
      contactPhoneNumber: application.contactPhoneNumber,
      admin: {
        firstName: application.contactFirstName,
        lastName: application.contactLastName,
        email: application.contactEmail.toLowerCase(),
        phoneNumber: application.contactPhoneNumber,
      },
    };
    await checkCompanyFields(tx, actor, company);
    const created = await insertCompany(tx, actor, company, {
      language: application.language,
      source: "company-application",
      logData: { businessId: application.businessId, applicationId: id },
    });
    const { companyId, invitation } = created;
    const adminUserId = created.adminUserId as string;
    await tx
      .update(companyApplications)
      .set({
        status: "ACCEPTED",
        reviewedByUserId: actor.id,
        reviewedAt: new Date(),
        reviewNote: reviewNote || null,
        createdCompanyId: companyId,
      })
      .where(eq(companyApplications.id, id));
    await tx.insert(eventLog).values({
      type: "COMPANY_APPLICATION_ACCEPTED",
      actorUserId: actor.id,
      companyId,
      entityType: "companyApplication",
      entityId: id,
      data: {
        companyName: application.companyName,
        businessId: application.businessId,
        adminUserId,
        adminInvited: invitation !== null,
      },
    });
    return { application, companyId, adminUserId, invitation };
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
      const [total] = await db.select({ n: count() }).from(companyApplications).where(where);
      const rows = await selectApplications(where)
        .orderBy(desc(companyApplications.createdAt), desc(companyApplications.id))
        .limit(query.limit)
        .offset(pageOffset(query));
      return pageEnvelope(rows.map(toApplication), total?.n ?? 0, query);
    },

    async pendingCount() {
      const [row] = await db
        .select({ n: count() })
        .from(companyApplications)
        .where(eq(companyApplications.status, "PENDING"));
      return { count: row?.n ?? 0 };
    },

    async accept(
      actor: CurrentUser,
      id: string,
      input: TAcceptApplication,
      log: Log,
    ): Promise<TApplicationAccepted> {
      let done: Awaited<ReturnType<typeof acceptInTransaction>>;
      try {
        done = await db.transaction((tx) => acceptInTransaction(tx as unknown as Db, actor, id, input));
      } catch (error) {
        // A concurrent company creation won the unique index after our checks (a group name's race is
        // answered by insertGroupCompany itself).
        if (isUniqueViolation(error)) throw businessIdTaken();
        if (sqlStateOf(error) === "23503") throw badRequest("Unknown reference");
        throw error;
      }
      const { application, companyId, adminUserId, invitation } = done;
      // The company exists either way; a failed mail is logged and the admin can ask for a reset link.
      await sendAdminInvitation(ctx, invitation, log, {
        to: application.contactEmail,
        render: (setPassword) =>
          companyApplicationAcceptedMail(application.language, {
            name: application.contactFirstName,
            companyName: application.companyName,
            ...setPassword,
          }),
        failure: { message: "application accepted mail failed", fields: { applicationId: id } },
      });
      return {
        application: await get(id),
        company: await companiesService.get(actor, companyId),
        adminUserId,
        adminInvited: invitation !== null,
      };
    },

    async reject(
      actor: CurrentUser,
      id: string,
      input: TRejectApplication,
      log: Log,
    ): Promise<TCompanyApplication> {
      const application = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const pending = await lockPending(tx, id);
        await tx
          .update(companyApplications)
          .set({
            status: "REJECTED",
            reviewedByUserId: actor.id,
            reviewedAt: new Date(),
            reviewNote: input.reviewNote,
          })
          .where(eq(companyApplications.id, id));
        await tx.insert(eventLog).values({
          type: "COMPANY_APPLICATION_REJECTED",
          actorUserId: actor.id,
          entityType: "companyApplication",
          entityId: id,
          data: { companyName: pending.companyName, businessId: pending.businessId },
        });
        return pending;
      });
      try {
        const mail = companyApplicationRejectedMail(application.language, {
          name: application.contactFirstName,
          companyName: application.companyName,
          reason: input.reviewNote,
        });
        await ctx.messaging.sendMail({ to: application.contactEmail, ...mail });
      } catch (error) {
        log.error({ err: error, applicationId: id }, "application rejected mail failed");
      }
      return get(id);
    },
  };
}
