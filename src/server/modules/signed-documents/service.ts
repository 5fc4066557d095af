import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  TCreateSignedDocument,
  TSignedDocument,
  TSignedDocumentPage,
  TSignedDocumentsQuery,
  TUpdateSignedDocument,
} from "../../../contract/signed-documents.ts";
import { personName } from "../../../domain/person-name.ts";
import type { AppContext } from "../../context.ts";
import { amongPageIds, countOf, newestIdsOf, readPage, rowsOfPage, totalOf } from "../../db/paging.ts";
import { orderOrEmployeeMatches } from "../../db/person-search.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  beneficiaryEmployees,
  companies,
  leasingAgreements,
  orders,
  signedDocuments,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { employeeRecordScope, newestFirstPage } from "../auth/tenancy.ts";
import { signedDocumentLocked } from "./errors.ts";

/**
 * Signed documents (contract/signed-documents.ts). Who reads what: the admin tier every document, an
 * employer with signed-documents.read their companies', and everyone their own (as the employee of
 * the agreement). A document with signature evidence keeps its PDF and evidence: only its payment
 * status and leasing sign date change, and it is never deleted.
 */

const be = beneficiaryEmployees;
/**
 * The signer's name and e-mail, each looked up for the document's row. As two more joins, a page's rows
 * joined more tables than PostgreSQL reorders (join_collapse_limit, 8): the page's ids were applied
 * last, and the helpdesk's page joined all 120,000 documents to their people first (2.2 s).
 */
const signerColumns = {
  signerFirstName: sql<string | null>`(select signer.first_name from ${systemUsers} as signer
    where signer.user_id = ${signedDocuments.signedByUserId})`,
  signerLastName: sql<string | null>`(select signer.last_name from ${systemUsers} as signer
    where signer.user_id = ${signedDocuments.signedByUserId})`,
  signerEmail: sql<string | null>`(select signer.email from ${users} as signer
    where signer.id = ${signedDocuments.signedByUserId})`,
};

const columns = {
  doc: signedDocuments,
  orderId: leasingAgreements.orderId,
  orderNumber: orders.orderNumber,
  companyName: companies.name,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
  ...signerColumns,
};

type SignedDocumentViewer = Pick<CurrentUser, "id" | "scope" | "permissions">;

/**
 * The documents the viewer may read: their companies' (with signed-documents.read) and their own. A
 * condition on the document's own columns, so the list counts and pages them without its joins.
 */
const readable = (viewer: SignedDocumentViewer) =>
  employeeRecordScope(viewer, {
    companyColumn: signedDocuments.companyId,
    companyPermissions: ["signed-documents.read"],
    own: inArray(
      signedDocuments.beneficiaryEmployeeId,
      sql`(select ${be.id} from ${be} where ${be.userId} = ${viewer.id})`,
    ),
  });

function withJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(leasingAgreements, eq(leasingAgreements.id, signedDocuments.leasingAgreementId))
    .innerJoin(orders, eq(orders.id, leasingAgreements.orderId))
    .innerJoin(companies, eq(companies.id, signedDocuments.companyId))
    .innerJoin(be, eq(be.id, signedDocuments.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId));
}

type Row = {
  doc: typeof signedDocuments.$inferSelect;
  orderId: string;
  orderNumber: number;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  signerFirstName: string | null;
  signerLastName: string | null;
  signerEmail: string | null;
};

const hasEvidence = (doc: typeof signedDocuments.$inferSelect) => doc.documentSha256 !== null;

function toDocument(row: Row, viewer: SignedDocumentViewer): TSignedDocument {
  const d = row.doc;
  const admin = viewer.scope.kind === "all";
  return {
    id: d.id,
    leasingAgreementId: d.leasingAgreementId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    company: { companyId: d.companyId, name: row.companyName },
    employee: {
      beneficiaryEmployeeId: d.beneficiaryEmployeeId,
      name: personName(row.firstName, row.lastName, row.email),
      email: row.email,
    },
    paymentStatus: d.paymentStatus,
    leasingSignDate: d.leasingSignDate,
    hasFile: d.fileId !== null,
    hasEvidence: hasEvidence(d),
    signedAt: d.signedAt?.toISOString() ?? null,
    signerName: row.signerEmail ? personName(row.signerFirstName, row.signerLastName, row.signerEmail) : null,
    documentSha256: d.documentSha256,
    signerIp: admin ? d.signerIp : null,
    signerUserAgent: admin ? d.signerUserAgent : null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/** The list's rows of a page's ids (amongPageIds, read by rowsOfPage). */
const listRowsStatement = preparedPerDatabase((db) =>
  withJoins(db.select(columns).from(signedDocuments).$dynamic())
    .where(amongPageIds(signedDocuments.id))
    .prepare("signed_documents_list_rows"),
);

export function createSignedDocumentsService(ctx: AppContext) {
  const { db } = ctx.database;

  async function rowOf(viewer: SignedDocumentViewer, id: string): Promise<Row> {
    const [row] = await withJoins(db.select(columns).from(signedDocuments).$dynamic()).where(
      and(eq(signedDocuments.id, id), readable(viewer)),
    );
    if (!row) throw notFound("Signed document");
    return row;
  }

  return {
    async list(viewer: SignedDocumentViewer, query: TSignedDocumentsQuery): Promise<TSignedDocumentPage> {
      const search = query.search?.trim();
      const where = and(
        readable(viewer),
        query.paymentStatus ? eq(signedDocuments.paymentStatus, query.paymentStatus) : undefined,
        search
          ? orderOrEmployeeMatches(
              { orderId: leasingAgreements.orderId, employeeId: signedDocuments.beneficiaryEmployeeId },
              search,
            )
          : undefined,
      );
      // Without the search (through the agreement's order) every condition is the document's own column
      // and every join is to a required row, so the documents alone count the same: 404 ms -> 14 ms for
      // the helpdesk at 120,000 documents.
      // The count runs beside the page's ids in their statement (totalOf, decision 012).
      const documents = db.select({ n: count() }).from(signedDocuments).$dynamic();
      const counted = (search ? withJoins(documents) : documents).where(where);
      const page = await readPage(query, {
        rows: ({ limit, offset }) => {
          const newest = newestFirstPage(
            viewer,
            signedDocuments,
            where,
            { limit, offset },
            { ownColumns: !search, narrow: !!search },
          );
          return newestIdsOf(
            db,
            signedDocuments,
            newest.where,
            { limit, offset: newest.offset },
            totalOf(counted),
            search ? withJoins : undefined,
          );
        },
        items: async (found) =>
          (
            await rowsOfPage(
              listRowsStatement(db),
              found.map((row) => row.id),
              (row) => row.doc.id,
            )
          ).map((row) => toDocument(row, viewer)),
        countPastEnd: () => countOf(db, counted),
      });
      // docs/api-surface.md answers signed documents in `data`.
      return { data: page.items, page: page.page, limit: page.limit, total: page.total };
    },

    async get(viewer: SignedDocumentViewer, id: string): Promise<TSignedDocument> {
      return toDocument(await rowOf(viewer, id), viewer);
    },

    /** A document recorded by hand for an agreement (the admin tier): no file, no evidence. */
    async create(viewer: SignedDocumentViewer, input: TCreateSignedDocument): Promise<TSignedDocument> {
      const [agreement] = await db
        .select()
        .from(leasingAgreements)
        .where(eq(leasingAgreements.id, input.leasingAgreementId));
      if (!agreement) {
        throw badRequest("Unknown leasing agreement", [
          { field: "body.leasingAgreementId", message: "No such leasing agreement" },
        ]);
      }
      const [created] = await db
        .insert(signedDocuments)
        .values({
          beneficiaryEmployeeId: agreement.beneficiaryEmployeeId,
          leasingAgreementId: agreement.id,
          companyId: agreement.companyId,
          paymentStatus: input.paymentStatus,
          leasingSignDate: input.leasingSignDate ?? null,
        })
        .returning({ id: signedDocuments.id });
      return this.get(viewer, created?.id as string);
    },

    /** Payment status and leasing sign date only: the file and the evidence never change here. */
    async update(
      viewer: SignedDocumentViewer,
      id: string,
      input: TUpdateSignedDocument,
    ): Promise<TSignedDocument> {
      await rowOf(viewer, id);
      await db
        .update(signedDocuments)
        .set({
          ...(input.paymentStatus !== undefined ? { paymentStatus: input.paymentStatus } : {}),
          ...(input.leasingSignDate !== undefined ? { leasingSignDate: input.leasingSignDate } : {}),
          updatedAt: new Date(),
        })
        .where(eq(signedDocuments.id, id));
      return this.get(viewer, id);
    },

    async remove(viewer: SignedDocumentViewer, id: string): Promise<void> {
      const row = await rowOf(viewer, id);
      if (hasEvidence(row.doc)) throw signedDocumentLocked();
      await db.delete(signedDocuments).where(eq(signedDocuments.id, id));
    },

    async file(viewer: SignedDocumentViewer, id: string) {
      const row = await rowOf(viewer, id);
      const file = row.doc.fileId ? await ctx.files.open(db, row.doc.fileId) : null;
      if (!file) throw notFound("File");
      return file;
    },
  };
}
