import { asc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  employeeAbsences,
  employmentInvitations,
  handovers,
  leasingAgreements,
  orderCancellations,
  orderItems,
  orders,
  signedDocuments,
} from "../../db/schema/index.ts";
import { among, idsOf, plainRows } from "./plain.ts";

/**
 * The person's employments and what came of them: absences, invitations, orders with their package,
 * cancellations, agreements, signatures and handovers. An employer's or a store's person who decided,
 * approved or signed is not named (their id becomes null); the store signer's address and device are
 * left out, the order's store links (token hashes) too.
 */
export async function employmentSections(db: Db, self: string) {
  const employments = await db
    .select()
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.userId, self))
    .orderBy(asc(beneficiaryEmployees.createdAt));
  const employmentIds = idsOf(employments, "id");

  const absences = await db
    .select()
    .from(employeeAbsences)
    .where(among(employeeAbsences.beneficiaryEmployeeId, employmentIds))
    .orderBy(asc(employeeAbsences.startDate));
  const invitations = await db
    .select()
    .from(employmentInvitations)
    .where(eq(employmentInvitations.userId, self))
    .orderBy(asc(employmentInvitations.createdAt));

  const orderRows = await db
    .select()
    .from(orders)
    .where(among(orders.beneficiaryEmployeeId, employmentIds))
    .orderBy(asc(orders.createdAt));
  const orderIds = idsOf(orderRows, "id");

  const items = await db
    .select()
    .from(orderItems)
    .where(among(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.sortOrder));
  const cancellations = await db
    .select()
    .from(orderCancellations)
    .where(among(orderCancellations.orderId, orderIds))
    .orderBy(asc(orderCancellations.createdAt));
  const agreements = await db
    .select()
    .from(leasingAgreements)
    .where(
      or(
        among(leasingAgreements.orderId, orderIds),
        among(leasingAgreements.beneficiaryEmployeeId, employmentIds),
      ),
    )
    .orderBy(asc(leasingAgreements.createdAt));
  const documents = await db
    .select()
    .from(signedDocuments)
    .where(among(signedDocuments.beneficiaryEmployeeId, employmentIds))
    .orderBy(asc(signedDocuments.createdAt));
  const handoverRows = await db
    .select()
    .from(handovers)
    .where(among(handovers.orderId, orderIds))
    .orderBy(asc(handovers.createdAt));

  return {
    companyIds: idsOf(employments, "companyId"),
    ids: {
      employments: employmentIds,
      orders: orderIds,
      invitations: idsOf(invitations, "id"),
      cancellations: idsOf(cancellations, "id"),
      agreements: idsOf(agreements, "id"),
    },
    files: [
      // The signed agreement's PDF is the agreement's own file: one copy, in one folder.
      ...agreements.map((row) => ({ fileId: row.fileId, folder: "sopimukset" })),
      ...documents.map((row) => ({ fileId: row.fileId, folder: "sopimukset" })),
      ...handoverRows.map((row) => ({ fileId: row.fileId, folder: "luovutukset" })),
    ],
    sections: {
      employments: plainRows(employments, self, { people: ["decidedByUserId"] }),
      absences: plainRows(absences, self, { people: ["createdByUserId"] }),
      invitations: plainRows(invitations, self, { people: ["invitedByUserId"] }),
      orders: plainRows(orderRows, self, {
        omit: ["deliveryTokenHash", "packageTokenHash"],
        people: ["employerApprovedByUserId"],
      }),
      orderItems: plainRows(items, self),
      cancellations: plainRows(cancellations, self, { people: ["requestedByUserId", "completedByUserId"] }),
      leasingAgreements: plainRows(agreements, self),
      signedDocuments: plainRows(documents, self, { people: ["signedByUserId"] }),
      handovers: plainRows(handoverRows, self, {
        omit: ["storeSignerIp", "storeSignerUserAgent"],
        people: ["storeSignedByUserId", "employeeSignedByUserId"],
      }),
    },
  };
}
