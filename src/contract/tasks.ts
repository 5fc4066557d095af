import { z } from "zod";
import { ORDER_STATUSES } from "../domain/enums.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * GET /api/tasks (docs/api-surface.md "Other"; the admin tier, orders.process) → `{ data: zTask[] }`: what waits for
 * the helpdesk, derived from the data rather than kept by hand, most urgent kind first:
 * - ORDER: orders in a status that waits for the helpdesk (ORDER_WAITING_ON), one item per status;
 * - CUSTOMER_ANSWER: orders waiting for the customer's comment whose employee has answered the
 *   helpdesk's question: the helpdesk reads the answer and moves the order on;
 * - COMPANY_APPLICATION: company sign-ups to accept or reject;
 * - CONTACT_FORM: contact forms nobody has checked;
 * - TASK: stored tasks still PENDING;
 * - after the sale (ADR 009): ORDER_CANCELLATION (open cancellations and requests), INSURANCE_CLAIM
 *   (open claims), BIKE_REDEMPTION (open redemption cases the employee has chosen for — a redemption once
 *   paid — or whose deadline has passed), USER_PAYMENT (payments not yet sent to the employee),
 *   BROKERAGE_INQUIRY (inquiries to buy a brokerage bike not yet answered);
 * - PAYROLL_DELIVERY_FAILED: payroll files that could not be delivered and have not been delivered
 *   since (a re-send that arrives, or a later delivery of the same month, takes one off).
 * Only kinds with something waiting are listed; `oldestAt` is when the longest-waiting one last changed.
 */

const TASK_KINDS = [
  "ORDER",
  "CUSTOMER_ANSWER",
  "ORDER_CANCELLATION",
  "INSURANCE_CLAIM",
  "BIKE_REDEMPTION",
  "USER_PAYMENT",
  "BROKERAGE_INQUIRY",
  "PAYROLL_DELIVERY_FAILED",
  "COMPANY_APPLICATION",
  "CONTACT_FORM",
  "TASK",
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

const zTask = lazy(() =>
  z.object({
    kind: z.enum(TASK_KINDS),
    /** ORDER and CUSTOMER_ANSWER: the status the orders wait in. */
    orderStatus: z.enum(ORDER_STATUSES).nullable(),
    count: z.int().min(1),
    oldestAt: z.iso.datetime(),
  }),
);
export type TTask = z.infer<typeof zTask>;

export const zTasks = lazy(() => z.object({ data: z.array(zTask) }));
export type TTasks = z.infer<typeof zTasks>;

export const tasksApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/tasks",
    summary:
      "What waits for the helpdesk: orders by status, after-sale cases, undelivered payroll reports, sign-ups, contact forms, tasks",
    response: zTasks,
    errors: [400, 401, 403],
  }),
}));
