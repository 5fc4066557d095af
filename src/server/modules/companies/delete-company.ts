import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { ACTIVE_LEASE_STATUSES, companyDeletionBlocker } from "../../../domain/companies.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { companies, orders, userRoles } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { SignedInActor } from "../auth/session-user.ts";
import { companyHasActiveLeases } from "./errors.ts";

/**
 * Soft delete: orders, agreements and invoices keep their company. Refused while a lease is live
 * (409 COMPANY_HAS_ACTIVE_LEASES). The company's role assignments go with it, so no one keeps access
 * or a role through it; COMPANY_DELETED records how many went.
 */
export async function deleteCompany(ctx: WriteContext<SignedInActor>, companyId: string): Promise<void> {
  const { tx, now } = ctx;
  const [company] = await lockRows(
    tx,
    "company",
    tx
      .select({ name: companies.name })
      .from(companies)
      .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
      .for("update"),
  );
  if (!company) throw notFound("Company");
  const [live] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.orderStatus, [...ACTIVE_LEASE_STATUSES])));
  const blocker = companyDeletionBlocker(live?.n ?? 0);
  if (blocker) throw companyHasActiveLeases(blocker);
  await tx.update(companies).set({ deletedAt: now }).where(eq(companies.id, companyId));
  const removed = await tx
    .delete(userRoles)
    .where(eq(userRoles.companyId, companyId))
    .returning({ id: userRoles.id });
  await recordEvent(ctx, {
    type: "COMPANY_DELETED",
    entity: { type: "company", id: companyId },
    companyId,
    data: { name: company.name, removedRoleAssignments: removed.length },
  });
}
