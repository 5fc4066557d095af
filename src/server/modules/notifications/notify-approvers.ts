import { eq } from "drizzle-orm";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, companies, orders, systemUsers } from "../../db/schema/index.ts";
import { type ApprovalRequestParams, approvalRequestMail } from "../../messaging/approver-mails.ts";
import { pageUrl, type RenderedMail } from "../../messaging/templates.ts";
import type { RenderDeps } from "./notify.ts";
import { queueMessages } from "./outbox.ts";
import { employerUsersWithPermission } from "./recipients.ts";

/** The outbox event of the approvers' mail: the order starts waiting for the employer's approval. */
export const APPROVAL_REQUEST_EVENT = "ORDER_PACKAGE_ACCEPTED";

/**
 * The order on the employer's orders page: the Orders tab with the order open in its drawer (the
 * address parameters of web/features/employer/employees/employee-nav.ts).
 */
function employerOrderUrl(publicUrl: string, language: string, orderId: string): string {
  return `${pageUrl(publicUrl, language, "employer")}?${new URLSearchParams({ valilehti: "tilaukset", tilaus: orderId })}`;
}

type QueuedParams = Omit<ApprovalRequestParams, "orderUrl"> & { orderId: string };

/**
 * Tells everyone who may approve an order that it waits for them, inside the caller's transaction (the
 * move into ALL_INFO_PROVIDED, so the mail goes with the move or not at all): one mail in the message
 * outbox per active employer user holding orders.approve for the company, each in their language. An
 * order whose bike policy asks for no approval, or one already approved, tells no one.
 */
export async function notifyApprovers(tx: Db, orderId: string): Promise<number> {
  const [order] = await tx
    .select({
      orderNumber: orders.orderNumber,
      companyId: orders.companyId,
      companyName: companies.name,
      approvalRequired: orders.employerApprovalRequired,
      approvedAt: orders.employerApprovedAt,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .where(eq(orders.id, orderId));
  if (!order?.approvalRequired || order.approvedAt) return 0;
  const approvers = await employerUsersWithPermission(tx, order.companyId, "orders.approve");
  if (approvers.length === 0) return 0;
  await queueMessages(
    tx,
    approvers.map((approver) => {
      const params: QueuedParams = {
        orderId,
        orderNumber: order.orderNumber,
        employeeName: personName(order.firstName, order.lastName),
        companyName: order.companyName,
        name: approver.firstName,
      };
      return {
        userId: approver.userId,
        event: APPROVAL_REQUEST_EVENT,
        channel: "EMAIL" as const,
        recipient: approver.email,
        language: approver.language,
        params,
      };
    }),
  );
  return approvers.length;
}

/** Renders a queued approval request as it is sent, with this deployment's link to the order. */
export function renderApprovalRequest(
  row: { language: string; params: Record<string, unknown> },
  deps: Pick<RenderDeps, "publicUrl">,
): RenderedMail {
  const params = row.params as QueuedParams;
  return approvalRequestMail(row.language, {
    ...params,
    orderUrl: employerOrderUrl(deps.publicUrl, row.language, params.orderId),
  });
}
